/** Pagination and limits from response headers (spec 3 "Pagination", spec 9 "x-limit"). */

import type { Pagination } from '#contracts/common.ts';
import { LIMIT_HEADER, PAGE_SIZE, PAGINATION_HEADERS } from '#contracts/constants.ts';

function header(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name)?.trim() ?? '';
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

/** {total, per, last, current} when all four x-* headers are present and valid. */
export function readPagination(headers: Headers): Pagination | undefined {
  const total = header(headers, PAGINATION_HEADERS.total);
  const per = header(headers, PAGINATION_HEADERS.per);
  const last = header(headers, PAGINATION_HEADERS.last);
  const current = header(headers, PAGINATION_HEADERS.current);
  if (total === undefined || !per || !last || !current) return undefined;
  return { total, per, last, current };
}

/** The x-limit header as a number. */
export function readLimit(headers: Headers): number | undefined {
  return header(headers, LIMIT_HEADER);
}

/** Page sizes of spec 9: products 15, every other list 10 (a server x-per-page overrides). */
export const PER_PAGE = { products: PAGE_SIZE.products, other: PAGE_SIZE.default } as const;

/** The headers' pagination, or one page holding everything when the server sent none. */
export function paginationOrSinglePage(p: Pagination | undefined, count: number, per: number): Pagination {
  return p ?? { total: count, per, last: 1, current: 1 };
}
