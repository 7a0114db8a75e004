/** The audit log (role admin): every action of the shop's people, newest first, with filters. */
import type { AdminApp } from '../area.ts';

export function registerAuditRoutes(_admin: AdminApp) {
  // Routes of this area are registered here.
}
