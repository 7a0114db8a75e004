/**
 * content-sync: pulls the CMS content of one channel (blogs, news, makers, brands, static pages,
 * front settings, FAQ, stylists, landing pages, popups, catalogues, product categories) from the Shop API into content-sync/.snapshot/<channel>/, sanitising every HTML
 * body, and reports which items changed since the previous sync (manifest.json holds a hash per
 * item) so a rebuild can redo only those pages.
 *
 * CLI: `npx node content-sync/sync.ts` (or `npm run content-sync`), reading API_BASE_URL
 * (default http://127.0.0.1:$PORT, PORT default 4321) and CHANNEL (default 'default').
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { catalogListSchema } from '#contracts/catalog-order.ts';
import {
  blogSchema, brandSchema, landingPageSchema, makerSchema, newsSchema, popupSchema, qaCategorySchema, qaSchema, staticPageSchema,
  staticPageUrlSchema, stylistSchema,
} from '#contracts/content.ts';
import { categoryHierarchySchema } from '#contracts/products.ts';
import { frontSettingsSchema } from '#contracts/settings.ts';
import { createApiReader, type FetchLike, SyncHttpError } from './fetch-api.ts';
import { diffItems, hashSnapshot } from './manifest.ts';
import { sanitizeBody } from './sanitize.ts';
import { manifestSchema, SNAPSHOT_FILES, type Manifest, type Snapshot } from './schema.ts';
import { DEFAULT_SNAPSHOT_ROOT, normalisePagePath } from './snapshot.ts';

export interface SyncOptions {
  apiBaseUrl: string;
  channel: string;
  /** Snapshot root; the channel's files go to <outDir>/<channel>/. Default content-sync/.snapshot. */
  outDir?: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: FetchLike;
  /** Clock for the manifest, injected in tests. */
  now?: () => Date;
}

export interface SyncResult {
  /**
   * Item ids (`blog:<key>`, `news:<key>`, `maker:<key>`, `brand:<key>`, `page:<url>`, `settings`, `qa:<id>`,
   * `qa-category:<id>`, `stylist:<key>`, `lp:<key>`, `popup:<id>`, `catalog:<id>`, `category:<key>`) added, changed or removed.
   */
  changed: string[];
}

/**
 * A content kind the API may not offer: a shop's own backend without FAQ or stylists (404) gives an
 * empty list, so its other pages still build; any other failure fails the sync as before.
 */
async function optionalList<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof SyncHttpError && error.status === 404) return [];
    throw error;
  }
}

/** Pulls everything from the API into a Snapshot (bodies sanitised). */
export async function pullSnapshot(apiBaseUrl: string, channel: string, fetchImpl?: FetchLike): Promise<Snapshot> {
  const api = createApiReader(apiBaseUrl, channel, fetchImpl);
  const [blogs, news, makers, brands, pageUrls, settings] = await Promise.all([
    api.getAllPages('/v1/blogs', blogSchema),
    api.getAllPages('/v1/news', newsSchema),
    api.get('/v1/makers', z.array(makerSchema), { per: 'all' }),
    api.get('/v1/brands', z.array(brandSchema), { per: 'all' }),
    api.get('/v1/static-pages/urls', z.array(staticPageUrlSchema)),
    api.get('/v1/settings/front', frontSettingsSchema),
  ]);
  const [qas, qaCategories, stylists, landingPages, popups, catalogs, categories] = await Promise.all([
    optionalList(() => api.get('/v1/qas', z.array(qaSchema), { per: 'all' })),
    optionalList(() => api.get('/v1/qa-categories', z.array(qaCategorySchema))),
    optionalList(() => api.get('/v1/stylists', z.array(stylistSchema), { per: 'all' })),
    optionalList(() => api.get('/v1/lp', z.array(landingPageSchema), { per: 'all' })),
    optionalList(() => api.get('/v1/popups', z.array(popupSchema))),
    optionalList(() => api.get('/v1/catalog', catalogListSchema)),
    optionalList(() => api.get('/v1/categories/hierarchy', categoryHierarchySchema, { table: 'products' })),
  ]);
  const pages = [];
  for (const { url } of pageUrls) {
    const apiPath = `/v1/static-pages/url${normalisePagePath(url).replace(/\/$/, '')}`;
    try {
      const page = await api.get(apiPath, staticPageSchema);
      pages.push({ ...page, url: normalisePagePath(page.url), body: sanitizeBody(page.body) });
    } catch (error) {
      // A page listed but deleted between the two calls is simply left out of this snapshot.
      if (error instanceof SyncHttpError && error.status === 404) continue;
      throw error;
    }
  }
  return {
    blogs: blogs.map((b) => ({ ...b, body: sanitizeBody(b.body) })),
    news: news.map((n) => ({ ...n, body: sanitizeBody(n.body) })),
    makers: makers.map((m) => ({ ...m, description: sanitizeBody(m.description) })),
    brands,
    pages,
    settings,
    qas: qas.map((q) => ({ ...q, answer: sanitizeBody(q.answer) })),
    qaCategories,
    stylists: stylists.map((st) => ({ ...st, profile: sanitizeBody(st.profile) })),
    landingPages: landingPages.map((lp) => ({ ...lp, body: sanitizeBody(lp.body) })),
    popups: popups.map((p) => ({ ...p, body: sanitizeBody(p.body) })),
    catalogs,
    categories,
  };
}

