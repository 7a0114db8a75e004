/**
 * Cache keys for Astro's incremental build (experimental.incrementalBuild): a pre-rendered page is
 * copied from the previous build when its key and its code are unchanged, and rendered again
 * otherwise. A key covers everything a page shows from the snapshot: its own items plus the front
 * settings, which every layout reads (site name, header, footer, selling-stopped notice).
 */
import { contentHash } from './manifest.ts';
import { listPageParam } from './paging.ts';
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

/**
 * getStaticPaths of a paginated post list (/blog/, /news/): Astro's paginate() pages of `items`, with
 * page 1 at the list's own URL and a cacheKey per page, so a list page is rendered again only when its
 * items or the page count change.
 */
export function listPagePaths<T>(
  paginate: (
    items: T[],
    opts: { pageSize: number },
  ) => Array<{
    params: Record<string, string | undefined>;
    props: { page: { data: T[]; total: number; lastPage: number; currentPage: number } };
  }>,
  snapshot: Snapshot,
  items: T[],
  pageSize: number,
) {
  return paginate(items, { pageSize }).map((entry) => {
    const { data, total, lastPage, currentPage } = entry.props.page;
    return {
      ...entry,
      params: { page: listPageParam(currentPage) },
      cacheKey: pageCacheKey(snapshot, { data, total, lastPage, currentPage }),
    };
  });
}
