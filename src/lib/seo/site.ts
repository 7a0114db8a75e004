/**
 * The shop's public origin for canonical URLs, Open Graph, JSON-LD, the sitemap and robots.txt.
 * SITE_URL is read where the page is made: at build time for the pre-rendered pages (so it is a
 * build input, scripts/host/build.ts) and per request for the pages rendered on demand.
 */

/** Fallback when SITE_URL is unset: what `npm start` serves by default. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

/** `https://shop.example.jp` from SITE_URL: origin plus any base path, without a trailing slash. */
export function siteOrigin(raw: string | undefined = process.env.SITE_URL): string {
  let url: URL;
  try {
    url = new URL(raw?.trim() ? raw.trim() : DEFAULT_SITE_URL);
  } catch {
    url = new URL(DEFAULT_SITE_URL);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') url = new URL(DEFAULT_SITE_URL);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * An absolute URL on the site for a path ('/product/a/'), or the URL itself when it already is one
 * (an image on SITE.STORAGE_URL). Paths without a leading slash are taken from the root.
 */
export function absoluteUrl(pathOrUrl: string, origin: string = siteOrigin()): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return new URL(pathOrUrl).href;
  if (pathOrUrl.startsWith('//')) return new URL(`https:${pathOrUrl}`).href;
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`;
  return new URL(`${origin}${path}`).href;
}