async function readManifest(file: string): Promise<Manifest | null> {
  try {
    return manifestSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return null;
  }
}

/** Writes via a temporary file and rename, so a build reading the snapshot never sees half a file. */
async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(value, null, 2)}\n`, 'utf8');
  await rename(tmp, file);
}

/** Syncs one channel's content into the snapshot and returns the ids of the items that changed. */
export async function syncContent(options: SyncOptions): Promise<SyncResult> {
  const { apiBaseUrl, channel } = options;
  if (!/^[A-Za-z0-9_-]+$/.test(channel)) throw new Error(`Invalid channel id "${channel}"`);
  const dir = path.join(options.outDir ?? DEFAULT_SNAPSHOT_ROOT, channel);
  const snapshot = await pullSnapshot(apiBaseUrl, channel, options.fetch);
  await mkdir(dir, { recursive: true });

  const manifestFile = path.join(dir, SNAPSHOT_FILES.manifest);
  const previous = await readManifest(manifestFile);
  const items = hashSnapshot(snapshot);
  const changed = diffItems(previous?.items ?? {}, items);

  await Promise.all([
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.blogs), snapshot.blogs),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.news), snapshot.news),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.makers), snapshot.makers),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.brands), snapshot.brands),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.pages), snapshot.pages),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.settings), snapshot.settings),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.qas), snapshot.qas),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.qaCategories), snapshot.qaCategories),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.stylists), snapshot.stylists),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.landingPages), snapshot.landingPages),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.popups), snapshot.popups),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.catalogs), snapshot.catalogs),
    writeJsonAtomic(path.join(dir, SNAPSHOT_FILES.categories), snapshot.categories),
  ]);
  // The manifest goes last: it marks the snapshot complete.
  const manifest: Manifest = { channel, synced_at: (options.now ?? (() => new Date()))().toISOString(), items };
  await writeJsonAtomic(manifestFile, manifest);
  return { changed };
}

async function main(): Promise<void> {
  const port = process.env.PORT ?? '4321';
  const apiBaseUrl = process.env.API_BASE_URL || `http://127.0.0.1:${port}`;
  const channel = process.env.CHANNEL || 'default';
  const started = Date.now();
  const { changed } = await syncContent({ apiBaseUrl, channel });
  const summary = changed.length ? `${changed.length} changed: ${changed.slice(0, 20).join(', ')}${changed.length > 20 ? ', …' : ''}` : 'nothing changed';
  console.log(`content-sync: channel "${channel}" from ${apiBaseUrl} in ${Date.now() - started} ms, ${summary}`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(`content-sync failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
