/**
 * content-sync: pulls the CMS content of one channel (blogs, news, makers, brands, static pages,
 * front settings, FAQ, stylists, landing pages, popups, catalogues, product categories) from the Shop API into content-sync/.snapshot/<channel>/, sanitising every HTML
 * body, and reports which items changed since the previous sync (manifest.json holds a hash per
 * item) so a rebuild can redo only those pages.
 *
 * Blogs and news (thousands of items) are synced incrementally: GET /v1/content-state/items gives a
 * revision per published post (an md5 the API computes in SQL over everything the post serialises);
 * only posts whose revision is new or moved are fetched (GET /v1/blogs/{id}, /v1/news/{id}), posts gone
 * from the index are dropped, and the rest are taken from the previous snapshot with their previous
 * hash. Without a usable previous snapshot, with an API that has no index, or when more than
 * MAX_INCREMENTAL posts moved, everything is pulled as before. The result (files and `changed`) is the
 * same as a full pull's. The other kinds are small and always pulled whole.
 *
 * CLI: `npx node content-sync/sync.ts` (or `npm run content-sync`), reading API_BASE_URL
 * (default http://127.0.0.1:$PORT, PORT default 4321) and CHANNEL (default 'default').
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { catalogListSchema } from '#contracts/catalog-order.ts';
import {
  blogSchema, brandSchema, contentItemsSchema, landingPageSchema, makerSchema, newsSchema, popupSchema, qaCategorySchema, qaSchema,
  staticPageSchema, staticPageUrlSchema, stylistSchema, type Blog, type ContentItemRev, type ContentItems, type News,
} from '#contracts/content.ts';
import { categoryHierarchySchema } from '#contracts/products.ts';
import { frontSettingsSchema } from '#contracts/settings.ts';
import { type ApiReader, createApiReader, type FetchLike, SyncHttpError } from './fetch-api.ts';
import { contentHash, diffItems, hashSnapshot } from './manifest.ts';
import { SANITIZE_OPTIONS, sanitizeBody } from './sanitize.ts';
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

/** More moved posts than this and a full pull is cheaper than fetching them one by one. */
export const MAX_INCREMENTAL = 200;
/** Detail requests in flight at once during an incremental sync. */
const FETCH_CONCURRENCY = 8;
/**
 * The snapshot format: bump when the files' layout or what the sync does to an item changes. The
 * sanitising policy is part of it, so a new allow-list re-sanitises every post (a full pull).
 */
export const SYNC_FORMAT = contentHash({ version: 2, sanitize: String(JSON.stringify(SANITIZE_OPTIONS)) });
/** The snapshot files holding the big kinds, written compact and reused between syncs. */
const BIG_FILES = [SNAPSHOT_FILES.blogs, SNAPSHOT_FILES.news] as const;

type SmallKinds = Omit<Snapshot, 'blogs' | 'news'>;

