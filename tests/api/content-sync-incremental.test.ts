/**
 * Incremental content-sync (issue 10) against the real API on PGlite and PostgreSQL: the revision index
 * (GET /v1/content-state/items) lists exactly the posts GET /v1/blogs and GET /v1/news serve, in their
 * order, and its revisions move with every serialised change; a sync after edits by SQL fetches only the
 * moved posts, yet writes snapshot files byte-identical to a from-scratch full sync's and reports exactly
 * the ids a full pull would.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blogSchema, contentItemsSchema, newsSchema } from '#contracts/content.ts';
import { diffItems } from '../../content-sync/manifest.ts';
import { manifestSchema } from '../../content-sync/schema.ts';
import { MAX_INCREMENTAL, syncContent } from '../../content-sync/sync.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
let root: string;
beforeAll(async () => {
  shop = await createTestShop();
  root = await mkdtemp(path.join(tmpdir(), 'content-sync-inc-'));
}, 180_000);
afterAll(async () => {
  await shop?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Rows of a raw SQL query. */
async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await shop.database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The API as content-sync sees it, every URL it asks for recorded. */
function apiFetch(log: string[]) {
  return (input: string, init?: { headers?: Record<string, string> }) => {
    const url = new URL(input);
    log.push(url.pathname + url.search);
    return Promise.resolve(shop.app.request(input, init));
  };
}

async function sync(outDir: string) {
  const requests: string[] = [];
  const result = await syncContent({ apiBaseUrl: 'http://api.test', channel: 'default', outDir, fetch: apiFetch(requests) });
  return { ...result, requests };
}

const dataFiles = async (dir: string) => (await readdir(dir)).filter((f) => f.endsWith('.json') && f !== 'manifest.json').sort();
const manifestOf = async (outDir: string) =>
  manifestSchema.parse(JSON.parse(await readFile(path.join(outDir, 'default', 'manifest.json'), 'utf8')));
const pagedListCalls = (requests: string[]) => requests.filter((r) => /^\/v1\/(blogs|news)\?/.test(r));
const detailCalls = (requests: string[]) => requests.filter((r) => /^\/v1\/(blogs|news)\/\d+/.test(r));

/** A from-scratch full sync of the current data: its files must equal `outDir`'s byte for byte. */
async function expectSameAsFullSync(outDir: string) {
  const fresh = await mkdtemp(path.join(root, 'full-'));
  const full = await sync(fresh);
  expect(pagedListCalls(full.requests).length).toBeGreaterThan(0);
  const a = path.join(outDir, 'default');
  const b = path.join(fresh, 'default');
  expect(await dataFiles(a)).toEqual(await dataFiles(b));
  for (const file of await dataFiles(b)) {
    expect(await readFile(path.join(a, file), 'utf8'), file).toBe(await readFile(path.join(b, file), 'utf8'));
  }
  // Same content hashes too, so the next sync's `changed` is the same whichever was used.
  expect((await manifestOf(outDir)).items).toEqual((await manifestOf(fresh)).items);
  return manifestOf(fresh);
}

async function index(channel = 'default') {
  const res = await shop.request('GET', '/v1/content-state/items', { channel });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return contentItemsSchema.parse(await res.json());
}

