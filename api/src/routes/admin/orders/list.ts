/** The order list with search, filters and sorting, its CSV export, and one order's detail (list-routes.ts, list-handlers.ts). */
import type { AdminApp } from '../area.ts';
import { exportOrders, listOrders, orderDetail } from './list-handlers.ts';
import { exportOrdersRoute, listOrdersRoute, orderDetailRoute } from './list-routes.ts';

export function registerOrderListRoutes(admin: AdminApp) {
  admin.openapi(listOrdersRoute, listOrders as never);
  // Before /orders/{id}, so "export.csv" is never read as an id.
  admin.openapi(exportOrdersRoute, exportOrders as never);
  admin.openapi(orderDetailRoute, orderDetail as never);
}
