/** Stock and prices (role staff or admin): product search, per-variant stock, price, sale price and selling state, CSV import with a dry run. */
import type { AdminApp } from '../area.ts';

export function registerProductsRoutes(_admin: AdminApp) {
  // Routes of this area are registered here.
}
