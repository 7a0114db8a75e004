/**
 * The orders area of the admin API (role staff or admin): the list, search and CSV export with one
 * order's detail (list.ts), and the staff's actions on an order (actions.ts).
 */
import type { AdminApp } from '../area.ts';
import { registerOrderActionRoutes } from './actions.ts';
import { registerOrderListRoutes } from './list.ts';

export function registerOrderRoutes(admin: AdminApp) {
  // The export and other fixed paths before /orders/{id}, so a word is never read as an id.
  registerOrderListRoutes(admin);
  registerOrderActionRoutes(admin);
}
