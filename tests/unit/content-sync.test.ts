/**
 * content-sync pulls blogs, news (every page), makers, brands, static pages and settings into the
 * snapshot, sanitised, and reports what changed since the previous sync. Fixtures, no network.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Blog, Brand, Maker, News, StaticPage } from '#contracts/content.ts';
import type { FrontSettings } from '#contracts/settings.ts';
import { listPageHref, listPageParam, listPageTitle, pageLinks } from '../../content-sync/paging.ts';
import { clearSnapshotCache, loadSnapshot, normalisePagePath } from '../../content-sync/snapshot.ts';
import { syncContent } from '../../content-sync/sync.ts';

const blog = (key: string, body = '<p>本文</p>'): Blog => ({
  id: key.length,
  key,
  title: `ブログ ${key}`,
  excerpt: '抜粋',
  body,
  image: null,
  tags: ['特集'],
  published_at: '2026-04-01T00:00:00Z',
});
const news = (n: number): News => ({
  id: n,
  key: `news-${n}`,
  title: `お知らせ ${n}`,
  body: `<p>お知らせ本文 ${n}</p>`,
  is_important: n === 1,
  published_at: `2026-03-${String(n).padStart(2, '0')}T00:00:00Z`,
});
const settings: FrontSettings = {
  'SITE.NAME': 'テストショップ',
  'SITE.NAMESPACE': 'test',
  'SITE.CHANNEL_PREFIX': '',
  'SITE.NO_MEMBER_USE': false,
  'SITE.STORAGE_URL': '',
  'SITE.BREAKPOINT.SCREEN-SM': 576,
  'SITE.BREAKPOINT.SCREEN-MD': 992,
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': false,
  'CART.POPUP_COMPONENT': 'toast',
  'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': true,
  THEME: 'default',
  TAG_MANAGER_ID: '',
  PURCHASE_VALUE_WITHOUT_TAX: false,
  'ORDER.DELIVERY_LEAD_TIME': '3営業日以内に発送します。',
  'ORDER.RETURN_POLICY': '到着後8日以内',
  'ORDER.RETURN_POLICY_FOOD': '食品は返品不可',
};

/** A fake Shop API: the content of one channel, served with the contract's headers. */
class FakeApi {
  blogs: Blog[] = [blog('spring', '<p>春<script>alert(1)</script></p>'), blog('summer')];
  news: News[] = Array.from({ length: 12 }, (_, i) => news(i + 1));
  makers: Maker[] = [{ id: 1, key: 'kiyora', name: 'キヨラ', name_kana: 'キヨラ', description: '<p onclick="x()">老舗</p>', image: null }];
  brands: Brand[] = [{ id: 1, key: 'kasane', name: 'KASANE', maker_id: 1 }];
  pages: StaticPage[] = [
    { url: '/law/', title: '特定商取引法に基づく表記', body: '<table><tr><th>販売業者</th><td>株式会社テスト</td></tr></table>' },
    { url: '/privacy', title: 'プライバシーポリシー', body: '<p><a href="javascript:alert(1)">x</a></p>' },
  ];
  /** Pages listed by /urls but gone when fetched. */
  deleted = new Set<string>();
  requests: Array<{ url: string; channel: string | undefined; xhr: string | undefined }> = [];
  failWith: number | null = null;

