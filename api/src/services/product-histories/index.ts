/**
 * Browsing history (spec 4 "History"): one row per view of a member (user_id) or a guest
 * (guest_token). Recording a view drops the owner's earlier row of the same product and prunes
 * beyond HISTORY_KEPT_MAX, so the table stays small; reads also keep only the newest row per
 * product (two concurrent views may both insert), newest first.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { HISTORY_CURRENT_MAX, HISTORY_KEPT_MAX, type ProductHistoryItem } from '#contracts/discovery.ts';
import { product_histories, products } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';
import { type Conn, iso, productsInOrder, requireSellableProduct, rows, sellable } from '../products/sellable.ts';

/** Whose history: a member's or a guest token's. */
export type HistoryOwner = { userId: number } | { guestToken: string };

function ownerCondition(owner: HistoryOwner, alias: SQL = sql`h`): SQL {
  return 'userId' in owner
    ? sql`${alias}.user_id = ${owner.userId}`
    : sql`${alias}.user_id is null and ${alias}.guest_token = ${owner.guestToken}`;
}

/** Records a view of a published product of the channel (404 otherwise); returns the new row's id. */
export async function recordView(conn: Conn, channelId: string, owner: HistoryOwner, productId: number): Promise<number> {
  await requireSellableProduct(conn, channelId, productId);
  return conn.transaction(async (tx) => {
    await tx.execute(sql`delete from ${product_histories} h where ${ownerCondition(owner)} and h.product_id = ${productId}`);
    const [row] = await tx
      .insert(product_histories)
      .values({
        product_id: productId,
        ...('userId' in owner ? { user_id: owner.userId } : { guest_token: owner.guestToken }),
      })
      .returning({ id: product_histories.id });
    await tx.execute(sql`delete from ${product_histories} where id in (
      select h.id from ${product_histories} h where ${ownerCondition(owner)} order by h.viewed_at desc, h.id desc offset ${HISTORY_KEPT_MAX})`);
    return row.id;
  });
}

/** One page of the owner's history (default HISTORY_CURRENT_MAX per page): newest view per product first. */
export async function listHistory(
  conn: Conn,
  channelId: string,
  owner: HistoryOwner,
  query: { page?: number; per?: number },
): Promise<PageResult<ProductHistoryItem>> {
  const page = pageOf(query, HISTORY_CURRENT_MAX)!;
  const latest = sql`select * from (
      select h.id, h.product_id, h.viewed_at, row_number() over (partition by h.product_id order by h.viewed_at desc, h.id desc) as rn
      from ${product_histories} h join ${products} p on p.id = h.product_id
      where ${ownerCondition(owner)} and ${sellable(channelId)}
    ) t where t.rn = 1`;
  const [hits, [{ n }]] = await Promise.all([
    rows<{ id: number; product_id: number; viewed_at: Date | string }>(
      conn,
      sql`${latest} order by t.viewed_at desc, t.id desc limit ${page.per} offset ${page.offset}`,
    ),
    rows<{ n: number }>(conn, sql`select count(*)::int as n from (${latest}) c`),
  ]);
  const userId = 'userId' in owner ? owner.userId : null;
  const byId = new Map(
    (
      await productsInOrder(
        conn,
        hits.map((h) => h.product_id),
        { channelId, userId },
      )
    ).map((p) => [p.id, p]),
  );
  const items = hits
    .filter((h) => byId.has(h.product_id))
    .map((h) => ({ id: h.id, product_id: h.product_id, product: byId.get(h.product_id)!, viewed_at: iso(h.viewed_at) }));
  return { items, total: Number(n), page };
}

/** Deletes one of the member's history entries (with any older row of the same product); another's is 404. */
export async function deleteHistory(conn: Conn, userId: number, id: number): Promise<void> {
  const [row] = await conn
    .select({ product_id: product_histories.product_id })
    .from(product_histories)
    .where(and(eq(product_histories.id, id), eq(product_histories.user_id, userId)))
    .limit(1);
  if (!row) throw notFound('閲覧履歴');
  await conn.delete(product_histories).where(and(eq(product_histories.user_id, userId), eq(product_histories.product_id, row.product_id)));
}
