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
  type Blog,
  blogSchema,
  brandSchema,
  type ContentItemRev,
  type ContentItems,
  contentItemsSchema,
  landingPageSchema,
  makerSchema,
  type News,
  newsSchema,
  popupSchema,
  qaCategorySchema,
  qaSchema,
  staticPageSchema,
  staticPageUrlSchema,
  stylistSchema,
} from '#contracts/content.ts';
import { categoryHierarchySchema } from '#contracts/products.ts';
import { frontSettingsSchema } from '#contracts/settings.ts';
import { refuseUnsafeProduction } from '../api/src/lib/production-secrets.ts';
import { type ApiReader, createApiReader, type FetchLike, SyncHttpError } from './fetch-api.ts';
import { contentHash, diffItems, hashSnapshot } from './manifest.ts';
import { SANITIZE_OPTIONS, sanitizeBody } from './sanitize.ts';
import { type Manifest, manifestSchema, SNAPSHOT_FILES, type Snapshot } from './schema.ts';
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
  // Each page's body in turn (a few at a time), in the order of the list.
  const fetchedPages = await mapPool(pageUrls, FETCH_CONCURRENCY, async ({ url }) => {
    const apiPath = `/v1/static-pages/url${normalisePagePath(url).replace(/\/$/, '')}`;
    try {
      const page = await api.get(apiPath, staticPageSchema);
      return { ...page, url: normalisePagePath(page.url), body: sanitizeBody(page.body) };
    } catch (error) {
      // A page listed but deleted between the two calls is simply left out of this snapshot.
      if (error instanceof SyncHttpError && error.status === 404) return null;
      throw error;
    }
  });
  const pages = fetchedPages.filter((page) => page !== null);
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
const BLOG_KIND: BigKind<Blog> = {
  prefix: 'blog',
  file: SNAPSHOT_FILES.blogs,
  detail: (id) => `/v1/blogs/${id}`,
  schema: blogSchema,
  sanitize: sanitizeBlog,
};
const NEWS_KIND: BigKind<News> = {
  prefix: 'news',
  file: SNAPSHOT_FILES.news,
  detail: (id) => `/v1/news/${id}`,
  schema: newsSchema,
  sanitize: sanitizeNews,
};

/**
 * A big kind after a sync: the file's new text (null: unchanged, not rewritten) and its items in order,
 * whole where fetched now and `{key}` stubs where reused (their hash comes from the manifest).
 */
interface BigPart {
  text: string | null;
  items: Array<{ key: string }>;
}

/**
 * The big lists are written one compact item per line (`[`, items each on its own line, `]`), still
 * plain JSON for the loader, so an incremental sync replaces the lines of moved items and keeps the
 * others as they are. JSON.stringify never writes a raw newline inside a value.
 */
function joinItemLines(lines: string[]): string {
  return lines.length ? `[\n${lines.join(',\n')}\n]\n` : '[]\n';
}

const ITEM_LINE_KEY = /^\{"id":-?\d+,"key":("(?:[^"\\]|\\.)*")/;

/** key → line of a file written by joinItemLines; null when the file is not in that form. */
function splitItemLines(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  if (text === '[]\n') return out;
  if (!text.startsWith('[\n') || !text.endsWith('\n]\n')) return null;
  const lines = text.slice(2, -3).split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = i < lines.length - 1 ? (lines[i].endsWith(',') ? lines[i].slice(0, -1) : null) : lines[i];
    const m = line === null ? null : ITEM_LINE_KEY.exec(line);
    if (!line || !m) return null;
    out.set(JSON.parse(m[1]) as string, line);
  }
  return out;
}

/** What the incremental path decided for one big kind before fetching. */
interface KindPlan {
  moved: ContentItemRev[];
  same: boolean;
}

