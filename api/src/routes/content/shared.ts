/** Helpers shared by the content routers: JSON response entries and page/per handling. */
import type { Context } from 'hono';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { errorBodySchema } from '#contracts/common.ts';
import { pageOf, setPaginationHeaders, type Page } from '../../lib/pagination.ts';

/** An OpenAPI response entry with a JSON body. */
export const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
export const notFoundResponse = json(errorBodySchema, 'Unknown id or key');
export const invalidResponse = json(errorBodySchema, 'Invalid query');

/** Content lists default to 10 per page (spec section 9); `per=all` returns everything. */
export const CONTENT_PER = 10;

/** Applies a page to a dynamic select; null (per=all) leaves it unlimited. */
export function withPage<T extends PgSelect>(query: T, page: Page | null): T {
  return page ? query.limit(page.per).offset(page.offset) : query;
}

/** Runs the rows and count queries for a page and sets the pagination headers. */
export async function paged<T>(c: Context, q: { page?: number; per?: number | 'all' }, rows: (page: Page | null) => Promise<T[]>, count: () => Promise<number>): Promise<T[]> {
  const page = pageOf(q, CONTENT_PER);
  const [items, total] = await Promise.all([rows(page), count()]);
  setPaginationHeaders(c, total, page);
  return items;
}
