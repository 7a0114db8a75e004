/** Pagination and limits from response headers (spec 3 "Pagination", spec 9 "x-limit"). */
import { z } from 'zod';
import { PAGINATION_HEADERS, LIMIT_HEADER, paginationSchema, type Pagination } from '#contracts/common.ts';

const intHeader = z.string().trim().regex(/^\d+$/).transform(Number);

function header(headers: Headers, name: string): number | undefined {
  const parsed = intHeader.safeParse(headers.get(name) ?? '');
  return parsed.success ? parsed.data : undefined;
}

/** {total, per, last, current} when all four x-* headers are present and valid. */
export function readPagination(headers: Headers): Pagination | undefined {
  const parsed = paginationSchema.safeParse({
    total: header(headers, PAGINATION_HEADERS.total),
    per: header(headers, PAGINATION_HEADERS.per),
    last: header(headers, PAGINATION_HEADERS.last),
    current: header(headers, PAGINATION_HEADERS.current),
  });
  return parsed.success ? parsed.data : undefined;
}

/** The x-limit header as a number. */
export function readLimit(headers: Headers): number | undefined {
  return header(headers, LIMIT_HEADER);
}

/** Page sizes of spec 9: products 15, every other list 10 (a server x-per-page overrides). */
export const PER_PAGE = { products: 15, other: 10 } as const;

/** The headers' pagination, or one page holding everything when the server sent none. */
export function paginationOrSinglePage(p: Pagination | undefined, count: number, per: number): Pagination {
  return p ?? { total: count, per, last: 1, current: 1 };
}
