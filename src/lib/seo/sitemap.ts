/**
 * sitemaps.org XML: a <urlset> of at most SITEMAP_MAX_URLS URLs, or, past that, a <sitemapindex>
 * of child sitemaps that each stay within it. Pure builders; src/pages/sitemap*.xml.ts feed them.
 */
import { SITEMAP_MAX_URLS } from '#contracts/sitemap.ts';
import { absoluteUrl, siteOrigin } from './site.ts';

export { SITEMAP_MAX_URLS };

export interface SitemapEntry {
  /** Site path or absolute URL. */
  loc: string;
  /** Any date string Date can read; written as W3C datetime, left out when unknown or invalid. */
  lastmod?: string | null;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for XML content: the five entities escaped and characters XML 1.0 forbids dropped. */
export function xmlEscape(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)
  );
}

/** `2026-11-26T00:00:00.000Z` for a readable date, undefined otherwise. */
export function w3cDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The newest of some dates (for a list page: its newest item), undefined without any. */
export function newest(values: Array<string | null | undefined>): string | undefined {
  let best: number | undefined;
  for (const value of values) {
    const t = value ? new Date(value).getTime() : Number.NaN;
    if (!Number.isNaN(t) && (best === undefined || t > best)) best = t;
  }
  return best === undefined ? undefined : new Date(best).toISOString();
}

function entryXml(tag: 'url' | 'sitemap', entry: SitemapEntry, origin: string): string {
  const lastmod = w3cDate(entry.lastmod);
  return `<${tag}><loc>${xmlEscape(absoluteUrl(entry.loc, origin))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>`;
}

/** A <urlset>; duplicates (same absolute URL) kept once. Throws past SITEMAP_MAX_URLS: split first. */
export function urlsetXml(entries: SitemapEntry[], origin: string = siteOrigin()): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const entry of entries) {
    const loc = absoluteUrl(entry.loc, origin);
    if (seen.has(loc)) continue;
    seen.add(loc);
    lines.push(entryXml('url', entry, origin));
  }
  if (lines.length > SITEMAP_MAX_URLS) throw new Error(`A sitemap holds at most ${SITEMAP_MAX_URLS} URLs (got ${lines.length})`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/** A <sitemapindex> of child sitemaps (at most SITEMAP_MAX_URLS of them). */
export function sitemapIndexXml(children: SitemapEntry[], origin: string = siteOrigin()): string {
  if (children.length > SITEMAP_MAX_URLS) throw new Error(`A sitemap index holds at most ${SITEMAP_MAX_URLS} sitemaps`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${children.map((c) => entryXml('sitemap', c, origin)).join('\n')}\n</sitemapindex>\n`;
}

/** Path of the n-th (from 1) child sitemap of products. */
export const productSitemapPath = (n: number): string => `/sitemap-products-${n}.xml`;
/** Path of the child sitemap of every page that is not a product. */
export const pagesSitemapPath = '/sitemap-pages.xml';

export type SitemapPlan = { kind: 'urlset' } | { kind: 'index'; children: string[] };

/**
 * One file while every URL fits in it; otherwise an index of the pages sitemap and one products
 * sitemap per SITEMAP_MAX_URLS products (the API's /v1/sitemap/products pages line up with them).
 */
export function planSitemap(pageCount: number, productTotal: number, max: number = SITEMAP_MAX_URLS): SitemapPlan {
  if (pageCount + productTotal <= max) return { kind: 'urlset' };
  const productFiles = Math.ceil(productTotal / max);
  return { kind: 'index', children: [pagesSitemapPath, ...Array.from({ length: productFiles }, (_, i) => productSitemapPath(i + 1))] };
}

/** Splits entries into runs of at most `max` (for callers holding every URL at once). */
export function chunkEntries<T>(entries: T[], max: number = SITEMAP_MAX_URLS): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < entries.length; i += max) chunks.push(entries.slice(i, i + max));
  return chunks;
}
