/** Handlers of stock and prices: read the input, call the service, answer. */
import type { Context } from 'hono';
import type { AdminProductQuery, ProductImagesPut, ProductPatch } from '#contracts/admin-products.ts';
import { created, ok, paged } from '../../../lib/respond.ts';
import {
  addProductImage,
  exportProducts,
  getProductModel,
  importProducts,
  listMakers,
  searchProducts,
  setProductImages,
  updateProduct,
} from '../../../services/admin/products/index.ts';
import type { AdminEnv } from '../middleware.ts';

type C = Context<AdminEnv>;
const valid = <T>(c: C, target: 'query' | 'json' | 'param') => (c.req.valid as (t: string) => T)(target);
const idOf = (c: C) => Number(valid<{ id: number | string }>(c, 'param').id);

/** YYYYMMDD-HHmm in Japan time, for the file name. */
const stamp = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

export const list = async (c: C) => paged(c, await searchProducts(c.get('db'), valid<AdminProductQuery>(c, 'query')));
export const makers = async (c: C) => ok(c, await listMakers(c.get('db')));
export const get = async (c: C) => ok(c, await getProductModel(c.get('db'), idOf(c)));
export const patch = async (c: C) =>
  ok(c, await updateProduct(c.get('db'), c.get('env').SITE_URL, c.get('actor'), idOf(c), valid<ProductPatch>(c, 'json')));

export const exportCsv = async (c: C) => {
  const bytes = await exportProducts(c.get('db'), valid<AdminProductQuery>(c, 'query'));
  const name = `products-${stamp()}.csv`;
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(`商品在庫_${stamp()}.csv`)}`);
  return c.body(bytes as unknown as ArrayBuffer, 200);
};

export const importCsv = async (c: C) => {
  const query = valid<{ dry_run: '1' | '0'; basis?: string }>(c, 'query');
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  return ok(
    c,
    await importProducts(c.get('db'), c.get('env').SITE_URL, c.get('actor'), bytes, { dryRun: query.dry_run !== '0', basis: query.basis }),
  );
};

/** POST /products/{id}/images: the image's own bytes as the body (its type in Content-Type), its file name in `name`. */
export const addImage = async (c: C) => {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const name = valid<{ name?: string }>(c, 'query').name ?? 'image';
  return created(c, await addProductImage(c.get('db'), c.get('env'), c.get('actor'), idOf(c), bytes, name));
};
export const putImages = async (c: C) =>
  ok(c, await setProductImages(c.get('db'), c.get('actor'), idOf(c), valid<ProductImagesPut>(c, 'json')));
