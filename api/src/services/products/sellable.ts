/** Helpers every discovery service shares: raw rows, the sellable-product check and products in a given order. */
import { type SQL, sql } from 'drizzle-orm';
import type { Product } from '#contracts/products.ts';
import type { Db, Tx } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { inChannel, loadProductsByIds } from './catalog.ts';

export type Conn = Db | Tx;

/** Rows of a raw statement (both drivers answer `{ rows }`). */
export async function rows<T>(conn: Conn, query: SQL): Promise<T[]> {
  return ((await conn.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The product is published and sold on the channel (SQL condition on `alias`.id). */
export function sellable(channelId: string, alias: SQL = sql`p`): SQL {
  return sql`${alias}.is_published and ${inChannel(channelId, alias)}`;
}

/** The published product of the channel with this id, or 404 「商品が見つかりません。」. */
export async function requireSellableProduct(
  conn: Conn,
  channelId: string,
  id: number,
): Promise<{ id: number; key: string; name: string; stock: number }> {
  const [row] = await rows<{ id: number; key: string; name: string; stock: number }>(
    conn,
    sql`select p.id, p.key, p.name, p.stock from ${products} p where p.id = ${id} and ${sellable(channelId)}`,
  );
  if (!row) throw notFound('商品');
  return { ...row, stock: Number(row.stock) };
}

/** Wire Products for `ids`, in that order; ids that no longer exist are skipped. */
export async function productsInOrder(conn: Conn, ids: number[], opts: { channelId: string; userId?: number | null }): Promise<Product[]> {
  const found = await loadProductsByIds(conn, ids, opts);
  return ids.map((id) => found.get(id)).filter((p): p is Product => p != null);
}

/** ISO string of a timestamp from either driver. */
export const iso = (v: Date | string): string => new Date(v).toISOString();
