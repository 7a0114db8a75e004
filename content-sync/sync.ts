/**
 * content-sync: pulls the CMS content of one channel (blogs, news, makers, brands, static pages,
 * front settings) from the Shop API into content-sync/.snapshot/<channel>/, sanitising every HTML
 * body, and reports which items changed since the previous sync (manifest.json holds a hash per
 * item) so a rebuild can redo only those pages.
 *
 * CLI: `npx node content-sync/sync.ts` (or `npm run content-sync`), reading API_BASE_URL
 * (default http://127.0.0.1:$PORT, PORT default 4321) and CHANNEL (default 'default').
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { blogSchema, brandSchema, makerSchema, newsSchema, staticPageSchema, staticPageUrlSchema } from '#contracts/content.ts';
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
  /** Item ids (`blog:<key>`, `news:<key>`, `maker:<key>`, `brand:<key>`, `page:<url>`, `settings`) added, changed or removed. */
  changed: string[];
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
