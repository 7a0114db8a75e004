/** Staff accounts (role admin): list, create, change role, disable, reset password, unlock. */
import type { AdminApp } from '../area.ts';

export function registerStaffRoutes(_admin: AdminApp) {
  // Routes of this area are registered here.
}
