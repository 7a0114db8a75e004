/**
 * The variant rows the staff's stock and price services read (one select with the model's and the
 * maker's names joined) and their wire shape (contracts/admin-products.ts AdminProduct).
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AdminProduct, ProductField } from '#contracts/admin-products.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { makers, product_models, products } from '../../../db/schema/index.ts';
import { stockStatusOf } from '../../products/catalog.ts';
import { priceWithTax } from '../../tax/index.ts';

export type Conn = Db | Tx;

/** The editable values of a variant. */
export type Values = Record<ProductField, number | boolean | null> & {
  stock: number;
  product_price: number;
  before_price: number | null;
  is_published: boolean;
};

export const rowColumns = {
  id: products.id,
  key: products.key,
  code: products.code,
  name: products.name,
  color: products.color,
  size: products.size,
  stock: products.stock,
  product_price: products.product_price,
  tax_rate: products.tax_rate,
  before_price: products.before_price,
  is_published: products.is_published,
  channel_ids: products.channel_ids,
  image: products.image,
  images: products.images,
  updated_at: products.updated_at,
  model_id: products.product_model_id,
  model_name: product_models.name,
  maker_id: products.maker_id,
  maker_name: makers.name,
};

/** A select of variant rows (the caller adds where, order and limit). */
export const selectRows = (conn: Conn) =>
  conn
    .select(rowColumns)
    .from(products)
    .leftJoin(product_models, eq(product_models.id, products.product_model_id))
    .leftJoin(makers, eq(makers.id, products.maker_id));

export type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** The variants matching `where` in code order. */
export const rowsWhere = (conn: Conn, where: SQL | undefined, limit?: number) => {
  const q = selectRows(conn).where(where).orderBy(products.code);
  return limit == null ? q : q.limit(limit);
};

export const valuesOf = (r: Pick<Row, 'stock' | 'product_price' | 'before_price' | 'is_published'>): Values => ({
  stock: Number(r.stock),
  product_price: Number(r.product_price),
  before_price: r.before_price == null ? null : Number(r.before_price),
  is_published: r.is_published,
});

/** On sale as the storefront reads it (catalog.ts onSale). */
export const isOnSale = (v: Pick<Values, 'product_price' | 'before_price'>) => v.before_price != null && v.before_price > v.product_price;

export function serializeRow(r: Row): AdminProduct {
  const v = valuesOf(r);
  const rate = Number(r.tax_rate);
  return {
    id: r.id,
    key: r.key,
    code: r.code,
    name: r.name,
    model: r.model_id != null && r.model_name != null ? { id: r.model_id, name: r.model_name } : null,
    color: r.color,
    size: r.size,
    maker: r.maker_id != null && r.maker_name != null ? { id: r.maker_id, name: r.maker_name } : null,
    stock: v.stock,
    stock_status: stockStatusOf(v.stock),
    product_price: v.product_price,
    product_price_with_tax: priceWithTax(v.product_price, rate),
    tax_rate: rate,
    before_price: v.before_price,
    on_sale: isOnSale(v),
    is_published: v.is_published,
    channels: [...(r.channel_ids ?? [])],
    images: imagesOf(r),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** The variant's photographs in order: its `images`, or its single `image` for rows that only have that. */
export function imagesOf(r: Pick<Row, 'image' | 'images'>): string[] {
  const list = Array.isArray(r.images) ? (r.images as unknown[]).filter((u): u is string => typeof u === 'string') : [];
  return list.length ? list : r.image ? [r.image] : [];
}

/** Whole-table condition helper: `products.id = id`. */
export const byId = (id: number) => sql`${products.id} = ${id}`;
