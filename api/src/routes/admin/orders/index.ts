/**
 * The orders area of the admin API (role staff or admin): the list, search and CSV export with one
 * order's detail (list-*.ts), and the staff's actions on an order (action-*.ts).
 */
import type { AdminApp } from '../area.ts';
import { payOrder, shipOrder } from './action-handlers.ts';
import { payOrderRoute, shipOrderRoute } from './action-routes.ts';

export function registerOrderRoutes(admin: AdminApp) {
  admin.openapi(shipOrderRoute, shipOrder as never);
  admin.openapi(payOrderRoute, payOrder as never);
}
