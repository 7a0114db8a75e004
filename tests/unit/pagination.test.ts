import { describe, expect, it } from 'vitest';
import { PER_PAGE, paginationOrSinglePage, readLimit, readPagination } from '#api-client/core/pagination.ts';

describe('pagination headers (spec 3)', () => {
  it('reads x-total, x-per-page, x-last-page, x-current-page', () => {
    const h = new Headers({ 'x-total': '31', 'x-per-page': '15', 'x-last-page': '3', 'x-current-page': '1' });
    expect(readPagination(h)).toEqual({ total: 31, per: 15, last: 3, current: 1 });
  });

  it('ignores incomplete or malformed headers', () => {
    expect(readPagination(new Headers({ 'x-total': '31' }))).toBeUndefined();
    expect(readPagination(new Headers({ 'x-total': 'x', 'x-per-page': '15', 'x-last-page': '3', 'x-current-page': '1' }))).toBeUndefined();
  });

  it('reads x-limit', () => {
    expect(readLimit(new Headers({ 'x-limit': '5' }))).toBe(5);
    expect(readLimit(new Headers())).toBeUndefined();
  });

  it('page sizes are 15 for products and 10 elsewhere; a missing header means one page', () => {
    expect(PER_PAGE).toEqual({ products: 15, other: 10 });
    expect(paginationOrSinglePage(undefined, 4, 10)).toEqual({ total: 4, per: 10, last: 1, current: 1 });
  });
});
