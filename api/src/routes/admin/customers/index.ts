/**
 * Customers (role staff or admin): member search, a member's profile, addresses, orders, points
 * ledger with manual adjustment, login history, unlock (routes.ts, handlers.ts).
 */
import type { AdminApp } from '../area.ts';
import { adjustPointsHandler, customerDetailHandler, searchCustomersHandler, unlockCustomerHandler } from './handlers.ts';
import { adjustPointsRoute, customerDetailRoute, searchCustomersRoute, unlockCustomerRoute } from './routes.ts';

export function registerCustomersRoutes(admin: AdminApp) {
  admin.openapi(searchCustomersRoute, searchCustomersHandler as never);
  admin.openapi(customerDetailRoute, customerDetailHandler as never);
  admin.openapi(adjustPointsRoute, adjustPointsHandler as never);
  admin.openapi(unlockCustomerRoute, unlockCustomerHandler as never);
}
