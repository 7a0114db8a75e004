/** Lookups and paging shared by the content services. */
import { eq, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '#contracts/constants.ts';
import { type Page, pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';

/** The page/per query of content lists (`per=all` allowed, spec section 9). */
export interface ListQuery {
  page?: number;
  per?: number | 'all';
}

/**
 * A path segment names a row by numeric id or by key. Only up to 9 digits count as an id, so a
 * long number never overflows the integer column (it is looked up as a key instead).
 */
export function idOrKey(value: string, idCol: Parameters<typeof eq>[0], keyCol: Parameters<typeof eq>[0]): SQL {
  return /^\d{1,9}$/.test(value) ? eq(idCol, Number(value)) : eq(keyCol, value);
}

/** '/company' or 'company/' → '/company/': static page URLs are stored with both slashes. */
export function normalisePageUrl(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** Applies a page to a dynamic select; null (per=all) leaves it unlimited. */
export function withPage<T extends PgSelect>(query: T, page: Page | null): T {
  return page ? query.limit(page.per).offset(page.offset) : query;
}

/** Runs the rows and count queries of one page (10 per page unless `per` says otherwise) and serialises the rows. */
export async function listPage<R, T>(
  query: ListQuery,
  rows: (page: Page | null) => Promise<R[]>,
  count: () => Promise<number>,
  serialize: (row: R) => T,
): Promise<PageResult<T>> {
  const page = pageOf(query, PAGE_SIZE.default);
  const [items, total] = await Promise.all([rows(page), count()]);
  return { items: items.map(serialize), total, page };
}