describe('GET /v1/content-state/items', () => {
  it('lists the published posts of GET /v1/blogs and /v1/news in their order, of the channel only', async () => {
    for (const channel of ['default', 'outlet']) {
      const idx = await index(channel);
      const blogs = z.array(blogSchema).parse(await (await shop.request('GET', '/v1/blogs?per=all', { channel })).json());
      const news = z.array(newsSchema).parse(await (await shop.request('GET', '/v1/news?per=all', { channel })).json());
      expect(idx.blogs.map((e) => [e.id, e.key])).toEqual(blogs.map((b) => [b.id, b.key]));
      expect(idx.news.map((e) => [e.id, e.key])).toEqual(news.map((n) => [n.id, n.key]));
    }
    expect((await index()).blogs.length).toBeGreaterThan(1);
  });

  it('moves a revision with every serialised column, whoever writes it, and with nothing else', async () => {
    const db = shop.database.db;
    const rev = async (kind: 'blogs' | 'news', id: number) => (await index())[kind].find((e) => e.id === id)?.rev;
    const [{ id: blogId }] = await query<{ id: number }>(
      sql`select id from blogs where channel_id = 'default' and published_at <= now() order by id limit 1`,
    );
    const [{ id: newsId }] = await query<{ id: number }>(
      sql`select id from news where channel_id = 'default' and published_at <= now() order by id limit 1`,
    );
    let last = await rev('blogs', blogId);
    const blogEdits = [
      sql`update blogs set title = title || '!' where id = ${blogId}`,
      sql`update blogs set excerpt = excerpt || '!' where id = ${blogId}`,
      sql`update blogs set body = body || '<p>追記</p>' where id = ${blogId}`,
      sql`update blogs set image = 'https://img.example/x.jpg' where id = ${blogId}`,
      sql`update blogs set tags = '["新タグ"]'::jsonb where id = ${blogId}`,
      sql`update blogs set stylist_id = (select min(id) from stylists) where id = ${blogId}`,
      sql`update blogs set published_at = published_at - interval '1 second' where id = ${blogId}`,
    ];
    for (const edit of blogEdits) {
      await db.execute(edit);
      const next = await rev('blogs', blogId);
      expect(next).not.toBe(last);
      last = next;
    }
    await db.execute(sql`update blogs set updated_at = now() where id = ${blogId}`);
    expect(await rev('blogs', blogId)).toBe(last);
    let lastNews = await rev('news', newsId);
    for (const edit of [
      sql`update news set title = title || '!' where id = ${newsId}`,
      sql`update news set is_important = not is_important where id = ${newsId}`,
      sql`update news set body = body || '<p>追記</p>' where id = ${newsId}`,
    ]) {
      await db.execute(edit);
      const next = await rev('news', newsId);
      expect(next).not.toBe(lastNews);
      lastNews = next;
    }
  });
});

