/**
 * The seeded shop content tells the truth: news, blogs, static pages, FAQ, banners, messages, popups
 * and free areas promise only what checkout does (carriage by the cart's rule, several addresses only
 * where the channel allows them, no contact form yet) and link only to pages the storefront has. News and
 * blog lists hold enough items for several pages of 10 (spec 9).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIAGE } from '#contracts/cart.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
// Checks the seed itself: this shop is seeded on its own, not copied from the run's template.
beforeAll(async () => {
  shop = await createTestShop({}, { fresh: true });
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const CHANNELS = ['default', 'outlet'];

interface Text {
  where: string;
  text: string;
}

async function list(channel: string, apiPath: string): Promise<Array<Record<string, unknown>>> {
  const res = await shop.request('GET', apiPath, { channel });
  expect(res.status, `${channel} ${apiPath}`).toBe(200);
  return (await res.json()) as Array<Record<string, unknown>>;
}

/** Every text a shopper can read in the seeded content of a channel, by where it comes from. */
async function shopperTexts(channel: string): Promise<Text[]> {
  const out: Text[] = [];
  const add = (kind: string, items: Array<Record<string, unknown>>, fields: string[]) => {
    for (const item of items) {
      const text = fields.map((f) => String(item[f] ?? '')).join('\n');
      out.push({ where: `${channel} ${kind} ${String(item.key ?? item.code ?? item.url ?? item.id ?? item.title)}`, text });
    }
  };
  add('news', await list(channel, '/v1/news?per=all'), ['title', 'body']);
  add('blog', await list(channel, '/v1/blogs?per=all'), ['title', 'excerpt', 'body']);
  add('faq', await list(channel, '/v1/qas?per=all'), ['question', 'answer']);
  add('banner', await list(channel, '/v1/banners'), ['title', 'link']);
  add('message', await list(channel, '/v1/messages?per=all'), ['title', 'body']);
  add('popup', await list(channel, '/v1/popups'), ['title', 'body']);
  add('free area', await list(channel, '/v1/free-areas?per=all'), ['body']);
  add('landing page', await list(channel, '/v1/lp?per=all'), ['title', 'body']);
  add('payment', await list(channel, '/v1/payments'), ['name', 'description']);
  for (const { url } of await list(channel, '/v1/static-pages/urls')) {
    const res = await shop.request('GET', `/v1/static-pages/url${String(url)}`, { channel });
    add('page', [(await res.json()) as Record<string, unknown>], ['title', 'body']);
  }
  return out;
}

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ');

/**
 * Promises checkout cannot keep today, with the reason a reader would be misled. Points, coupons,
 * 備考, wrapping and のし, delivery dates, cards and campaigns exist since issue 8; several addresses
 * only where ORDER.SHIPPING.IS_ALLOW_MULTIPLE is on (not the outlet).
 */
const FALSE_PROMISES: Array<[RegExp, string, string[]?]> = [
  [/複数の(お届け先|配送先)/, 'one delivery address per order on this channel', ['outlet']],
  [/お問い合わせフォーム/, 'no contact screen yet'],
];

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

describe('seeded content promises only what checkout does', () => {
  it.each(CHANNELS)('%s: nothing checkout cannot do (several addresses where off, a contact form)', async (channel) => {
    const broken: string[] = [];
    for (const { where, text } of await shopperTexts(channel)) {
      for (const [pattern, why, only] of FALSE_PROMISES) {
        if (only && !only.includes(channel)) continue;
        const hit = plain(text).match(pattern);
        if (hit) broken.push(`${where}: 「${hit[0]}」 (${why})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(CHANNELS)('%s: carriage is stated as the cart charges it (¥660, free from ¥5,500)', async (channel) => {
    const broken: string[] = [];
    for (const { where, text } of await shopperTexts(channel)) {
      for (const sentence of plain(text).split(/[。\n]/)) {
        if (sentence.includes('送料無料') && !sentence.includes(`${yen(CARRIAGE.freeFrom)}（税込）以上`))
          broken.push(`${where}: ${sentence}`);
        for (const m of sentence.matchAll(/送料(?:は全国一律)?\s*([\d,]+)円/g)) {
          if (m[1] !== CARRIAGE.fee.toLocaleString('ja-JP')) broken.push(`${where}: ${sentence}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(CHANNELS)('%s: links inside the content lead to pages the storefront has', async (channel) => {
    const pages = new Set((await list(channel, '/v1/static-pages/urls')).map((p) => String(p.url)));
    const news = new Set((await list(channel, '/v1/news?per=all')).map((n) => `/news/${String(n.key)}/`));
    const blogs = new Set((await list(channel, '/v1/blogs?per=all')).map((b) => `/blog/${String(b.key)}/`));
    // A page of its own (index.astro), or a rest route such as news/[...page].astro whose first page is the folder.
    const routeExists = (p: string) => {
      const dir = path.join('src/pages', p);
      return (
        existsSync(path.join(dir, 'index.astro')) || (existsSync(dir) && readdirSync(dir).some((f) => /^\[\.\.\..+\]\.astro$/.test(f)))
      );
    };
    const broken: string[] = [];
    for (const { where, text } of await shopperTexts(channel)) {
      const hrefs = [...text.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      if (where.includes(' banner ')) hrefs.push(text.split('\n')[1]);
      for (const href of hrefs.filter((h) => h.startsWith('/'))) {
        const p = href.split('?')[0];
        if (!(pages.has(p) || news.has(p) || blogs.has(p) || routeExists(p))) broken.push(`${where}: ${href}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('news and blog lists span several pages of 10', () => {
  it('the main channel publishes at least 23 news items and 12 blog posts', async () => {
    const news = await shop.request('GET', '/v1/news');
    const blogs = await shop.request('GET', '/v1/blogs');
    expect(Number(news.headers.get('x-total'))).toBeGreaterThanOrEqual(23);
    expect(Number(news.headers.get('x-last-page'))).toBeGreaterThanOrEqual(3);
    expect(Number(blogs.headers.get('x-total'))).toBeGreaterThanOrEqual(12);
    expect(Number(blogs.headers.get('x-last-page'))).toBeGreaterThanOrEqual(2);
  });
});