  fetch = async (input: string, init?: { headers?: Record<string, string> }): Promise<Response> => {
    const url = new URL(input);
    this.requests.push({
      url: url.pathname + url.search,
      channel: init?.headers?.['X-Channel-Id'],
      xhr: init?.headers?.['X-Requested-With'],
    });
    if (this.failWith) return Response.json({ message: 'メンテナンス中です' }, { status: this.failWith });
    const json = (body: unknown, headers: Record<string, string> = {}) => Response.json(body, { headers });
    const paged = <T>(items: T[]) => {
      const per = Number(url.searchParams.get('per') ?? 10);
      const page = Number(url.searchParams.get('page') ?? 1);
      const last = Math.max(1, Math.ceil(items.length / per));
      return json(items.slice((page - 1) * per, page * per), {
        'x-total': String(items.length),
        'x-per-page': String(per),
        'x-last-page': String(last),
        'x-current-page': String(page),
      });
    };
    const p = url.pathname;
    if (p === '/v1/blogs') return paged(this.blogs);
    if (p === '/v1/news') return paged(this.news);
    if (p === '/v1/makers') return json(this.makers);
    if (p === '/v1/brands') return json(this.brands);
    if (p === '/v1/settings/front') return json(settings);
    if (p === '/v1/static-pages/urls') return json(this.pages.map(({ url: u, title }) => ({ url: u, title })));
    if (p.startsWith('/v1/static-pages/url/')) {
      const wanted = normalisePagePath(p.slice('/v1/static-pages/url'.length));
      const page = this.pages.find((s) => normalisePagePath(s.url) === wanted);
      if (!page || this.deleted.has(wanted)) return Response.json({ message: 'ページが見つかりません' }, { status: 404 });
      return json(page);
    }
    return Response.json({ message: 'not found' }, { status: 404 });
  };
}

let dir: string;
let api: FakeApi;
const sync = () =>
  syncContent({
    apiBaseUrl: 'http://api.test/',
    channel: 'default',
    outDir: dir,
    fetch: api.fetch,
    now: () => new Date('2026-04-01T00:00:00Z'),
  });
const readJson = async (file: string) => JSON.parse(await readFile(path.join(dir, 'default', file), 'utf8')) as unknown;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'content-sync-'));
  api = new FakeApi();
  clearSnapshotCache();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('syncContent', () => {
  it('writes every part of the snapshot for the channel and sends the contract headers', async () => {
    await sync();
    expect(await readJson('blogs.json')).toHaveLength(2);
    expect(await readJson('news.json')).toHaveLength(12);
    expect(await readJson('makers.json')).toHaveLength(1);
    expect(await readJson('brands.json')).toHaveLength(1);
    expect(await readJson('static-pages.json')).toHaveLength(2);
    expect(await readJson('settings.json')).toMatchObject({ 'SITE.NAME': 'テストショップ' });
    expect(await readJson('manifest.json')).toMatchObject({ channel: 'default', synced_at: '2026-04-01T00:00:00.000Z' });
    expect(api.requests.every((r) => r.channel === 'default' && r.xhr === 'XMLHttpRequest')).toBe(true);
  });

  it('follows x-last-page to pull every page of news', async () => {
    api.news = Array.from({ length: 120 }, (_, i) => news((i % 28) + 1)).map((n, i) => ({ ...n, id: i + 1, key: `n-${i}` }));
    await sync();
    expect(await readJson('news.json')).toHaveLength(120);
    expect(api.requests.filter((r) => r.url.startsWith('/v1/news')).length).toBe(3);
  });

  it('sanitises blog, news, maker and static page bodies', async () => {
    await sync();
    const snapshot = loadSnapshot('default', dir);
    expect(snapshot.blogs.find((b) => b.key === 'spring')?.body).toBe('<p>春</p>');
    expect(snapshot.makers[0].description).toBe('<p>老舗</p>');
    expect(snapshot.pages.find((p) => p.url === '/privacy/')?.body).toBe('<p><a>x</a></p>');
    expect(snapshot.pages.find((p) => p.url === '/law/')?.body).toContain('<th>販売業者</th>');
  });

  it('stores static page URLs in the storefront form /path/', async () => {
    await sync();
    expect(
      loadSnapshot('default', dir)
        .pages.map((p) => p.url)
        .sort(),
    ).toEqual(['/law/', '/privacy/']);
  });

  it('reports every item as changed on the first sync and nothing on an identical one', async () => {
    const first = await sync();
    expect(first.changed).toContain('blog:spring');
    expect(first.changed).toContain('news:news-12');
    expect(first.changed).toContain('maker:kiyora');
    expect(first.changed).toContain('brand:kasane');
    expect(first.changed).toContain('page:/law/');
    expect(first.changed).toContain('settings');
    expect(first.changed).toHaveLength(2 + 12 + 1 + 1 + 2 + 1);
    expect((await sync()).changed).toEqual([]);
  });

  it('reports only the items that were edited, added or removed', async () => {
    await sync();
    api.news[2] = { ...api.news[2], title: '訂正しました' };
    api.blogs = [api.blogs[0], blog('autumn')];
    expect((await sync()).changed).toEqual(['blog:autumn', 'blog:summer', 'news:news-3']);
  });

  it('leaves out a static page that disappears between the list and the fetch', async () => {
    api.deleted.add('/privacy/');
    await sync();
    expect(loadSnapshot('default', dir).pages.map((p) => p.url)).toEqual(['/law/']);
  });

  it('fails without touching the previous snapshot when the API answers an error', async () => {
    await sync();
    const before = await readJson('manifest.json');
    api.failWith = 503;
    await expect(sync()).rejects.toThrow(/503/);
    expect(await readJson('manifest.json')).toEqual(before);
  });

  it('rejects a channel id that is not a plain name (it becomes a folder name)', async () => {
    await expect(syncContent({ apiBaseUrl: 'http://api.test', channel: '../etc', outDir: dir, fetch: api.fetch })).rejects.toThrow(
      /channel/,
    );
  });
});

