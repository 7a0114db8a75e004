/** Catalogue data for islands: product lists by filter and single products. */
import { computed, type ReadableAtom } from 'nanostores';
import { getProduct, listProducts, type ProductSearch, productQueryParams } from '#api-client/catalog/products.ts';
import { buildQuery } from '#api-client/core/http.ts';
import { createFetcherStore, holdAtLeast } from './client.ts';
import { catalogKeys } from './keys.ts';

/** Product list for the filters in `$search` (key = the query string actually sent). */
export function createProductListStore($search: ReadableAtom<ProductSearch>) {
  const $key = computed($search, (s) => catalogKeys.products + (buildQuery(productQueryParams(s)) || '?'));
  return createFetcherStore([$key], {
    fetcher: (key) => {
      const params = new URLSearchParams(String(key).slice(catalogKeys.products.length + 1));
      return holdAtLeast(listProducts(searchFromParams(params)));
    },
  });
}

/** Inverse of productQueryParams for the key of a product-list store. */
export function searchFromParams(params: URLSearchParams): ProductSearch {
  const num = (k: string) => (params.has(k) ? Number(params.get(k)) : undefined);
  const str = (k: string) => params.get(k) ?? undefined;
  return {
    page: num('page'),
    per: num('per'),
    category: str('category'),
    maker: str('maker'),
    brand: str('brand'),
    keyword: str('keyword'),
    sort: str('sort') as ProductSearch['sort'],
    child: params.has('child') ? params.get('child') === '1' : undefined,
  };
}

/** One product by key. */
export function createProductStore(key: string) {
  return createFetcherStore([catalogKeys.product(key)], { fetcher: () => holdAtLeast(getProduct(key)) });
}
