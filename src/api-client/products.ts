/** Catalogue calls (spec 7 "Products"). */
import type { Pagination } from '#contracts/common.ts';
import { request, type QueryParams } from './http.ts';
import { array } from './guard.ts';
import type { Product, ProductSort } from './types.ts';
import { productWire } from './wire/product.ts';
import { seg, type CallOptions } from './call.ts';
import { PER_PAGE, paginationOrSinglePage, readPagination } from './pagination.ts';

/** Filters of the product list as the storefront speaks them (the wire form is built below). */
export interface ProductSearch {
  page?: number;
  per?: number;
  category?: string;
  /** Include the category's descendants; defaults to true whenever a category is given (spec 5). */
  child?: boolean;
  maker?: string;
  brand?: string;
  keyword?: string;
  sort?: ProductSort;
}

export interface ProductList {
  items: Product[];
  pagination: Pagination;
}

/** The query actually sent: blank keyword dropped, and a category search adds child=1 (spec 5). */
export function productQueryParams(search: ProductSearch): QueryParams {
  const keyword = search.keyword?.trim() || undefined;
  const child = search.category ? (search.child ?? true) : undefined;
  return { ...search, keyword, child };
}

/** GET /v1/products with filters → items and pagination (15 per page by default). */
export async function listProducts(search: ProductSearch = {}, opts: CallOptions = {}): Promise<ProductList> {
  const res = await request('GET', '/v1/products', { query: productQueryParams(search), parse: array(productWire), signal: opts.signal });
  return { items: res.data, pagination: paginationOrSinglePage(readPagination(res.headers), res.data.length, search.per ?? PER_PAGE.products) };
}

/** GET /v1/products/{key} (404 for an unknown key). */
export async function getProduct(key: string, opts: CallOptions = {}): Promise<Product> {
  return (await request('GET', `/v1/products/${seg(key)}`, { parse: productWire, signal: opts.signal })).data;
}
