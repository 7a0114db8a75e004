import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Blog } from '#contracts/content.ts';
import { pageCacheKey } from '../../content-sync/cache-keys.ts';
import type { Snapshot } from '../../content-sync/schema.ts';
import { clearSnapshotCache, loadSnapshot } from '../../content-sync/snapshot.ts';

const blog = (n: number, title = `記事 ${n}`): Blog => ({
  id: n,
  key: `post-${n}`,
  title,
  excerpt: '',
  body: '<p>本文</p>',
  image: null,
  tags: [],
  published_at: `2026-03-0${n}T00:00:00Z`,
});
const snapshot = (settings: Record<string, unknown>, blogs: Blog[] = [blog(1)]): Snapshot =>
  ({ blogs, news: [], makers: [], brands: [], pages: [], settings }) as unknown as Snapshot;

describe('incremental build cache keys (a page is rendered again only when what it shows changed)', () => {
  it('stay the same for the same item and settings, and change with either', () => {
    const a = snapshot({ 'SITE.NAME': 'ショップ' });
    const b = snapshot({ 'SITE.NAME': 'ショップ' });
    expect(pageCacheKey(a, blog(1))).toBe(pageCacheKey(b, blog(1)));
    expect(pageCacheKey(a, blog(1))).not.toBe(pageCacheKey(a, blog(1, '改訂')));
    expect(pageCacheKey(a, blog(1))).not.toBe(pageCacheKey(snapshot({ 'SITE.NAME': '別の名前' }), blog(1)));
  });

  it('of a list page change when one of its items or the page count changes', () => {
    const s = snapshot({});
    const page = (items: Blog[], lastPage: number) => pageCacheKey(s, { data: items, total: 20, lastPage, currentPage: 1 });
    expect(page([blog(1), blog(2)], 2)).toBe(page([blog(1), blog(2)], 2));
    expect(page([blog(1), blog(2, '改訂')], 2)).not.toBe(page([blog(1), blog(2)], 2));
    expect(page([blog(1), blog(2)], 3)).not.toBe(page([blog(1), blog(2)], 2));
  });
});

describe('snapshot cache', () => {
  let dir = '';
  afterEach(async () => {
    clearSnapshotCache();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is read again after a sync rewrote the manifest (a long-lived renderer sees new content)', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'snapshot-'));
    const channel = path.join(dir, 'default');
    await mkdir(channel);
    const write = async (blogs: Blog[], syncedAt: string) => {
      await writeFile(path.join(channel, 'blogs.json'), JSON.stringify(blogs));
      await writeFile(path.join(channel, 'manifest.json'), JSON.stringify({ channel: 'default', synced_at: syncedAt, items: {} }));
    };
    await write([blog(1)], '2026-03-01T00:00:00.000Z');
    expect(loadSnapshot('default', dir).blogs.map((b) => b.title)).toEqual(['記事 1']);
    // Same manifest: the cached snapshot, even though blogs.json changed underneath.
    await writeFile(path.join(channel, 'blogs.json'), JSON.stringify([blog(1, '途中')]));
    expect(loadSnapshot('default', dir).blogs.map((b) => b.title)).toEqual(['記事 1']);
    // A sync writes the manifest last (a longer synced_at here, so its size differs even within one mtime tick).
    await write([blog(1, '改訂')], '2026-03-01T00:00:00.000Z ');
    expect(loadSnapshot('default', dir).blogs.map((b) => b.title)).toEqual(['改訂']);
  });
});
