/**
 * A member's search history (POST /v1/product-search-histories, GET/DELETE
 * /v1/me/product-search-histories): the words as typed (trimmed, spaces collapsed), newest first,
 * one entry per normalised word (searching it again moves it to the top), at most 50 kept.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '#contracts/constants.ts';
import { messages } from '#contracts/messages.ts';
import { MAX_SEARCH_HISTORIES, type ProductSearchHistory } from '#contracts/products.ts';
import type { Db } from '../../db/client.ts';
import { product_search_histories } from '../../db/schema/index.ts';
import { notFound, validationFailed } from '../../lib/errors.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';
import { normalizeSearch } from '../products/search/normalize.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Any number; serialises one member's concurrent posts (dedupe and trim stay exact). */
const HISTORY_LOCK = 20260707;

/** Stores a member's search word; returns the entry. A word blank after trimming is a 422. */
export async function addSearchHistory(db: Db, userId: number, rawWord: string): Promise<ProductSearchHistory> {
  const word = rawWord.replace(/[\s\u3000]+/g, ' ').trim();
  const normal = normalizeSearch(word);
  if (!normal) throw validationFailed({ word: [messages.required('検索キーワード')] });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${HISTORY_LOCK}, ${userId})`);
    const existing = await tx
      .select({ id: product_search_histories.id, word: product_search_histories.word })
      .from(product_search_histories)
      .where(eq(product_search_histories.user_id, userId));
    const same = existing.filter((e) => normalizeSearch(e.word) === normal).map((e) => e.id);
    if (same.length) await tx.delete(product_search_histories).where(sql`${product_search_histories.id} in ${same}`);
    const [row] = await tx
      .insert(product_search_histories)
      .values({ user_id: userId, word })
      .returning({ id: product_search_histories.id, word: product_search_histories.word, created_at: product_search_histories.created_at });
    // Keep the newest 50.
    await tx.execute(sql`delete from ${product_search_histories} where user_id = ${userId} and id not in (
      select id from ${product_search_histories} where user_id = ${userId} order by created_at desc, id desc limit ${MAX_SEARCH_HISTORIES})`);
    return { id: row.id, word: row.word, created_at: new Date(row.created_at).toISOString() };
  });
}

/** The member's searches, newest first, 10 per page. */
export async function listSearchHistories(
  db: Db,
  userId: number,
  query: { page?: number; per?: number },
): Promise<PageResult<ProductSearchHistory>> {
  const page = pageOf(query, PAGE_SIZE.default)!;
  const mine = eq(product_search_histories.user_id, userId);
  const [rows, total] = await Promise.all([
    db
      .select({ id: product_search_histories.id, word: product_search_histories.word, created_at: product_search_histories.created_at })
      .from(product_search_histories)
      .where(mine)
      .orderBy(desc(product_search_histories.created_at), desc(product_search_histories.id))
      .limit(page.per)
      .offset(page.offset),
    db.$count(product_search_histories, mine),
  ]);
  return { items: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })), total, page };
}

/** Deletes one of the member's searches; another member's (or an unknown) id is 404. */
export async function deleteSearchHistory(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(product_search_histories)
    .where(and(eq(product_search_histories.id, id), eq(product_search_histories.user_id, userId)))
    .returning({ id: product_search_histories.id });
  if (!gone.length) throw notFound('検索履歴');
}

/** The member's recent searches containing every typed word (normalised), newest first. */
export async function recentSearchWords(db: Db, userId: number, words: string[], limit: number): Promise<string[]> {
  const rows = rowsOf<{ word: string }>(
    await db.execute(sql`select word from ${product_search_histories}
    where user_id = ${userId} order by created_at desc, id desc limit ${MAX_SEARCH_HISTORIES}`),
  );
  const out: string[] = [];
  for (const { word } of rows) {
    const n = normalizeSearch(word);
    if (words.every((w) => n.includes(w)) && !out.includes(word)) out.push(word);
    if (out.length >= limit) break;
  }
  return out;
}