function planKind(prefix: string, index: ContentItemRev[], revs: Record<string, string>): KindPlan {
  // An empty revision (the API could not tell, or the post moved while the last sync ran) always moves.
  const moved = index.filter((e) => !e.rev || revs[`${prefix}:${e.key}`] !== e.rev);
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
async function pullBigIncrementally(
  api: ApiReader,
  dir: string,
  channel: string,
  previous: Manifest | null,
  index: ContentItems,
): Promise<{
  blogs: BigPart;
  news: BigPart;
  known: Record<string, string>;
  fetched: number;
} | null> {
  if (!previous?.revs || previous.format !== SYNC_FORMAT || previous.channel !== channel || !previous.files) return null;
  for (const file of BIG_FILES) if (!previous.files[file] || previous.files[file] !== (await fileStamp(path.join(dir, file)))) return null;
  const revs = previous.revs;
  const blogPlan = planKind('blog', index.blogs, revs);
  const newsPlan = planKind('news', index.news, revs);
  if (blogPlan.moved.length + newsPlan.moved.length > MAX_INCREMENTAL) return null;
  const known: Record<string, string> = {};

  async function kind<T extends { key: string }>(k: BigKind<T>, entries: ContentItemRev[], plan: KindPlan): Promise<BigPart | false> {
    const stubs = entries.map((e) => ({ key: e.key }));
    if (plan.same) {
      // Untouched: the file stays as it is and every hash is the previous one.
      for (const e of entries) {
        const hash = previous!.items[`${k.prefix}:${e.key}`];
        if (!hash) return false;
        known[`${k.prefix}:${e.key}`] = hash;
      }
      return { text: null, items: stubs };
    }
    const movedKeys = new Set(plan.moved.map((e) => e.key));
    // The previous items stay as their lines of the file: neither parsed nor serialised again.
    const old = splitItemLines(await readFile(path.join(dir, k.file), 'utf8'));
    if (!old) return false;
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
    const lines: string[] = [];
    const items: Array<{ key: string }> = [];
    for (const e of entries) {
      if (movedKeys.has(e.key)) {
        const item = fresh.get(e.key);
        if (!item) continue;
        lines.push(JSON.stringify(item));
        items.push(item);
      } else {
        lines.push(old.get(e.key)!);
        items.push({ key: e.key });
      }
    }
    return { text: joinItemLines(lines), items };
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
  await writeAtomic(file, text);
}

async function writeAtomic(file: string, text: string): Promise<void> {
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
  let blogs: BigPart;
  let news: BigPart;
  let known: Record<string, string> = {};
  let fetched: number;
  if (incremental) {
    ({ blogs, news, known, fetched } = incremental);
  } else {
    const [allBlogs, allNews] = await Promise.all([
      api.getAllPages('/v1/blogs', blogSchema).then((list) => list.map(sanitizeBlog)),
      api.getAllPages('/v1/news', newsSchema).then((list) => list.map(sanitizeNews)),
    ]);
    blogs = { text: joinItemLines(allBlogs.map((b) => JSON.stringify(b))), items: allBlogs };
    news = { text: joinItemLines(allNews.map((n) => JSON.stringify(n))), items: allNews };
    fetched = allBlogs.length + allNews.length;
  }
  // A second look at the index when posts were fetched (a post edited meanwhile gets no revision),
  // while the files are written.
  const after = index && fetched > 0 ? readIndex(api) : Promise.resolve(index);
  after.catch(() => {});
  // Reused items are `{key}` stubs here: hashSnapshot takes their hash from `known`.
  const snapshotForHash = { ...small, blogs: blogs.items as Blog[], news: news.items as News[] };
  const items = hashSnapshot(snapshotForHash, known);
  const changed = diffItems(previous?.items ?? {}, items);

  // A big file after an incremental pull differs from the previous one exactly when one of its items
  // did (order follows published_at and id, which the hash covers): no need to read it back to compare.
  const bigWrite = (file: string, part: BigPart, prefix: string) => {
    if (part.text === null) return null;
    if (incremental && !changed.some((id) => id.startsWith(prefix))) return null;
    return incremental ? writeAtomic(file, part.text) : writeIfChanged(file, part.text);
  };
  await Promise.all([
    bigWrite(path.join(dir, SNAPSHOT_FILES.blogs), blogs, 'blog:'),
    bigWrite(path.join(dir, SNAPSHOT_FILES.news), news, 'news:'),
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
  const revs = index ? revsOf(snapshotForHash, index, await after) : undefined;
  const files: Record<string, string> = {};
  for (const file of BIG_FILES) files[file] = await fileStamp(path.join(dir, file));
  // The manifest goes last: it marks the snapshot complete.
  const manifest: Manifest = {
    channel,
    synced_at: (options.now ?? (() => new Date()))().toISOString(),
    items,
    ...(revs ? { revs, format: SYNC_FORMAT, files } : {}),
  };
  const tmp = `${manifestFile}.${process.pid}.tmp`;
  await writeFile(tmp, compact(manifest), 'utf8');
  await rename(tmp, manifestFile);
  return { changed };
}

async function main(): Promise<void> {
  // Its calls pass the maintenance switch with the internal secret (contracts/internal.ts).
  refuseUnsafeProduction('content-sync', ['SHOP_INTERNAL_SECRET']);
  const port = process.env.PORT ?? '4321';
  const apiBaseUrl = process.env.API_BASE_URL || `http://127.0.0.1:${port}`;
  const channel = process.env.CHANNEL || 'default';
  const started = Date.now();
  const { changed } = await syncContent({ apiBaseUrl, channel });
  const summary = changed.length
    ? `${changed.length} changed: ${changed.slice(0, 20).join(', ')}${changed.length > 20 ? ', …' : ''}`
    : 'nothing changed';
  console.log(`content-sync: channel "${channel}" from ${apiBaseUrl} in ${Date.now() - started} ms, ${summary}`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(`content-sync failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
