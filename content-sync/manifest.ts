/** Pure change tracking for content-sync: a hash per item and the diff between two syncs. */
import { createHash } from 'node:crypto';
import type { Snapshot } from './schema.ts';

/** JSON with sorted object keys, so the hash does not depend on the API's key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** sha256 of the canonical JSON of a value (hex, first 16 chars is plenty to spot a change). */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex').slice(0, 16);
}

/**
 * Item id → hash for every item of a snapshot. Ids are the page each item becomes. `known` holds the
 * hashes of blog and news items taken unchanged from the previous snapshot (the incremental sync),
 * which are not hashed again.
 */
export function hashSnapshot(snapshot: Snapshot, known: Readonly<Record<string, string>> = {}): Record<string, string> {
  const items: Record<string, string> = {};
  for (const blog of snapshot.blogs) {
    const id = `blog:${blog.key}`;
    items[id] = known[id] ?? contentHash(blog);
  }
  for (const news of snapshot.news) {
    const id = `news:${news.key}`;
    items[id] = known[id] ?? contentHash(news);
  }
  for (const maker of snapshot.makers) items[`maker:${maker.key}`] = contentHash(maker);
  for (const brand of snapshot.brands) items[`brand:${brand.key}`] = contentHash(brand);
  for (const page of snapshot.pages) items[`page:${page.url}`] = contentHash(page);
  items.settings = contentHash(snapshot.settings);
  // Issue 10's kinds. FAQ items and categories all become /faq/; a stylist's page also shows their
  // posts (blog:<key> ids carry stylist_id); catalogues become /flip-book/; categories /sitemap/.
  for (const qa of snapshot.qas) items[`qa:${qa.id}`] = contentHash(qa);
  for (const category of snapshot.qaCategories) items[`qa-category:${category.id}`] = contentHash(category);
  for (const stylist of snapshot.stylists) items[`stylist:${stylist.key}`] = contentHash(stylist);
  for (const lp of snapshot.landingPages) items[`lp:${lp.key}`] = contentHash(lp);
  for (const popup of snapshot.popups) items[`popup:${popup.id}`] = contentHash(popup);
  for (const catalog of snapshot.catalogs) items[`catalog:${catalog.id}`] = contentHash(catalog);
  for (const category of snapshot.categories) items[`category:${category.key}`] = contentHash(category);
  return items;
}

/** Ids added, changed or removed between two hash maps, sorted. */
export function diffItems(previous: Record<string, string>, next: Record<string, string>): string[] {
  const changed = new Set<string>();
  for (const [id, hash] of Object.entries(next)) if (previous[id] !== hash) changed.add(id);
  for (const id of Object.keys(previous)) if (!(id in next)) changed.add(id);
  return [...changed].sort();
}
