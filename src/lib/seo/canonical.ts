/**
 * Canonical URLs: absolute, on SITE_URL, without the query a page only uses for display. A search
 * engine then indexes one URL per page of content however a shopper sorted or filtered it.
 */
import { absoluteUrl, siteOrigin } from './site.ts';

/** The page's own path, without query or fragment. */
export function canonicalUrl(path: string, origin: string = siteOrigin()): string {
  return absoluteUrl(path.replace(/[?#].*$/, ''), origin);
}

/**
 * The product list's parameters that choose what a page is about (a category, a maker, a brand)
 * stay; sort, price range, stock and sale flags, keyword and child are views of the same products.
 */
const PRODUCT_LIST_SUBJECT = ['category', 'maker', 'brand'] as const;
const KEY = /^[\w\-.~]{1,100}$/;

/**
 * `/product/?category=…&page=2` from a product list URL. `page` stays (page 2 lists other products
 * than page 1) unless a view parameter was given: its page 2 is not page 2 of the canonical list.
 */
export function canonicalProductListUrl(url: URL, origin: string = siteOrigin()): string {
  const params = new URLSearchParams();
  for (const name of PRODUCT_LIST_SUBJECT) {
    const value = url.searchParams.get(name);
    if (value && KEY.test(value)) params.set(name, value);
  }
  const viewed = [...url.searchParams.keys()].some((k) => k !== 'page' && !(PRODUCT_LIST_SUBJECT as readonly string[]).includes(k));
  const page = Number.parseInt(url.searchParams.get('page') ?? '', 10);
  if (!viewed && page > 1 && page <= 100_000) params.set('page', String(page));
  const query = params.toString();
  return absoluteUrl(`/product/${query ? `?${query}` : ''}`, origin);
}
