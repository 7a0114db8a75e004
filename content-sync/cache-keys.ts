/**
 * Cache keys for Astro's incremental build (experimental.incrementalBuild): a pre-rendered page is
 * copied from the previous build when its key and its code are unchanged, and rendered again
 * otherwise. A key covers everything a page shows from the snapshot: its own items plus the front
 * settings, which every layout reads (site name, header, footer, selling-stopped notice).
 */
import { contentHash } from './manifest.ts';
import type { Snapshot } from './schema.ts';

const settingsKeys = new WeakMap<object, string>();

function settingsKey(snapshot: Snapshot): string {
  const holder = snapshot as object;
  let key = settingsKeys.get(holder);
  if (key === undefined) {
    key = contentHash(snapshot.settings);
    settingsKeys.set(holder, key);
  }
  return key;
}

/** The key of a page that renders `data` (one item, or a list page's items) inside the layout. */
export function pageCacheKey(snapshot: Snapshot, data: unknown): string {
  return `${contentHash(data)}.${settingsKey(snapshot)}`;
}