describe('loadSnapshot', () => {
  it('gives empty lists and null settings when the snapshot is absent, so astro build still works', () => {
    expect(loadSnapshot('nowhere', dir)).toEqual({
      blogs: [],
      news: [],
      makers: [],
      brands: [],
      pages: [],
      settings: null,
      qas: [],
      qaCategories: [],
      stylists: [],
      landingPages: [],
      popups: [],
      catalogs: [],
      categories: [],
    });
  });

  it('lists news and blogs newest first', async () => {
    await sync();
    const keys = loadSnapshot('default', dir).news.map((n) => n.key);
    expect(keys[0]).toBe('news-12');
    expect(keys[keys.length - 1]).toBe('news-1');
  });
});

describe('news and blog list pages (spec 9: 10 per page, pre-rendered)', () => {
  it('page 1 is the list itself and page n is <list>/page/<n>/', () => {
    expect(listPageHref('/news/', 1)).toBe('/news/');
    expect(listPageHref('/news/', 3)).toBe('/news/page/3/');
    expect(listPageParam(1)).toBeUndefined();
    expect(listPageParam(2)).toBe('page/2');
  });

  it('links prev and next only where they exist and marks the current page', () => {
    const first = pageLinks('/blog/', { current: 1, last: 3 });
    expect(first.prev).toBeNull();
    expect(first.next).toBe('/blog/page/2/');
    expect(first.pages).toEqual([
      { page: 1, href: '/blog/', current: true },
      { page: 2, href: '/blog/page/2/', current: false },
      { page: 3, href: '/blog/page/3/', current: false },
    ]);
    const last = pageLinks('/blog/', { current: 3, last: 3 });
    expect(last).toMatchObject({ prev: '/blog/page/2/', next: null });
  });

  it('shows a window of two pages either side of the current one, with gaps', () => {
    const { pages } = pageLinks('/news/', { current: 6, last: 12 });
    expect(pages.map((p) => (p === 'gap' ? '…' : p.page))).toEqual([1, '…', 4, 5, 6, 7, 8, '…', 12]);
  });

  it('puts the page number in the title after page 1', () => {
    expect(listPageTitle('お知らせ', 1)).toBe('お知らせ');
    expect(listPageTitle('お知らせ', 2)).toBe('お知らせ（2ページ目）');
  });
});
