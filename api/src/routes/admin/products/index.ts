/**
 * Stock and prices (role staff or admin; first path segment `products`): product search, one
 * model's variants, the per-variant change of stock, price, 通常価格 and selling state, and the CSV
 * import (with a dry run) and export, and the variants' photographs. The import has its own body cap (IMPORT_BODY_LIMIT, used by
 * routes/admin/index.ts), above the ordinary BODY_LIMIT_BYTES.
 */

import { PRODUCT_CSV_MAX_BYTES } from '#contracts/admin-products.ts';
import type { ApiEnv } from '../../../env.ts';
import type { BodyLimitOverride } from '../../../middleware/body-limit.ts';
import type { AdminApp } from '../area.ts';
import { addImage, exportCsv, get, importCsv, list, makers, patch, putImages } from './handlers.ts';
import { addImageRoute, exportRoute, getRoute, importRoute, listRoute, makersRoute, patchRoute, putImagesRoute } from './routes.ts';

/** The import's body cap: the file's limit (the API refuses larger files with 413 before reading them). */
export const IMPORT_BODY_LIMIT: BodyLimitOverride = { path: /\/admin\/v1\/products\/import\/?$/, bytes: PRODUCT_CSV_MAX_BYTES };
/** A photograph's body cap: the largest upload (413 past it, before reading). */
export const imageBodyLimit = (env: Pick<ApiEnv, 'UPLOAD_MAX_BYTES'>): BodyLimitOverride => ({
  path: /\/admin\/v1\/products\/\d+\/images\/?$/,
  bytes: env.UPLOAD_MAX_BYTES,
});

export function registerProductsRoutes(admin: AdminApp) {
  admin.openapi(listRoute, list as never);
  // Fixed paths before /products/{id}, so a word is never read as an id.
  admin.openapi(exportRoute, exportCsv as never);
  admin.openapi(makersRoute, makers as never);
  admin.openapi(importRoute, importCsv as never);
  admin.openapi(getRoute, get as never);
  admin.openapi(patchRoute, patch as never);
  admin.openapi(addImageRoute, addImage as never);
  admin.openapi(putImagesRoute, putImages as never);
}
