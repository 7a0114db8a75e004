/**
 * The product list's URL, pure: every filter and the sort live in the query string so a filtered
 * list survives a reload and can be shared. The page reads it on the server; the filter form's
 * script and the links (sort, facet choices, clearing a filter) build it with the same rules, so
 * page 1 and the default sort never appear in a URL (one URL per result).
 */
import type { ProductSort } from '#contracts/products.ts';
import { type ProductListFilters, readProductListFilters } from '#lib/product-list.ts';

/** Sorts in the order the list offers them; the first is the default. */
export const SORTS: ReadonlyArray<{ value: ProductSort; label: string }> = [
  { value: 'new', label: '新着順' },
  { value: 'price_asc', label: '価格の安い順' },
  { value: 'price_desc', label: '価格の高い順' },
  { value: 'popular', label: '人気順' },
];
const DEFAULT_SORT: ProductSort = 'new';
/** Highest price filter the API accepts (MAX_PRICE_FILTER in contracts/products.ts, not imported: zod). */
const MAX_PRICE = 10_000_000;

export interface CatalogFilters extends ProductListFilters {
  sort?: ProductSort;
  /** Tax-inclusive yen. */
  price_min?: number;
  price_max?: number;
  in_stock?: boolean;
  on_sale?: boolean;
}

/** The URL's parameters in the order they are written. */
const ORDER = ['keyword', 'category', 'maker', 'brand', 'price_min', 'price_max', 'in_stock', 'on_sale', 'sort', 'page'] as const;

/** A yen amount from the URL (half- or full-width digits, commas allowed), undefined when unusable. */
export function readPrice(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  const digits = raw.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/[,，\s]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  const n = Number(digits);
  return n <= MAX_PRICE ? n : undefined;
}

const flag = (raw: string | null) => raw === '1' || raw === 'true' || raw === 'on' || undefined;

/** Every list filter from the URL (unknown sort and unusable prices are dropped; control characters are a 404). */
export function readCatalogFilters(params: URLSearchParams): CatalogFilters {
  const sortRaw = params.get('sort');
  const sort = SORTS.some((s) => s.value === sortRaw) ? (sortRaw as ProductSort) : undefined;
  let price_min = readPrice(params.get('price_min'));
  let price_max = readPrice(params.get('price_max'));
  // A reversed range is what the shopper meant the other way round.
  if (price_min !== undefined && price_max !== undefined && price_min > price_max) [price_min, price_max] = [price_max, price_min];
  return {
    ...readProductListFilters(params),
    sort: sort === DEFAULT_SORT ? undefined : sort,
    price_min,
    price_max,
    in_stock: flag(params.get('in_stock')),
    on_sale: flag(params.get('on_sale')),
  };
}

/** `/product/?…` for these filters: blanks, page 1 and the default sort left out, in a fixed order. */
export function catalogHref(filters: Partial<CatalogFilters>): string {
  const params = new URLSearchParams();
  for (const name of ORDER) {
    const value = filters[name];
    if (value === undefined || value === false || value === '') continue;
    if (name === 'page' && Number(value) <= 1) continue;
    if (name === 'sort' && value === DEFAULT_SORT) continue;
    params.set(name, value === true ? '1' : String(value));
  }
  const qs = params.toString();
  return qs ? `/product/?${qs}` : '/product/';
}

/** The href after changing some filters; any change of filter or sort goes back to page 1. */
export function withFilters(current: Partial<CatalogFilters>, change: Partial<CatalogFilters>): string {
  return catalogHref({ ...current, page: undefined, ...change });
}

/** The filters currently narrowing the list (for 「条件をクリア」 and the chips), without keyword, sort and page. */
export function activeFilterNames(filters: Partial<CatalogFilters>): Array<keyof CatalogFilters> {
  return (['category', 'maker', 'brand', 'price_min', 'price_max', 'in_stock', 'on_sale'] as const).filter(
    (n) => filters[n] !== undefined && filters[n] !== false,
  );
}
