/**
 * Every API field that carries CMS HTML is sanitised at the API with the one policy content-sync
 * uses, so any client of the API is safe: scripts, event handlers and javascript: URLs never leave.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  free_areas,
  landing_pages,
  makers,
  messages,
  news,
  popups,
  qa_categories,
  qas,
  static_pages,
  stylists,
} from '../../api/src/db/schema/index.ts';
import { sanitizeBody } from '../../content-sync/sanitize.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
const EVIL =
  '<p>本文</p><script>alert("xss")</script><img src="/a.png" alt="x" onerror="alert(1)"><a href="javascript:alert(1)">リンク</a>';
const DANGER = /<script|onerror|javascript:|alert\(/i;

beforeAll(async () => {
  shop = await createTestShop();
  const db = shop.database.db;
  const past = new Date(Date.now() - 86_400_000);
  await db.insert(news).values({ channel_id: 'default', key: 'evil-news', title: '危険なお知らせ', body: EVIL, published_at: past });
  await db.insert(static_pages).values({ channel_id: 'default', url: '/evil/', title: '危険なページ', body: EVIL });
  await db.insert(landing_pages).values({ channel_id: 'default', key: 'evil-lp', title: '危険なLP', body: EVIL });
  await db.insert(free_areas).values({ channel_id: 'default', code: 'evil_area', body: EVIL });
  await db.insert(messages).values({ channel_id: 'default', code: 'evil-message', title: '危険', body: EVIL });
  await db.update(popups).set({ body: EVIL }).where(eq(popups.channel_id, 'default'));
  const [maker] = await db.select({ id: makers.id, key: makers.key }).from(makers).limit(1);
  await db.update(makers).set({ description: EVIL }).where(eq(makers.id, maker.id));
  const [stylist] = await db.select({ id: stylists.id, key: stylists.key }).from(stylists).limit(1);
  await db.update(stylists).set({ profile: EVIL }).where(eq(stylists.id, stylist.id));
  const [cat] = await db.select({ id: qa_categories.id }).from(qa_categories).where(eq(qa_categories.channel_id, 'default')).limit(1);
  await db.insert(qas).values({ qa_category_id: cat.id, question: '危険な質問', answer: EVIL, sort: 9999 });
  fixtures = { maker: maker.key, stylist: stylist.key };
}, 120_000);
afterAll(async () => {
  await shop?.close();
});
let fixtures: { maker: string; stylist: string };

async function get(path: string) {
  const res = await shop.request('GET', path);
  expect(res.status, path).toBe(200);
  return res.json();
}

describe('CMS HTML is sanitised by the API', () => {
  it("GET /v1/blogs and /v1/blogs/{key} drop the seeded post's <script> and onerror", async () => {
    const one = await get('/v1/blogs/html-sample');
    const listed = (await get('/v1/blogs?per=all')).find((b: { key: string }) => b.key === 'html-sample');
    for (const body of [one.body, listed.body]) {
      expect(body).not.toMatch(DANGER);
      expect(body).toContain('<img src="/images/not-found.png" alt="撮影風景" />');
    }
  });

  it('news bodies, list and detail', async () => {
    const one = await get('/v1/news/evil-news');
    const listed = (await get('/v1/news?per=all')).find((n: { key: string }) => n.key === 'evil-news');
    for (const body of [one.body, listed.body]) {
      expect(body).toBe(sanitizeBody(EVIL)); // the very policy content-sync applies
      expect(body).toBe('<p>本文</p><img src="/a.png" alt="x" /><a>リンク</a>');
    }
  });

  it('static and landing pages, free areas, popups, messages, FAQ answers, maker and stylist descriptions', async () => {
    const fields: [string, (b: never) => string][] = [
      ['/v1/static-pages/url/evil/', (b: { body: string }) => b.body],
      ['/v1/lp/evil-lp', (b: { body: string }) => b.body],
      ['/v1/lp?per=all', (b: { key: string; body: string }[]) => b.find((x) => x.key === 'evil-lp')!.body],
      ['/v1/free-areas?per=all', (b: { code: string; body: string }[]) => b.find((x) => x.code === 'evil_area')!.body],
      ['/v1/messages/evil-message', (b: { body: string }) => b.body],
      ['/v1/messages?per=all', (b: { code: string; body: string }[]) => b.find((x) => x.code === 'evil-message')!.body],
      ['/v1/popups', (b: { body: string }[]) => b[0].body],
      [`/v1/makers/${fixtures.maker}`, (b: { description: string }) => b.description],
      ['/v1/makers?per=all', (b: { key: string; description: string }[]) => b.find((x) => x.key === fixtures.maker)!.description],
      [`/v1/stylists/${fixtures.stylist}`, (b: { profile: string }) => b.profile],
      ['/v1/qas?per=all', (b: { question: string; answer: string }[]) => b.find((x) => x.question === '危険な質問')!.answer],
    ];
    for (const [path, pick] of fields) {
      const html = pick((await get(path)) as never);
      expect(html, path).not.toMatch(DANGER);
      expect(html, path).toContain('<p>本文</p>');
    }
    const popup = await get(`/v1/popups/${(await get('/v1/popups'))[0].id}`);
    expect(popup.body).not.toMatch(DANGER);
  });
});
