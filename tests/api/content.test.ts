/**
 * CMS content on a real, seeded database: blogs and news (paging, per=all, id or key, scheduled
 * posts, channel scoping), makers and brands, static pages, FAQ and the small notices.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bannerSchema,
  blogSchema,
  brandSchema,
  landingPageSchema,
  makerSchema,
  messageSchema,
  newsSchema,
  qaCategorySchema,
  qaSchema,
  staticPageSchema,
  staticPageUrlSchema,
  stylistSchema,
} from '#contracts/content.ts';
import { blogs } from '../../api/src/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function get<T extends z.ZodType>(path: string, schema: T, channel?: string) {
  const res = await shop.request('GET', path, { channel });
  expect(res.status, `${path} → ${res.status}`).toBe(200);
  const h = (name: string) => res.headers.get(name);
  return {
    body: schema.parse(await res.json()) as z.infer<T>,
    total: Number(h('x-total')),
    per: Number(h('x-per-page')),
    last: Number(h('x-last-page')),
    current: Number(h('x-current-page')),
  };
}

describe('blogs', () => {
  it('pages by 10, newest first, hiding posts scheduled for the future', async () => {
    const page1 = await get('/v1/blogs', z.array(blogSchema));
    expect(page1.body).toHaveLength(10);
    expect(page1.per).toBe(10);
    expect(page1.total).toBeGreaterThanOrEqual(12);
    expect(page1.last).toBe(Math.ceil(page1.total / 10));
    const dates = page1.body.map((b) => Date.parse(b.published_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(dates.every((d) => d <= Date.now())).toBe(true);
    const all = await get('/v1/blogs?per=all', z.array(blogSchema));
    expect(all.body).toHaveLength(all.total);
    expect(all.last).toBe(1);
    expect(all.body.map((b) => b.key)).not.toContain('new-year-2027');
  });

  it('bodies are editor HTML with headings, paragraphs and images', async () => {
    const { body } = await get('/v1/blogs?per=all', z.array(blogSchema));
    for (const b of body) {
      expect(b.body).toMatch(/<p>/);
      expect(b.body).toMatch(/<h2>/);
      expect(b.body).toMatch(/<img /);
      expect(b.tags.length).toBeGreaterThan(0);
    }
  });

  it('sanitises editor HTML at the API: the seeded <script> and onerror never reach a client', async () => {
    const [row] = await shop.database.db.select({ body: blogs.body }).from(blogs).where(eq(blogs.key, 'html-sample'));
    expect(row.body).toContain('<script>'); // the stored post really carries them
    expect(row.body).toMatch(/onerror=/);
    const { body } = await get('/v1/blogs/html-sample', blogSchema);
    const all = await get('/v1/blogs?per=all', z.array(blogSchema));
    const listed = all.body.find((b) => b.key === 'html-sample')!;
    for (const html of [body.body, listed.body]) {
      expect(html).not.toMatch(/<script|onerror|alert\(/i);
      expect(html).toContain('<a href="/blog/">ブログ一覧</a>'); // allowed markup stays
      expect(html).toContain('<img src="/images/not-found.png" alt="撮影風景" />');
    }
  });

  it('finds a post by id or by key; unknown, scheduled or other-channel posts are 404', async () => {
    const byKey = await get('/v1/blogs/linen-care', blogSchema);
    expect(byKey.body.title).toContain('リネン');
    const byId = await get(`/v1/blogs/${byKey.body.id}`, blogSchema);
    expect(byId.body.key).toBe('linen-care');
    for (const path of ['/v1/blogs/no-such-post', '/v1/blogs/new-year-2027', '/v1/blogs/outlet-open', '/v1/blogs/99999999999999']) {
      const res = await shop.request('GET', path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
    expect((await get('/v1/blogs/outlet-open', blogSchema, 'outlet')).body.key).toBe('outlet-open');
  });

  it.each(['per=0', 'per=abc', 'page=0', 'per=101'])('answers 422 for %s', async (q) => {
    const res = await shop.request('GET', `/v1/blogs?${q}`);
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toBeDefined();
  });
});

describe('news', () => {
  it('pages by 10 with some important items, per channel', async () => {
    const page1 = await get('/v1/news', z.array(newsSchema));
    expect(page1.body).toHaveLength(10);
    expect(page1.total).toBeGreaterThanOrEqual(12);
    const all = await get('/v1/news?per=all', z.array(newsSchema));
    expect(all.body.some((n) => n.is_important)).toBe(true);
    expect(all.body.some((n) => !n.is_important)).toBe(true);
    const page2 = await get('/v1/news?page=2', z.array(newsSchema));
    expect(page2.current).toBe(2);
    expect(page2.body[0].id).not.toBe(page1.body[0].id);
    const outlet = await get('/v1/news?per=all', z.array(newsSchema), 'outlet');
    expect(outlet.total).toBeLessThan(all.total);
    expect(outlet.body.map((n) => n.key)).not.toContain('year-end-2026');
  });

  it('finds an item by id or key', async () => {
    const byKey = await get('/v1/news/year-end-2026', newsSchema);
    expect(byKey.body).toMatchObject({ is_important: true });
    expect((await get(`/v1/news/${byKey.body.id}`, newsSchema)).body.key).toBe('year-end-2026');
    expect((await shop.request('GET', '/v1/news/nope')).status).toBe(404);
  });
});

describe('makers and brands', () => {
  it('lists 20+ makers with kana and description, per=all or paged by 10', async () => {
    const all = await get('/v1/makers?per=all', z.array(makerSchema));
    expect(all.body.length).toBeGreaterThanOrEqual(20);
    expect(all.total).toBe(all.body.length);
    for (const m of all.body) {
      expect(m.name_kana).toMatch(/^[\u30a0-\u30ff\s・ー]+$/);
      expect(m.description.length).toBeGreaterThan(10);
    }
    const paged = await get('/v1/makers', z.array(makerSchema));
    expect(paged.body).toHaveLength(10);
    expect(paged.last).toBe(Math.ceil(all.total / 10));
  });

  it('finds a maker by key or id', async () => {
    const byKey = await get('/v1/makers/arita-kinzan', makerSchema);
    expect(byKey.body.name).toBe('有田 錦山窯');
    expect((await get(`/v1/makers/${byKey.body.id}`, makerSchema)).body.key).toBe('arita-kinzan');
    expect((await shop.request('GET', '/v1/makers/nope')).status).toBe(404);
  });

  it('lists brands with their maker', async () => {
    const { body } = await get('/v1/brands?per=all', z.array(brandSchema));
    expect(body.length).toBeGreaterThanOrEqual(20);
    expect(body.every((b) => b.maker_id !== null)).toBe(true);
  });

  it('lists the stylists', async () => {
    const { body } = await get('/v1/stylists?per=all', z.array(stylistSchema));
    expect(body).toHaveLength(2);
    expect((await get(`/v1/stylists/${body[0].key}`, stylistSchema)).body.name).toBe(body[0].name);
  });
});

describe('static pages', () => {
  it('lists the URLs of the company, law, privacy and guide pages', async () => {
    const { body } = await get('/v1/static-pages/urls', z.array(staticPageUrlSchema));
    expect(body).toEqual(
      expect.arrayContaining([
        { url: '/company/', title: '会社概要' },
        { url: '/law/', title: '特定商取引法に基づく表記' },
        { url: '/privacy/', title: 'プライバシーポリシー' },
        { url: '/guide/', title: 'ご利用ガイド' },
      ]),
    );
  });

  it('serves 特定商取引法に基づく表記 with the fields the law requires', async () => {
    const { body } = await get('/v1/static-pages/url/law/', staticPageSchema);
    expect(body.url).toBe('/law/');
    for (const field of [
      '販売業者',
      '運営統括責任者',
      '所在地',
      '電話番号',
      '販売価格',
      '商品代金以外の必要料金',
      '支払方法',
      '引渡し時期',
      '返品・交換',
    ]) {
      expect(body.body).toContain(field);
    }
    expect(body.body).toContain('送料660円');
    expect(body.body).toContain('5,500円');
    expect(body.body).toContain('代引手数料330円');
  });

  it('accepts the path with or without slashes, and 404s an unknown one', async () => {
    expect((await get('/v1/static-pages/url/privacy', staticPageSchema)).body.title).toBe('プライバシーポリシー');
    expect((await get('/v1/static-pages/url/company/', staticPageSchema)).body.body).toContain('Maison Kiyora');
    expect((await get('/v1/static-pages/url/company/', staticPageSchema, 'outlet')).body.body).toContain('OUTLET');
    expect((await shop.request('GET', '/v1/static-pages/url/nope/')).status).toBe(404);
  });

  it('answers 422 in Japanese, not a database error, for a page path with a NUL byte', async () => {
    const res = await shop.request('GET', '/v1/static-pages/url/law%00/');
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('common.validation');
  });
});

describe('FAQ', () => {
  it('lists categories and their questions, filterable by category and keyword', async () => {
    const cats = await get('/v1/qa-categories', z.array(qaCategorySchema));
    expect(cats.body.length).toBeGreaterThanOrEqual(4);
    const all = await get('/v1/qas?per=all', z.array(qaSchema));
    expect(all.body.length).toBeGreaterThanOrEqual(12);
    const firstCat = cats.body[0];
    const inCat = await get(`/v1/qas?per=all&qa_category_id=${firstCat.id}`, z.array(qaSchema));
    expect(inCat.body.length).toBeGreaterThan(0);
    expect(inCat.body.every((q) => q.qa_category.id === firstCat.id)).toBe(true);
    const shipping = await get(`/v1/qas?per=all&keyword=${encodeURIComponent('送料')}`, z.array(qaSchema));
    expect(shipping.body.length).toBeGreaterThan(0);
    expect(shipping.body.every((q) => (q.question + q.answer).includes('送料'))).toBe(true);
    const paged = await get('/v1/qas', z.array(qaSchema));
    expect(paged.body).toHaveLength(10);
    expect((await shop.request('GET', '/v1/qas?qa_category_id=abc')).status).toBe(422);
  });
});

describe('notices', () => {
  it('messages with code and updated_at, by code', async () => {
    const { body } = await get('/v1/messages?per=all', z.array(messageSchema));
    expect(body.length).toBeGreaterThan(0);
    expect((await get(`/v1/messages/${body[0].code}`, messageSchema)).body.id).toBe(body[0].id);
    expect((await shop.request('GET', '/v1/messages/nope')).status).toBe(404);
  });

  it('banners by area, shown ones only with is_show=1', async () => {
    const all = await get('/v1/banners', z.array(bannerSchema));
    expect(all.body.some((b) => !b.is_show)).toBe(true);
    const shown = await get('/v1/banners?is_show=1', z.array(bannerSchema));
    expect(shown.body.every((b) => b.is_show)).toBe(true);
    const top = await get('/v1/banners?area[]=top_main&area[]=top_sub&is_show=1', z.array(bannerSchema));
    expect(new Set(top.body.map((b) => b.area))).toEqual(new Set(['top_main', 'top_sub']));
    const one = await get('/v1/banners?area=top_sub', z.array(bannerSchema));
    expect(one.body.every((b) => b.area === 'top_sub')).toBe(true);
  });

  it('popups, free areas, tags and landing pages', async () => {
    const popups = await (await shop.request('GET', '/v1/popups')).json();
    expect(popups.length).toBeGreaterThan(0);
    expect((await shop.request('GET', `/v1/popups/${popups[0].id}`)).status).toBe(200);
    expect((await shop.request('GET', '/v1/popups/999999')).status).toBe(404);
    const areas = await (await shop.request('GET', '/v1/free-areas?per=all')).json();
    expect(areas.map((a: { code: string }) => a.code)).toContain('header_notice');
    expect((await (await shop.request('GET', '/v1/tags')).json()).length).toBeGreaterThan(0);
    const lps = await get('/v1/lp', z.array(landingPageSchema));
    expect(lps.body.length).toBeGreaterThan(0);
    expect((await get(`/v1/lp/${lps.body[0].key}`, landingPageSchema)).body.title).toBe(lps.body[0].title);
    expect((await shop.request('GET', '/v1/lp/nope')).status).toBe(404);
  });
});