describe('incremental content-sync', () => {
  it('after edits, deletions, un-publishing, new and due posts and a stylist edit: only moved posts fetched, files and changed as a full sync', async () => {
    const db = shop.database.db;
    const out = await mkdtemp(path.join(root, 'inc-'));
    // A post scheduled ahead: not published at the first or idle sync, due at the second. The
    // margin covers two syncs on a loaded CI machine; the wait below only sleeps what remains.
    await db.execute(
      sql`insert into blogs (channel_id, key, title, body, published_at) values ('default', 'inc-scheduled', '予約記事', '<p>予約</p>', now() + interval '8 seconds')
          on conflict (channel_id, key) do update set published_at = excluded.published_at`,
    );
    const first = await sync(out);
    const before = await manifestOf(out);
    expect(Object.keys(before.revs ?? {}).length).toBeGreaterThan(0);
    expect(first.changed.length).toBe(Object.keys(before.items).length);

    // Nothing changed: no post fetched, nothing reported, the big files untouched.
    const blogsFile = path.join(out, 'default', 'blogs.json');
    const mtime = (await stat(blogsFile)).mtimeMs;
    const idle = await sync(out);
    expect(idle.changed).toEqual([]);
    expect(pagedListCalls(idle.requests)).toEqual([]);
    expect(detailCalls(idle.requests)).toEqual([]);
    expect((await stat(blogsFile)).mtimeMs).toBe(mtime);

    const rows = (q: ReturnType<typeof sql>) => query<{ id: number; key: string }>(q);
    const visibleBlogs = await rows(
      sql`select id, key from blogs where channel_id = 'default' and published_at <= now() and key <> 'inc-scheduled' order by id`,
    );
    const visibleNews = await rows(sql`select id, key from news where channel_id = 'default' and published_at <= now() order by id`);
    const edited = visibleBlogs[0];
    const unpublished = visibleBlogs[1];
    const deleted = visibleNews[0];
    await db.execute(sql`update blogs set title = title || '（改訂）' where id = ${edited.id}`);
    await db.execute(sql`update blogs set published_at = now() + interval '30 days' where id = ${unpublished.id}`);
    await db.execute(sql`delete from news_readables where news_id = ${deleted.id}`);
    await db.execute(sql`delete from news where id = ${deleted.id}`);
    await db.execute(
      sql`insert into news (channel_id, key, title, body, published_at) values ('default', 'inc-added', '追加のお知らせ', '<p>新着<script>x()</script></p>', now() - interval '1 minute')`,
    );
    const [stylist] = await rows(sql`select id, key from stylists order by id limit 1`);
    await db.execute(sql`update stylists set profile = profile || '<p>更新</p>' where id = ${stylist.id}`);
    // Wait until the scheduled post is due, by the database's clock.
    const [{ ms }] = await query<{ ms: number }>(
      sql`select greatest(0, extract(epoch from published_at - now()) * 1000)::int as ms from blogs where key = 'inc-scheduled'`,
    );
    await new Promise((r) => setTimeout(r, ms + 100));

    const second = await sync(out);
    expect(second.changed).toEqual(
      [
        `blog:${edited.key}`,
        `blog:${unpublished.key}`,
        'blog:inc-scheduled',
        'news:inc-added',
        `news:${deleted.key}`,
        `stylist:${stylist.key}`,
      ].sort(),
    );
    // Incremental: no paged list, one detail call per moved post (edited, due, added).
    expect(pagedListCalls(second.requests)).toEqual([]);
    expect(detailCalls(second.requests).length).toBe(3);
    const full = await expectSameAsFullSync(out);
    expect(diffItems(before.items, full.items)).toEqual(second.changed);
    const news = JSON.parse(await readFile(path.join(out, 'default', 'news.json'), 'utf8')) as { key: string; body: string }[];
    expect(news.find((n) => n.key === 'inc-added')?.body).toBe('<p>新着</p>');
  });

  it('falls back to the full pull for an old manifest, a snapshot file changed behind it, or too many moved posts, with the same result', async () => {
    const db = shop.database.db;
    const out = await mkdtemp(path.join(root, 'fallback-'));
    await sync(out);
    const manifestFile = path.join(out, 'default', 'manifest.json');

    // An old-format manifest (no revisions): full pull, nothing reported.
    const { revs: _revs, format: _format, files: _files, ...old } = await manifestOf(out);
    await writeFile(manifestFile, JSON.stringify(old));
    const fromOld = await sync(out);
    expect(pagedListCalls(fromOld.requests).length).toBeGreaterThan(0);
    expect(fromOld.changed).toEqual([]);

    // blogs.json rewritten by someone else: never reused.
    await writeFile(path.join(out, 'default', 'blogs.json'), '[]\n');
    const [edited] = await query<{ key: string }>(
      sql`select key from blogs where channel_id = 'default' and published_at <= now() order by id desc limit 1`,
    );
    await db.execute(sql`update blogs set excerpt = excerpt || '。' where channel_id = 'default' and key = ${edited.key}`);
    const afterTamper = await sync(out);
    expect(pagedListCalls(afterTamper.requests).length).toBeGreaterThan(0);
    expect(afterTamper.changed).toEqual([`blog:${edited.key}`]);
    await expectSameAsFullSync(out);

    // More than MAX_INCREMENTAL new posts: one full pull instead of hundreds of detail calls.
    await db.execute(sql`insert into news (channel_id, key, title, body, published_at)
      select 'default', 'inc-bulk-' || g, 'まとめて ' || g, '<p>本文</p>', now() - (g || ' seconds')::interval from generate_series(1, ${MAX_INCREMENTAL + 1}) g`);
    const bulk = await sync(out);
    expect(pagedListCalls(bulk.requests).length).toBeGreaterThan(0);
    expect(detailCalls(bulk.requests)).toEqual([]);
    expect(bulk.changed.length).toBe(MAX_INCREMENTAL + 1);
    await expectSameAsFullSync(out);

    // And after it, incremental again.
    await db.execute(sql`update news set title = title || '!' where channel_id = 'default' and key = 'inc-bulk-7'`);
    const one = await sync(out);
    expect(one.changed).toEqual(['news:inc-bulk-7']);
    expect(pagedListCalls(one.requests)).toEqual([]);
    expect(detailCalls(one.requests)).toHaveLength(1);
    await expectSameAsFullSync(out);
  });
});
