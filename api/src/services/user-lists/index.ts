/**
 * User lists (spec 3 "User list", 4 "User lists"): a member's named lists of products. Every member
 * has a default list 「お気に入りリスト」, created on first use. Items are (table_name, item_id) rows;
 * only 'products' exists today.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '#contracts/constants.ts';
import {
  DEFAULT_LIST_NAME,
  type ListedProduct,
  USER_LIST_DUPLICATE_MESSAGE,
  USER_LIST_LIMIT,
  type UserList,
  type UserListInput,
  userListNameKey,
} from '#contracts/discovery.ts';
import type { Product } from '#contracts/products.ts';
import { products, user_list_items, user_lists, users } from '../../db/schema/index.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';
import { type Conn, productsInOrder, requireSellableProduct, rows, sellable } from '../products/sellable.ts';

type ListRow = typeof user_lists.$inferSelect;
const newKey = () => randomBytes(12).toString('base64url');

const countOf = (conn: Conn, listId: number) => conn.$count(user_list_items, eq(user_list_items.user_list_id, listId));

/** The member's lists, oldest first (the default list first); creates the default list if there is none. */
export async function listUserLists(conn: Conn, userId: number): Promise<UserList[]> {
  await defaultList(conn, userId);
  const found = await rows<{ id: number; key: string; name: string; count: number }>(
    conn,
    sql`
    select l.id, l.key, l.name, (select count(*)::int from ${user_list_items} i where i.user_list_id = l.id) as count
    from ${user_lists} l where l.user_id = ${userId} order by l.created_at, l.id`,
  );
  return found.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The member's oldest list, created as 「お気に入りリスト」 when the member has none. */
async function defaultList(conn: Conn, userId: number): Promise<ListRow> {
  const [first] = await conn
    .select()
    .from(user_lists)
    .where(eq(user_lists.user_id, userId))
    .orderBy(asc(user_lists.created_at), asc(user_lists.id))
    .limit(1);
  if (first) return first;
  // Two first uses at once may both create one; the older stays the default, the other is harmless.
  const [created] = await conn.insert(user_lists).values({ key: newKey(), user_id: userId, name: DEFAULT_LIST_NAME }).returning();
  return created;
}

/** One of the member's lists by key (404 for anyone else's). */
async function listByKey(conn: Conn, userId: number, key: string): Promise<ListRow> {
  const [row] = await conn
    .select()
    .from(user_lists)
    .where(and(eq(user_lists.key, key), eq(user_lists.user_id, userId)))
    .limit(1);
  if (!row) throw notFound('リスト');
  return row;
}

const summary = async (conn: Conn, row: ListRow): Promise<UserList> => ({
  id: row.id,
  key: row.key,
  name: row.name,
  count: await countOf(conn, row.id),
});

/** GET /v1/me/user-lists/{key}: the list itself. */
export async function getUserList(conn: Conn, userId: number, key: string): Promise<UserList> {
  return summary(conn, await listByKey(conn, userId, key));
}

/** GET /v1/me/user-lists/{key}?is_listables=1: the list's products sold on the channel, last added first, one page. */
export async function listListables(
  conn: Conn,
  channelId: string,
  userId: number,
  key: string,
  query: { page?: number; per?: number },
): Promise<PageResult<Product>> {
  const list = await listByKey(conn, userId, key);
  const page = pageOf(query, PAGE_SIZE.default)!;
  const where = sql`i.user_list_id = ${list.id} and i.table_name = 'products' and ${sellable(channelId)}`;
  const [ids, [{ n }]] = await Promise.all([
    rows<{ id: number }>(
      conn,
      sql`select p.id from ${user_list_items} i join ${products} p on p.id = i.item_id
      where ${where} order by i.created_at desc, p.id desc limit ${page.per} offset ${page.offset}`,
    ),
    rows<{ n: number }>(
      conn,
      sql`select count(*)::int as n from ${user_list_items} i join ${products} p on p.id = i.item_id where ${where}`,
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

/** PATCH attach: the products (each must be sold on the channel) into the list `key` or the default list; idempotent. */
export async function attachProducts(conn: Conn, channelId: string, userId: number, ids: number[], key?: string): Promise<UserList> {
  const list = key ? await listByKey(conn, userId, key) : await defaultList(conn, userId);
  for (const id of new Set(ids)) await requireSellableProduct(conn, channelId, id);
  await conn
    .insert(user_list_items)
    .values([...new Set(ids)].map((item_id) => ({ user_list_id: list.id, table_name: 'products', item_id })))
    .onConflictDoNothing();
  return summary(conn, list);
}

/** PATCH detach: the products out of every list of the member; answers each product with is_listed false. */
export async function detachProducts(conn: Conn, channelId: string, userId: number, ids: number[]): Promise<ListedProduct[]> {
  const unique = [...new Set(ids)];
  await conn
    .delete(user_list_items)
    .where(
      and(
        eq(user_list_items.table_name, 'products'),
        inArray(user_list_items.item_id, unique),
        inArray(user_list_items.user_list_id, conn.select({ id: user_lists.id }).from(user_lists).where(eq(user_lists.user_id, userId))),
      ),
    );
  const found = await productsInOrder(conn, unique, { channelId, userId });
  if (!found.length) throw notFound('商品');
  return found.map((p) => ({ ...p, is_listed: false }));
}

/** PATCH /{key}/detach: the products out of that list only; answers the list. */
export async function detachFromList(conn: Conn, userId: number, key: string, ids: number[]): Promise<UserList> {
  const list = await listByKey(conn, userId, key);
  await conn
    .delete(user_list_items)
    .where(
      and(
        eq(user_list_items.user_list_id, list.id),
        eq(user_list_items.table_name, 'products'),
        inArray(user_list_items.item_id, [...new Set(ids)]),
      ),
    );
  return summary(conn, list);
}

// ---------------------------------------------------------------- create, rename, delete

/**
 * Locks the member's row, so two simultaneous creates or renames cannot both pass the limit or the
 * duplicate check; answers the member's lists (the default list created first, so it stays oldest).
 */
async function lockedLists(tx: Conn, userId: number): Promise<ListRow[]> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await defaultList(tx, userId);
  return tx.select().from(user_lists).where(eq(user_lists.user_id, userId)).orderBy(asc(user_lists.created_at), asc(user_lists.id));
}

/** 422 on `name` when another of the member's lists has the same name (NFKC, case-insensitive). */
function refuseDuplicate(lists: ListRow[], name: string, exceptId?: number): void {
  const wanted = userListNameKey(name);
  if (lists.some((l) => l.id !== exceptId && userListNameKey(l.name) === wanted)) {
    throw unprocessable(USER_LIST_DUPLICATE_MESSAGE, 'user_list.duplicate', { name: [USER_LIST_DUPLICATE_MESSAGE] });
  }
}

/** POST /v1/me/user-lists: a new empty list (422 at USER_LIST_LIMIT lists or on a duplicate name). */
export async function createUserList(conn: Conn, userId: number, input: UserListInput): Promise<UserList> {
  return conn.transaction(async (tx) => {
    const lists = await lockedLists(tx, userId);
    if (lists.length >= USER_LIST_LIMIT) {
      throw unprocessable(
        `作成できるリストは${USER_LIST_LIMIT}件までです。不要なリストを削除してから作成してください。`,
        'user_list.limit',
      );
    }
    refuseDuplicate(lists, input.name);
    const [row] = await tx.insert(user_lists).values({ key: newKey(), user_id: userId, name: input.name }).returning();
    return { id: row.id, key: row.key, name: row.name, count: 0 };
  });
}

/** PATCH /v1/me/user-lists/{key}: a new name (its own name again is fine; the default list too). */
export async function renameUserList(conn: Conn, userId: number, key: string, input: UserListInput): Promise<UserList> {
  return conn.transaction(async (tx) => {
    const lists = await lockedLists(tx, userId);
    const list = lists.find((l) => l.key === key);
    if (!list) throw notFound('リスト');
    refuseDuplicate(lists, input.name, list.id);
    const [row] = await tx.update(user_lists).set({ name: input.name }).where(eq(user_lists.id, list.id)).returning();
    return summary(tx, row);
  });
}

/** DELETE /v1/me/user-lists/{key}: the list and its items (FK cascade); the default list stays (422). */
export async function deleteUserList(conn: Conn, userId: number, key: string): Promise<void> {
  await conn.transaction(async (tx) => {
    const lists = await lockedLists(tx, userId);
    const list = lists.find((l) => l.key === key);
    if (!list) throw notFound('リスト');
    if (list.id === lists[0].id) {
      throw unprocessable(`「${list.name}」は最初のリスト（お気に入りリスト）のため削除できません。`, 'user_list.default');
    }
    await tx.delete(user_lists).where(eq(user_lists.id, list.id));
  });
}
