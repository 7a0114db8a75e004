/** The day's work at a glance (role staff or admin): orders to ship, awaiting payment, cancellations, failed payments, stock-outs, failing mails. */
import type { AdminApp } from '../area.ts';

export function registerDashboardRoutes(_admin: AdminApp) {
  // Routes of this area are registered here.
}
