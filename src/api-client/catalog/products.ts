/** Catalogue calls (spec 7 "Products"). */
import type { Pagination } from '#contracts/common.ts';
import type { ProductFacets, ProductReview } from '#contracts/products.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { type QueryParams, request } from '../core/http.ts';
import { PER_PAGE, paginationOrSinglePage, readPagination } from '../core/pagination.ts';
import type { Product, ProductSort } from '../core/types.ts';
import { productWire } from '../wire/product.ts';
import { productFacetsWire, productReviewWire } from '../wire/search.ts';

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
  /** Tax-inclusive yen. */
  price_min?: number;
  price_max?: number;
  in_stock?: boolean;
  on_sale?: boolean;
}

export interface ProductList {
  items: Product[];
  pagination: Pagination;
}

/** The query actually sent: blank keyword dropped, and a category search adds child=1 (spec 5). */
export function productQueryParams(search: ProductSearch): QueryParams {
  const keyword = search.keyword?.trim() || undefined;
  const child = search.category ? (search.child ?? true) : undefined;
  return { ...search, keyword, child, in_stock: search.in_stock || undefined, on_sale: search.on_sale || undefined };
}

/** GET /v1/products with filters → items and pagination (15 per page by default). */
export async function listProducts(search: ProductSearch = {}, opts: CallOptions = {}): Promise<ProductList> {
  const res = await request('GET', '/v1/products', { query: productQueryParams(search), parse: array(productWire), signal: opts.signal });
  return {
    items: res.data,
    pagination: paginationOrSinglePage(readPagination(res.headers), res.data.length, search.per ?? PER_PAGE.products),
  };
}

/** GET /v1/products/{key} (404 for an unknown key). */
export async function getProduct(key: string, opts: CallOptions = {}): Promise<Product> {
  return (await request('GET', `/v1/products/${seg(key)}`, { parse: productWire, signal: opts.signal })).data;
}

/** GET /v1/products/facets with the list's filters (page, per and sort are not part of it). */
export async function getProductFacets(search: ProductSearch = {}, opts: CallOptions = {}): Promise<ProductFacets> {
  const { page: _page, per: _per, sort: _sort, ...filters } = productQueryParams(search);
  return (await request('GET', '/v1/products/facets', { query: filters, parse: productFacetsWire, signal: opts.signal })).data;
}

export interface ProductReviewList {
  items: ProductReview[];
  pagination: Pagination;
}

/** GET /v1/products/{key}/reviews?page&per → newest first, with pagination. */
export async function listProductReviews(
  key: string,
  query: { page?: number; per?: number } = {},
  opts: CallOptions = {},
): Promise<ProductReviewList> {
  const res = await request('GET', `/v1/products/${seg(key)}/reviews`, { query, parse: array(productReviewWire), signal: opts.signal });
  return { items: res.data, pagination: paginationOrSinglePage(readPagination(res.headers), res.data.length, query.per ?? PER_PAGE.other) };
}
