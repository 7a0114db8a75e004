/** Pagination as the spec wants it: `page`/`per` in, x-total/x-per-page/x-last-page/x-current-page out. */
import type { Context } from 'hono';

export interface Page {
  page: number;
  per: number;
  offset: number;
}

export function pageOf(query: { page?: number; per?: number | 'all' }, defaultPer: number, maxPer = 100): Page | null {
  if (query.per === 'all') return null;
  const per = Math.min(Math.max(1, query.per ?? defaultPer), maxPer);
  const page = Math.max(1, query.page ?? 1);
  return { page, per, offset: (page - 1) * per };
}

export function setPaginationHeaders(c: Context, total: number, page: Page | null) {
  const per = page?.per ?? Math.max(total, 1);
  const current = page?.page ?? 1;
  c.header('x-total', String(total));
  c.header('x-per-page', String(per));
  c.header('x-last-page', String(Math.max(1, Math.ceil(total / per))));
  c.header('x-current-page', String(current));
}
