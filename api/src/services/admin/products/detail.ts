/** One product's model with all its variants, published or not (GET /admin/v1/products/{id}). */
import { eq } from 'drizzle-orm';
import type { AdminProductModel } from '#contracts/admin-products.ts';
import { product_models, products } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { byId, type Conn, rowsWhere, serializeRow } from './rows.ts';

/** The model of product `id` and every variant of it in code order; a product without a model alone. */
export async function getProductModel(conn: Conn, id: number): Promise<AdminProductModel> {
  const [product] = await conn.select({ model_id: products.product_model_id }).from(products).where(byId(id));
  if (!product) throw notFound('商品');
  if (product.model_id == null) {
    return { model: null, variants: (await rowsWhere(conn, byId(id))).map(serializeRow) };
  }
  const [model] = await conn
    .select({ id: product_models.id, key: product_models.key, name: product_models.name })
    .from(product_models)
    .where(eq(product_models.id, product.model_id));
  const variants = await rowsWhere(conn, eq(products.product_model_id, product.model_id));
  return { model: model ?? null, variants: variants.map(serializeRow) };
}
