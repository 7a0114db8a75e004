/**
 * 「この商品を見た人はこちらも見ています」 and accessories of a product.
 *
 * Recommendations come from real behaviour: products viewed by the same shoppers (product_histories,
 * members and guests alike, each shopper counted once) and products bought in the same orders
 * (order_items, each order counted once), ranked by the sum of both counts. Only published,
 * in-stock products of the channel count, never the product itself or another variant of its model.
 * When that gives fewer than RECOMMEND_MAX, the rest is filled with the most popular products of the
 * same categories (products.popularity, then newest), never at random.
 */
import { sql } from 'drizzle-orm';
import { RECOMMEND_MAX } from '#contracts/discovery.ts';
import type { Product } from '#contracts/products.ts';
import { order_items, product_accessories, product_histories, product_model_categories, products } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Conn, productsInOrder, rows, sellable } from './sellable.ts';

async function targetOf(conn: Conn, channelId: string, key: string): Promise<{ id: number; product_model_id: number | null }> {
  const [row] = await rows<{ id: number; product_model_id: number | null }>(
    conn,
    sql`select p.id, p.product_model_id from ${products} p where p.key = ${key} and ${sellable(channelId)}`,
  );
  if (!row) throw notFound('商品');
  return row;
}

/** Ids of the recommendations for product `target`, best first (at most `limit`). */
export async function recommendedIds(
  conn: Conn,
  channelId: string,
  target: { id: number; product_model_id: number | null },
  limit = RECOMMEND_MAX,
): Promise<number[]> {
  const candidate = sql`p.id <> ${target.id} and p.stock > 0 and ${sellable(channelId)}
    and (${target.product_model_id}::int is null or p.product_model_id is distinct from ${target.product_model_id}::int)`;
  const ranked = await rows<{ id: number }>(
    conn,
    sql`
    with viewers as (
      select distinct coalesce('u' || h.user_id::text, 'g' || h.guest_token) as who from ${product_histories} h where h.product_id = ${target.id}
    ), coview as (
      select h.product_id, count(distinct coalesce('u' || h.user_id::text, 'g' || h.guest_token)) as n
      from ${product_histories} h join viewers v on v.who = coalesce('u' || h.user_id::text, 'g' || h.guest_token)
      where h.product_id <> ${target.id} group by h.product_id
    ), cobuy as (
      select o2.product_id, count(distinct o2.order_id) as n
      from ${order_items} o1 join ${order_items} o2 on o2.order_id = o1.order_id and o2.product_id <> o1.product_id
      where o1.product_id = ${target.id} group by o2.product_id
    ), score as (
      select product_id, sum(n) as n from (select * from coview union all select * from cobuy) s group by product_id
    )
    select p.id from score join ${products} p on p.id = score.product_id
    where ${candidate}
    order by score.n desc, p.popularity desc, p.id asc limit ${limit}`,
  );
  const ids = ranked.map((r) => r.id);
  if (ids.length >= limit || target.product_model_id == null) return ids;
  const fill = await rows<{ id: number }>(
    conn,
    sql`
    select p.id from ${products} p
    where ${candidate} and p.product_model_id in (
      select pmc2.product_model_id from ${product_model_categories} pmc1
      join ${product_model_categories} pmc2 on pmc2.category_id = pmc1.category_id
      where pmc1.product_model_id = ${target.product_model_id})
    ${
      ids.length
        ? sql`and p.id not in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``
    }
    order by p.popularity desc, p.created_at desc, p.id desc limit ${limit - ids.length}`,
  );
  return [...ids, ...fill.map((r) => r.id)];
}

/** GET /v1/products/{key}/recommend. */
export async function recommendProducts(conn: Conn, channelId: string, key: string, userId: number | null): Promise<Product[]> {
  const target = await targetOf(conn, channelId, key);
  return productsInOrder(conn, await recommendedIds(conn, channelId, target), { channelId, userId });
}

/** GET /v1/products/{key}/accessories: the product's accessories sold on the channel. */
export async function accessoryProducts(conn: Conn, channelId: string, key: string, userId: number | null): Promise<Product[]> {
  const target = await targetOf(conn, channelId, key);
  const ids = await rows<{ id: number }>(
    conn,
    sql`select p.id from ${product_accessories} a join ${products} p on p.id = a.accessory_id
    where a.product_id = ${target.id} and ${sellable(channelId)} order by p.sort, p.id`,
  );
  return productsInOrder(
    conn,
    ids.map((r) => r.id),
    { channelId, userId },
  );
}
