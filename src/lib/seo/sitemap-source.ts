/**
 * What the sitemap endpoints read (server only): the content snapshot the pre-rendered pages were
 * built from (so the sitemap lists exactly the content pages that exist) and, from the Shop API, the
 * categories and the product keys. Any failure rejects: a partial sitemap would tell crawlers that
 * pages are gone, so the endpoints answer 503 instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { channel } from 'virtual:shop/theme';
import { listSitemapProducts } from '#api-client/catalog/sitemap.ts';
import { getCategoryHierarchy } from '#api-client/content/content.ts';
import { setupServerApi } from '#components/server-api.ts';
import { manifestSchema, SNAPSHOT_FILES } from '#content-sync/schema.ts';
import { DEFAULT_SNAPSHOT_ROOT, loadSnapshot } from '#content-sync/snapshot.ts';
import { MAX_PAGE } from '#contracts/fields.ts';
import { productDetailPath } from '../routes.ts';
import type { SitemapEntry } from './sitemap.ts';
import { contentSitemapEntries } from './sitemap-pages.ts';

/** When the snapshot was synced (manifest.json), null without one. */
function snapshotSyncedAt(): string | null {
  const file = path.join(DEFAULT_SNAPSHOT_ROOT, channel, SNAPSHOT_FILES.manifest);
  if (!existsSync(file)) return null;
  const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data.synced_at : null;
}

/** The non-product pages' entries; `productsChangedAt` dates the home page and the product list. */
export async function loadContentEntries(productsChangedAt: string | null): Promise<SitemapEntry[]> {
  setupServerApi();
  const snapshot = loadSnapshot(channel);
  const categories = await getCategoryHierarchy('products');
  return contentSitemapEntries({ ...snapshot, categories, syncedAt: snapshotSyncedAt(), productsChangedAt });
}

/** Page `n` of the products (50,000 each) as entries, with the total and the newest change. */
export async function loadProductEntries(n: number): Promise<{ entries: SitemapEntry[]; total: number; lastUpdatedAt: string | null }> {
  setupServerApi();
  const page = await listSitemapProducts(n);
  return {
    entries: page.items.map((p) => ({ loc: productDetailPath(p.key), lastmod: p.updated_at })),
    total: page.total,
    lastUpdatedAt: page.last_updated_at,
  };
}

/**
 * How many products there are and their newest change, without their keys: a page past the last
 * (MAX_PAGE) has no rows but carries both.
 */
export async function loadProductSummary(): Promise<{ total: number; lastUpdatedAt: string | null }> {
  setupServerApi();
  const page = await listSitemapProducts(MAX_PAGE);
  return { total: page.total, lastUpdatedAt: page.last_updated_at };
}

/** How long crawlers and shared caches may keep a sitemap: new products show within 10 minutes. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=600';

/** An XML answer, or 503 with Retry-After when the data could not be read. */
export async function sitemapResponse(build: () => Promise<string | null>): Promise<Response> {
  try {
    const xml = await build();
    if (xml === null) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': SITEMAP_CACHE_CONTROL } });
  } catch (error) {
    console.error('[sitemap]', error instanceof Error ? error.message : error);
    return new Response('Service Unavailable', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60', 'cache-control': 'no-store' },
    });
  }
}
