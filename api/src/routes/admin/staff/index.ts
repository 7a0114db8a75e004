/** Staff accounts (role admin): list, create, change name or role, disable and enable, reset password, unlock. */
import type { AdminApp } from '../area.ts';
import * as h from './handlers.ts';
import * as r from './routes.ts';

export function registerStaffRoutes(admin: AdminApp) {
  admin.openapi(r.listStaffRoute, h.listAccounts as never);
  admin.openapi(r.createStaffRoute, h.createAccount as never);
  admin.openapi(r.getStaffRoute, h.getAccount as never);
  admin.openapi(r.updateStaffRoute, h.updateAccount as never);
  admin.openapi(r.disableStaffRoute, h.disableAccount as never);
  admin.openapi(r.enableStaffRoute, h.enableAccount as never);
  admin.openapi(r.resetStaffPasswordRoute, h.resetPassword as never);
  admin.openapi(r.unlockStaffRoute, h.unlockAccount as never);
}
