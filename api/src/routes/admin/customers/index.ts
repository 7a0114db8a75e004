/** Customers (role staff or admin): member search, a member's profile, addresses, orders, points ledger with manual adjustment, login history, unlock. */
import type { AdminApp } from '../area.ts';

export function registerCustomersRoutes(_admin: AdminApp) {
  // Routes of this area are registered here.
}
