import { beforeEach, describe, expect, it } from 'vitest';
import {
  getBlog,
  getCategoryHierarchy,
  getNews,
  getStaticPage,
  listBlogs,
  listBrands,
  listMakers,
  listNews,
} from '#api-client/content/content.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { fakeFetch, type Handler, json, memoryTokens } from './fake-api.ts';

const blog = {
  id: 1,
  key: 'spring',
  title: '春',
  excerpt: '',
  body: '<p>本文</p>',
  image: null,
  tags: [],
  published_at: '2026-04-01T00:00:00Z',
};
const news = { id: 2, key: 'open', title: 'お知らせ', body: '<p>本文</p>', is_important: true, published_at: '2026-04-01T00:00:00Z' };
const maker = { id: 3, key: 'mk', name: 'メーカー', name_kana: 'メーカー', description: '', image: null };

function use(handler: Handler) {
  resetClient();
  const api = fakeFetch(handler);
  configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
  return api;
}

beforeEach(() => resetClient());

describe('content calls', () => {
  it('lists blogs and news with pagination (10 per page by default)', async () => {
    use((c) =>
      json(c.url.startsWith('/v1/blogs') ? [blog] : [news], 200, {
        'x-total': '1',
        'x-per-page': '10',
        'x-last-page': '1',
        'x-current-page': '1',
      }),
    );
    expect((await listBlogs()).items).toEqual([blog]);
    expect((await listNews({ page: 1 })).pagination.per).toBe(10);
  });

  it('reads one blog or news item by key', async () => {
    const api = use((c) => json(c.url.startsWith('/v1/blogs') ? blog : news));
    expect((await getBlog('spring')).title).toBe('春');
    expect((await getNews('open')).is_important).toBe(true);
    expect(api.calls.map((c) => c.url)).toEqual(['/v1/blogs/spring', '/v1/news/open']);
  });

  it('lists makers and brands with per=all', async () => {
    const api = use((c) => json(c.url.startsWith('/v1/makers') ? [maker] : [{ id: 1, key: 'b', name: 'ブランド', maker_id: 3 }]));
    expect((await listMakers()).items).toEqual([maker]);
    expect((await listBrands())[0].name).toBe('ブランド');
    expect(api.calls.map((c) => c.url)).toEqual(['/v1/makers?per=all', '/v1/brands?per=all']);
  });

  it('reads the category hierarchy of products', async () => {
    const tree = [{ id: 1, key: 'tops', name: 'トップス', children: [{ id: 2, key: 'shirts', name: 'シャツ', children: [] }] }];
    const api = use(() => json(tree));
    expect(await getCategoryHierarchy()).toEqual(tree);
    expect(api.calls[0].url).toBe('/v1/categories/hierarchy?table=products');
  });

  it('reads a static page by its URL', async () => {
    const api = use(() => json({ url: '/privacy', title: 'プライバシーポリシー', body: '' }));
    expect((await getStaticPage('/privacy')).title).toBe('プライバシーポリシー');
    expect(api.calls[0].url).toBe('/v1/static-pages/url/privacy');
  });
});
