/**
 * The product list page's rules, pure: reading the URL's filters (spec 5 search rules, no control
 * characters ever sent on), finding the chosen category anywhere in the tree, the heading that names
 * it, and when the request names nothing (past the last page, unknown filter) so the page is a 404.
 */
import type { Pagination } from '#contracts/common.ts';
import type { CategoryNode } from '#contracts/products.ts';
import { PageNotFound } from './page-loader.ts';

/** Longest filter value the API accepts (contracts/products.ts). */
const MAX_FILTER = 100;
/** Highest page the API accepts. */
const MAX_PAGE = 100_000;

export interface ProductListFilters {
  page: number;
  category?: string;
  maker?: string;
  brand?: string;
  keyword?: string;
}

/** A filter the page cannot even ask about (a NUL or other control character): answer 404 at once. */
export class UnusableFilter extends PageNotFound {}

/** A trimmed filter value, undefined when blank; throws UnusableFilter on control characters. */
function filterValue(params: URLSearchParams, name: string): string | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw new UnusableFilter(name);
  return raw.trim().slice(0, MAX_FILTER) || undefined;
}

/** The list filters from the URL; `?page=` that is not a positive integer means page 1. */
export function readProductListFilters(params: URLSearchParams): ProductListFilters {
  const pageParam = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(pageParam) && pageParam > 0 ? Math.min(pageParam, MAX_PAGE) : 1;
  return {
    page,
    category: filterValue(params, 'category'),
    maker: filterValue(params, 'maker'),
    brand: filterValue(params, 'brand'),
    keyword: filterValue(params, 'keyword'),
  };
}

/** The chain of categories from the top level down to `key` (empty when the tree has no such key). */
export function findCategoryPath(tree: readonly CategoryNode[], key: string): CategoryNode[] {
  for (const node of tree) {
    if (node.key === key) return [node];
    const below = findCategoryPath(node.children, key);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** True when the page asked for lies past the last page (page 1 always exists, even when empty). */
export function isPastLastPage(requested: number, pagination: Pagination): boolean {
  return requested > 1 && requested > pagination.last;
}

/** The list heading: the chosen category, brand or maker by name, else the search word, else 商品一覧. */
export function productListHeading(scope: { category?: string; brand?: string; maker?: string; keyword?: string }): string {
  const name = scope.category ?? scope.brand ?? scope.maker;
  if (name) return scope.keyword ? `${name}の「${scope.keyword}」の検索結果` : `${name}の商品一覧`;
  return scope.keyword ? `「${scope.keyword}」の検索結果` : '商品一覧';
}
