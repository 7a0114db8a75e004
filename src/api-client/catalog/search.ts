/**
 * Search calls (spec 7 "Products" and "History"): suggestions and the member's search history. The
 * header posts search words itself (src/scripts/search-header.ts, no API client on every page).
 */
import type { Pagination } from '#contracts/common.ts';
import type { ProductSearchHistory, ProductSuggest } from '#contracts/products.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { request } from '../core/http.ts';
import { PER_PAGE, paginationOrSinglePage, readPagination } from '../core/pagination.ts';
import { productSearchHistoryWire, productSuggestWire } from '../wire/search.ts';

export type { ProductSearchHistory, ProductSuggest };

/** GET /v1/products/suggest?keyword= → words and products. */
export async function suggestProducts(keyword: string, opts: CallOptions = {}): Promise<ProductSuggest> {
  return (await request('GET', '/v1/products/suggest', { query: { keyword }, parse: productSuggestWire, signal: opts.signal })).data;
}

export interface SearchHistoryList {
  items: ProductSearchHistory[];
  pagination: Pagination;
}

/** GET /v1/me/product-search-histories?page → newest first, 10 per page by default. */
export async function listSearchHistories(query: { page?: number; per?: number } = {}, opts: CallOptions = {}): Promise<SearchHistoryList> {
  const res = await request('GET', '/v1/me/product-search-histories', {
    query,
    parse: array(productSearchHistoryWire),
    signal: opts.signal,
  });
  return { items: res.data, pagination: paginationOrSinglePage(readPagination(res.headers), res.data.length, query.per ?? PER_PAGE.other) };
}

/** DELETE /v1/me/product-search-histories/{id}. */
export async function deleteSearchHistory(id: number, opts: CallOptions = {}): Promise<void> {
  await request('DELETE', `/v1/me/product-search-histories/${seg(id)}`, { signal: opts.signal });
}
