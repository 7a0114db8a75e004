/** Favourites (product_likes): like, unlike, which of some products are liked, the liked products. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '#contracts/constants.ts';
import type { LikeResult } from '#contracts/discovery.ts';
import type { Product } from '#contracts/products.ts';
import { product_likes, products } from '../../db/schema/index.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';
import { type Conn, productsInOrder, requireSellableProduct, rows, sellable } from '../products/sellable.ts';

/** Likes (on = true) or unlikes a product for the member; both idempotent. Unknown product: 404. */
export async function setLike(conn: Conn, channelId: string, userId: number, productId: number, on: boolean): Promise<LikeResult> {
  await requireSellableProduct(conn, channelId, productId);
  if (on) await conn.insert(product_likes).values({ user_id: userId, product_id: productId }).onConflictDoNothing();
  else await conn.delete(product_likes).where(and(eq(product_likes.user_id, userId), eq(product_likes.product_id, productId)));
  return { product_id: productId, is_favorite: on };
}

/** Which of `ids` the member likes (ascending). */
export async function likedAmong(conn: Conn, userId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await conn
    .select({ id: product_likes.product_id })
    .from(product_likes)
    .where(and(eq(product_likes.user_id, userId), inArray(product_likes.product_id, ids)));
  return found.map((r) => r.id).sort((a, b) => a - b);
}

/** The member's liked products still sold on the channel, last liked first, one page. */
export async function likedProducts(
  conn: Conn,
  channelId: string,
  userId: number,
  query: { page?: number; per?: number },
): Promise<PageResult<Product>> {
  const page = pageOf(query, PAGE_SIZE.default)!;
  const where = sql`l.user_id = ${userId} and ${sellable(channelId)}`;
  const [ids, [{ n }]] = await Promise.all([
    rows<{ id: number }>(
      conn,
      sql`select p.id from ${product_likes} l join ${products} p on p.id = l.product_id
      where ${where} order by l.created_at desc, p.id desc limit ${page.per} offset ${page.offset}`,
    ),
    rows<{ n: number }>(
      conn,
      sql`select count(*)::int as n from ${product_likes} l join ${products} p on p.id = l.product_id where ${where}`,
    ),
  ]);
  return {
    items: await productsInOrder(
      conn,
      ids.map((r) => r.id),
      { channelId, userId },
    ),
    total: Number(n),
    page,
  };
}
