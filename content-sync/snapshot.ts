/**
 * Reads the content snapshot written by sync.ts. Used by the pre-rendered Astro pages at build
 * time. When the snapshot (or one file of it) is missing, the lists are empty, so `astro build`
 * always succeeds; `npm run build` and `npm start` run content-sync first to fill it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  SNAPSHOT_FILES,
  type Snapshot,
  snapshotBlogsSchema,
  snapshotBrandsSchema,
  snapshotCatalogsSchema,
  snapshotCategoriesSchema,
  snapshotLandingPagesSchema,
  snapshotMakersSchema,
  snapshotNewsSchema,
  snapshotPagesSchema,
  snapshotPopupsSchema,
  snapshotQaCategoriesSchema,
  snapshotQasSchema,
  snapshotSettingsSchema,
  snapshotStylistsSchema,
} from './schema.ts';

/**
 * Snapshot root. Relative to the working directory, not to this file: Astro bundles this module
 * into dist/ before pre-rendering, so import.meta.url would point into the build output.
 */
export const DEFAULT_SNAPSHOT_ROOT = path.resolve(
  process.env.CONTENT_SNAPSHOT_DIR ?? path.join(process.cwd(), 'content-sync', '.snapshot'),
);

/** '/law', 'law/', '/law/' → '/law/' (the storefront's trailing-slash form). */
export function normalisePagePath(url: string): string {
  const trimmed = url.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

function readPart<S extends z.ZodType>(dir: string, file: string, schema: S, empty: z.infer<S>): z.infer<S> {
  const full = path.join(dir, file);
  if (!existsSync(full)) return empty;
  try {
    return schema.parse(JSON.parse(readFileSync(full, 'utf8')));
  } catch (error) {
    throw new Error(`Content snapshot file ${full} is invalid; run content-sync again. ${error instanceof Error ? error.message : ''}`);
  }
}

const cache = new Map<string, { stamp: string; snapshot: Snapshot }>();

/**
 * The manifest's mtime and size: sync.ts writes it last, so a new stamp means a new snapshot. A
 * long-lived renderer (scripts/host/content-build-renderer.ts) thus re-reads the snapshot after each sync.
 */
function snapshotStamp(dir: string): string {
  try {
    const s = statSync(path.join(dir, SNAPSHOT_FILES.manifest));
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return 'none';
  }
}

/** Loads a channel's snapshot (cached per process until the next sync); missing files give empty lists and null settings. */
export function loadSnapshot(channel: string, root: string = DEFAULT_SNAPSHOT_ROOT): Snapshot {
  const dir = path.join(root, channel);
  const stamp = snapshotStamp(dir);
  const cached = cache.get(dir);
  if (cached && cached.stamp === stamp) return cached.snapshot;
  const byNewest = <T extends { published_at: string }>(items: T[]): T[] =>
    [...items].sort((a, b) => (a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : 0));
  const snapshot: Snapshot = {
    blogs: byNewest(readPart(dir, SNAPSHOT_FILES.blogs, snapshotBlogsSchema, [])),
    news: byNewest(readPart(dir, SNAPSHOT_FILES.news, snapshotNewsSchema, [])),
    makers: readPart(dir, SNAPSHOT_FILES.makers, snapshotMakersSchema, []),
    brands: readPart(dir, SNAPSHOT_FILES.brands, snapshotBrandsSchema, []),
    pages: readPart(dir, SNAPSHOT_FILES.pages, snapshotPagesSchema, []),
    settings: readPart(dir, SNAPSHOT_FILES.settings, snapshotSettingsSchema, null),
    qas: readPart(dir, SNAPSHOT_FILES.qas, snapshotQasSchema, []),
    qaCategories: readPart(dir, SNAPSHOT_FILES.qaCategories, snapshotQaCategoriesSchema, []),
    stylists: readPart(dir, SNAPSHOT_FILES.stylists, snapshotStylistsSchema, []),
    landingPages: readPart(dir, SNAPSHOT_FILES.landingPages, snapshotLandingPagesSchema, []),
    popups: readPart(dir, SNAPSHOT_FILES.popups, snapshotPopupsSchema, []),
    catalogs: readPart(dir, SNAPSHOT_FILES.catalogs, snapshotCatalogsSchema, []),
    categories: readPart(dir, SNAPSHOT_FILES.categories, snapshotCategoriesSchema, []),
  };
  cache.set(dir, { stamp, snapshot });
  return snapshot;
}

/** Forgets cached snapshots (tests, or a long-lived dev server after a sync). */
export function clearSnapshotCache(): void {
  cache.clear();
}