/** Every kind but blogs and news (all small): always pulled whole (bodies sanitised). */
async function pullSmallKinds(api: ApiReader): Promise<SmallKinds> {
  const [makers, brands, pageUrls, settings] = await Promise.all([
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

const sanitizeBlog = (b: Blog): Blog => ({ ...b, body: sanitizeBody(b.body) });
const sanitizeNews = (n: News): News => ({ ...n, body: sanitizeBody(n.body) });

/** Pulls everything from the API into a Snapshot (bodies sanitised). */
export async function pullSnapshot(apiBaseUrl: string, channel: string, fetchImpl?: FetchLike): Promise<Snapshot> {
  const api = createApiReader(apiBaseUrl, channel, fetchImpl);
  return pullAll(api);
}

async function pullAll(api: ApiReader): Promise<Snapshot> {
  const [blogs, news, small] = await Promise.all([
    api.getAllPages('/v1/blogs', blogSchema),
    api.getAllPages('/v1/news', newsSchema),
    pullSmallKinds(api),
  ]);
  return { blogs: blogs.map(sanitizeBlog), news: news.map(sanitizeNews), ...small };
}

/** The revision index, or null from an API without one (404): then the sync pulls everything. */
async function readIndex(api: ApiReader): Promise<ContentItems | null> {
  try {
    return await api.get('/v1/content-state/items', contentItemsSchema);
  } catch (error) {
    if (error instanceof SyncHttpError && error.status === 404) return null;
    throw error;
  }
}

/** Runs `work` over `items`, at most `limit` at a time, results in input order. */
async function mapPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** One big kind of the incremental sync: how to name, fetch and clean its items. */
interface BigKind<T extends { key: string }> {
  prefix: 'blog' | 'news';
  file: string;
  detail: (id: number) => string;
  schema: z.ZodType<T>;
  sanitize: (item: T) => T;
}
const BLOG_KIND: BigKind<Blog> = { prefix: 'blog', file: SNAPSHOT_FILES.blogs, detail: (id) => `/v1/blogs/${id}`, schema: blogSchema, sanitize: sanitizeBlog };
const NEWS_KIND: BigKind<News> = { prefix: 'news', file: SNAPSHOT_FILES.news, detail: (id) => `/v1/news/${id}`, schema: newsSchema, sanitize: sanitizeNews };

/** What the incremental path decided for one big kind before fetching. */
interface KindPlan { moved: ContentItemRev[]; same: boolean }

function planKind(prefix: string, index: ContentItemRev[], revs: Record<string, string>): KindPlan {
  const moved = index.filter((e) => revs[`${prefix}:${e.key}`] !== e.rev);
  // Every indexed item unchanged and as many as before: the same set (order follows published_at and id, both in the rev).
  const before = Object.keys(revs).filter((id) => id.startsWith(`${prefix}:`)).length;
  return { moved, same: moved.length === 0 && before === index.length };
}

/** Size and mtime of a file, '' when absent: the manifest's check that a reused file is the one it describes. */
async function fileStamp(file: string): Promise<string> {
  try {
    const s = await stat(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return '';
  }
}

/**
 * The big kinds of a sync after `previous`, fetching only moved posts; null when the previous snapshot
 * cannot be reused (old manifest, other format, files changed since, too many moved posts, an item missing).
 */
async function pullBigIncrementally(api: ApiReader, dir: string, channel: string, previous: Manifest | null, index: ContentItems): Promise<{
  blogs: Blog[] | null; news: News[] | null; known: Record<string, string>; fetched: number;
} | null> {
  if (!previous?.revs || previous.format !== SYNC_FORMAT || previous.channel !== channel || !previous.files) return null;
  for (const file of BIG_FILES) if (!previous.files[file] || previous.files[file] !== await fileStamp(path.join(dir, file))) return null;
  const revs = previous.revs;
  const blogPlan = planKind('blog', index.blogs, revs);
  const newsPlan = planKind('news', index.news, revs);
  if (blogPlan.moved.length + newsPlan.moved.length > MAX_INCREMENTAL) return null;
  const known: Record<string, string> = {};

  async function kind<T extends { key: string }>(k: BigKind<T>, entries: ContentItemRev[], plan: KindPlan): Promise<T[] | null | false> {
    if (plan.same) {
      // Untouched: the file stays as it is and every hash is the previous one.
      for (const e of entries) {
        const hash = previous!.items[`${k.prefix}:${e.key}`];
        if (!hash) return false;
        known[`${k.prefix}:${e.key}`] = hash;
      }
      return null;
    }
    const movedKeys = new Set(plan.moved.map((e) => e.key));
    const old = new Map<string, T>();
    const parsed: unknown = JSON.parse(await readFile(path.join(dir, k.file), 'utf8'));
    if (!Array.isArray(parsed)) return false;
    for (const item of parsed as T[]) old.set(item.key, item);
    for (const e of entries) {
      if (movedKeys.has(e.key)) continue;
      const hash = previous!.items[`${k.prefix}:${e.key}`];
      if (!old.has(e.key) || !hash) return false;
      known[`${k.prefix}:${e.key}`] = hash;
    }
    const fresh = new Map<string, T>();
    await mapPool(plan.moved, FETCH_CONCURRENCY, async (e) => {
      try {
        // `rev` in the URL: a shared cache in front of the API (the detail answers allow s-maxage)
        // keys on it, so it can never serve the post as it was before this revision.
        fresh.set(e.key, k.sanitize(await api.get(k.detail(e.id), k.schema, { rev: e.rev })));
      } catch (error) {
        // Unpublished or deleted since the index was read: left out, as a full pull now would.
        if (!(error instanceof SyncHttpError && error.status === 404)) throw error;
      }
    });
    const out: T[] = [];
    for (const e of entries) {
      const item = movedKeys.has(e.key) ? fresh.get(e.key) : old.get(e.key);
      if (item) out.push(item);
    }
    return out;
  }

  const [blogs, news] = await Promise.all([kind(BLOG_KIND, index.blogs, blogPlan), kind(NEWS_KIND, index.news, newsPlan)]);
  if (blogs === false || news === false) return null;
  return { blogs, news, known, fetched: blogPlan.moved.length + newsPlan.moved.length };
}

async function readManifest(file: string): Promise<Manifest | null> {
  try {
    return manifestSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return null;
  }
}

/**
 * Writes `text` via a temporary file and rename, so a build reading the snapshot never sees half a
 * file; a file whose content is already `text` is left alone (and keeps its mtime).
 */
async function writeIfChanged(file: string, text: string): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => null);
  if (current === text) return;
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, text, 'utf8');
  await rename(tmp, file);
}

/** Small files stay indented for people reading them; the big lists are compact. */
const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const compact = (value: unknown) => `${JSON.stringify(value)}\n`;

/**
 * The revision of each blog/news item of `snapshot`, from the index read before pulling, or '' (fetch
 * it next time) when the index read after pulling disagrees: the item moved while the sync ran, so the
 * content written may be newer than the first revision.
 */
function revsOf(snapshot: Pick<Snapshot, 'blogs' | 'news'>, before: ContentItems, after: ContentItems | null): Record<string, string> {
  const revs: Record<string, string> = {};
  const add = (prefix: string, items: { key: string }[], b: ContentItemRev[], a: ContentItemRev[] | null) => {
    const first = new Map(b.map((e) => [e.key, e.rev]));
    const second = a ? new Map(a.map((e) => [e.key, e.rev])) : first;
    for (const { key } of items) {
      const rev = first.get(key);
      revs[`${prefix}:${key}`] = rev !== undefined && second.get(key) === rev ? rev : '';
    }
  };
  add('blog', snapshot.blogs, before.blogs, after?.blogs ?? null);
  add('news', snapshot.news, before.news, after?.news ?? null);
  return revs;
}

/** Syncs one channel's content into the snapshot and returns the ids of the items that changed. */
export async function syncContent(options: SyncOptions): Promise<SyncResult> {
  const { apiBaseUrl, channel } = options;
  if (!/^[A-Za-z0-9_-]+$/.test(channel)) throw new Error(`Invalid channel id "${channel}"`);
  const dir = path.join(options.outDir ?? DEFAULT_SNAPSHOT_ROOT, channel);
  const api = createApiReader(apiBaseUrl, channel, options.fetch);
  await mkdir(dir, { recursive: true });
  const manifestFile = path.join(dir, SNAPSHOT_FILES.manifest);
  const previous = await readManifest(manifestFile);

  const index = await readIndex(api);
  const [incremental, small] = await Promise.all([
    index ? pullBigIncrementally(api, dir, channel, previous, index) : Promise.resolve(null),
    pullSmallKinds(api),
  ]);
  let blogs: Blog[] | null;
  let news: News[] | null;
  let known: Record<string, string> = {};
  let fetched: number;
  if (incremental) {
    ({ blogs, news, known, fetched } = incremental);
  } else {
    [blogs, news] = await Promise.all([
      api.getAllPages('/v1/blogs', blogSchema).then((list) => list.map(sanitizeBlog)),
      api.getAllPages('/v1/news', newsSchema).then((list) => list.map(sanitizeNews)),
    ]);
    fetched = blogs.length + news.length;
  }
  // An untouched big kind (null) is represented by its previous items only through `known`: no item
  // is read, hashed or written. hashSnapshot needs the keys, which `known` carries in index order.
  const keysOf = (prefix: string) => Object.keys(known).filter((id) => id.startsWith(`${prefix}:`)).map((id) => ({ key: id.slice(prefix.length + 1) }));
  const snapshotForHash = {
    ...small,
    blogs: (blogs ?? keysOf('blog')) as Blog[],
    news: (news ?? keysOf('news')) as News[],
  };
  const items = hashSnapshot(snapshotForHash, known);
  const changed = diffItems(previous?.items ?? {}, items);
  // A second look at the index when posts were fetched: a post edited meanwhile gets no revision.
  const after = index && fetched > 0 ? await readIndex(api) : index;
  const revs = index ? revsOf(snapshotForHash, index, after) : undefined;

  await Promise.all([
    blogs ? writeIfChanged(path.join(dir, SNAPSHOT_FILES.blogs), compact(blogs)) : null,
    news ? writeIfChanged(path.join(dir, SNAPSHOT_FILES.news), compact(news)) : null,
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.makers), pretty(small.makers)),
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.brands), pretty(small.brands)),
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.pages), pretty(small.pages)),
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.settings), pretty(small.settings)),
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.qas), pretty(small.qas)),
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.qaCategories), pretty(small.qaCategories)),
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.stylists), pretty(small.stylists)),
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.landingPages), pretty(small.landingPages)),
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.popups), pretty(small.popups)),
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.catalogs), pretty(small.catalogs)),
    writeIfChanged(path.join(dir, SNAPSHOT_FILES.categories), pretty(small.categories)),
  ]);
  const files: Record<string, string> = {};
  for (const file of BIG_FILES) files[file] = await fileStamp(path.join(dir, file));
  // The manifest goes last: it marks the snapshot complete.
  const manifest: Manifest = {
    channel, synced_at: (options.now ?? (() => new Date()))().toISOString(), items,
    ...(revs ? { revs, format: SYNC_FORMAT, files } : {}),
  };
  const tmp = `${manifestFile}.${process.pid}.tmp`;
  await writeFile(tmp, pretty(manifest), 'utf8');
  await rename(tmp, manifestFile);
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
