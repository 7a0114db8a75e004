/** Bookmarks (spec 7 "User lists, bookmarks"): a member's saved pages, newest first. */
import { and, desc, eq } from 'drizzle-orm';
import { PAGE_SIZE } from '#contracts/constants.ts';
import type { Bookmark } from '#contracts/discovery.ts';
import { bookmarks } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';
import { type Conn, iso } from '../products/sellable.ts';

type Row = typeof bookmarks.$inferSelect;
const wire = (r: Row): Bookmark => ({ id: r.id, url: r.url, title: r.title, created_at: iso(r.created_at) });

export async function listBookmarks(conn: Conn, userId: number, query: { page?: number; per?: number }): Promise<PageResult<Bookmark>> {
  const page = pageOf(query, PAGE_SIZE.default)!;
  const where = eq(bookmarks.user_id, userId);
  const [found, total] = await Promise.all([
    conn.select().from(bookmarks).where(where).orderBy(desc(bookmarks.created_at), desc(bookmarks.id)).limit(page.per).offset(page.offset),
    conn.$count(bookmarks, where),
  ]);
  return { items: found.map(wire), total, page };
}

/** Saves a bookmark; the same URL saved again updates its title and answers the existing one. */
export async function createBookmark(
  conn: Conn,
  userId: number,
  input: { url: string; title: string },
): Promise<{ bookmark: Bookmark; created: boolean }> {
  const [same] = await conn
    .select()
    .from(bookmarks)
    .where(and(eq(bookmarks.user_id, userId), eq(bookmarks.url, input.url)))
    .limit(1);
  if (same) {
    const [updated] = await conn.update(bookmarks).set({ title: input.title }).where(eq(bookmarks.id, same.id)).returning();
    return { bookmark: wire(updated), created: false };
  }
  const [row] = await conn.insert(bookmarks).values({ user_id: userId, url: input.url, title: input.title }).returning();
  return { bookmark: wire(row), created: true };
}

export async function getBookmark(conn: Conn, userId: number, id: number): Promise<Bookmark> {
  const [row] = await conn
    .select()
    .from(bookmarks)
    .where(and(eq(bookmarks.id, id), eq(bookmarks.user_id, userId)))
    .limit(1);
  if (!row) throw notFound('ブックマーク');
  return wire(row);
}

export async function deleteBookmark(conn: Conn, userId: number, id: number): Promise<void> {
  const gone = await conn
    .delete(bookmarks)
    .where(and(eq(bookmarks.id, id), eq(bookmarks.user_id, userId)))
    .returning({ id: bookmarks.id });
  if (!gone.length) throw notFound('ブックマーク');
}
