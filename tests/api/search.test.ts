/**
 * Discovery on the seeded catalogue (issue 7): Japanese-aware search over HTTP, narrowing, filters
 * (price, stock, sale), sorts, grouping by product model, facets with disjunctive counts,
 * suggestions, reviews and the member's search history.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Product,
  productFacetsSchema,
  productReviewListSchema,
  productSchema,
  productSearchHistoryListSchema,
  productSuggestSchema,
} from '#contracts/products.ts';
import { product_reviews, product_search_histories, products, users } from '../../api/src/db/schema/index.ts';
import { listProducts } from '../../api/src/services/products/catalog.ts';
import { refreshPopularity, refreshSearchText } from '../../api/src/services/products/search/refresh.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

let shop: TestShop;
let demoToken: string;
beforeAll(async () => {
  shop = await createTestShop();
  demoToken = await loginDemo(shop);
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const productList = z.array(productSchema);
const q = encodeURIComponent;

async function list(query: string, token?: string) {
  const res = await shop.request('GET', `/v1/products${query}`, { token });
  expect(res.status, query).toBe(200);
  return {
    items: productList.parse(await res.json()),
    total: Number(res.headers.get('x-total')),
    last: Number(res.headers.get('x-last-page')),
  };
}

/** Every product of a query, walking the pages. */
async function all(query: string): Promise<Product[]> {
  const sep = query ? '&' : '?';
  const first = await list(`${query}${sep}per=100`);
  const out = [...first.items];
  for (let page = 2; page <= first.last; page++) out.push(...(await list(`${query}${sep}per=100&page=${page}`)).items);
  return out;
}

const keys = (items: Product[]) => items.map((p) => p.key).sort();

async function facets(query: string) {
  const res = await shop.request('GET', `/v1/products/facets${query}`);
  expect(res.status, query).toBe(200);
  return productFacetsSchema.parse(await res.json());
}

describe('Japanese-aware search', () => {
  it('でにむ, デニム, ﾃﾞﾆﾑ, ＤＥＮＩＭ, DENIM and denim find the same products', async () => {
    const base = await all(`?group=0&keyword=${q('デニム')}`);
    expect(base.length).toBeGreaterThan(10);
    expect(base.every((p) => /デニム|denim/i.test(`${p.name} ${p.product_model?.name} ${p.brand?.name} ${p.maker?.name}`))).toBe(true);
    for (const word of ['でにむ', 'ﾃﾞﾆﾑ', 'ＤＥＮＩＭ', 'DENIM', 'denim']) {
      expect(keys(await all(`?group=0&keyword=${q(word)}`)), word).toEqual(keys(base));
    }
  });

  it('コート and こーと match (long-vowel mark dropped), ｺｰﾄ too', async () => {
    const coat = await all(`?keyword=${q('コート')}`);
    expect(coat.length).toBeGreaterThan(0);
    expect(coat.some((p) => p.name.includes('コート'))).toBe(true);
    expect(keys(await all(`?keyword=${q('こーと')}`))).toEqual(keys(coat));
    expect(keys(await all(`?keyword=${q('ｺｰﾄ')}`))).toEqual(keys(coat));
  });

  it('two words narrow (AND), with a full-width space too', async () => {
    const linen = await all(`?group=0&keyword=${q('リネン')}`);
    const both = await all(`?group=0&keyword=${q('りねん　ぱんつ')}`);
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(linen.length);
    expect(both.every((p) => p.name.includes('リネン') && p.name.includes('パンツ'))).toBe(true);
  });

  it("matches colour and size of a variant, and the maker's kana", async () => {
    const navy = await all(`?group=0&keyword=${q('ﾈｲﾋﾞｰ XL')}`);
    expect(navy.length).toBeGreaterThan(0);
    expect(navy.every((p) => p.color!.includes('ネイビー') && p.size === 'XL')).toBe(true);
    const kojima = await all(`?keyword=${q('こじまでにむせいさくしょ')}`);
    expect(kojima.length).toBeGreaterThan(0);
    expect(kojima.every((p) => p.maker?.key === 'kojima-denim')).toBe(true);
  });

  it('wildcards are literal and a search finding nothing is an empty page', async () => {
    expect((await list(`?keyword=${q('%')}`)).total).toBe(0);
    expect((await list(`?keyword=${q('存在しない商品名')}`)).items).toEqual([]);
  });

  it('refreshSearchText is idempotent and fills a product whose words were lost', async () => {
    const db = shop.database.db;
    expect(await refreshSearchText(db, { all: true })).toBe(0);
    const [p] = await db.select({ id: products.id, text: products.search_text }).from(products).where(eq(products.code, 'KJD-0025-01'));
    await db.update(products).set({ search_text: '' }).where(eq(products.id, p.id));
    expect(await refreshSearchText(db)).toBe(1);
    const [again] = await db.select({ text: products.search_text }).from(products).where(eq(products.id, p.id));
    expect(again.text).toBe(p.text);
    expect(again.text).toContain('でにむ');
    expect(again.text).toContain('denim');
  });
});

describe('filters and sorts', () => {
  it('price_min/price_max bound the tax-inclusive price', async () => {
    const items = await all('?group=0&price_min=3000&price_max=5000');
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p) => p.product_price_with_tax >= 3000 && p.product_price_with_tax <= 5000)).toBe(true);
    const everything = await all('?group=0');
    const expected = everything.filter((p) => p.product_price_with_tax >= 3000 && p.product_price_with_tax <= 5000);
    expect(keys(items)).toEqual(keys(expected));
  });

  it('in_stock=1 leaves out sold-out products; on_sale=1 keeps only discounted ones with their rate', async () => {
    const stocked = await all('?group=0&in_stock=1&category=shoes&child=1');
    expect(stocked.length).toBeGreaterThan(0);
    expect(stocked.every((p) => p.is_stock_available && p.stock_status !== 'out')).toBe(true);
    const sale = await all('?on_sale=1');
    expect(sale.length).toBeGreaterThan(0);
    for (const p of sale) {
      expect(p.before_price).toBeGreaterThan(p.product_price);
      expect(p.discount_rate).toBe(Math.floor(((p.before_price! - p.product_price) * 100) / p.before_price!));
    }
  });

  it.each([
    ['price_asc', (a: Product, b: Product) => a.product_price_with_tax <= b.product_price_with_tax],
    ['price_desc', (a: Product, b: Product) => a.product_price_with_tax >= b.product_price_with_tax],
    ['new', (a: Product, b: Product) => Date.parse(a.created_at) >= Date.parse(b.created_at)],
  ] as const)('sort=%s orders the whole list', async (sort, inOrder) => {
    const items = await all(`?sort=${sort}&category=tops&child=1`);
    for (let i = 1; i < items.length; i++) expect(inOrder(items[i - 1], items[i])).toBe(true);
  });

  it('sort=popular follows products.popularity (reviews, views and sales of the model)', async () => {
    const db = shop.database.db;
    const items = await all('?sort=popular');
    const pop = new Map((await db.select({ id: products.id, p: products.popularity }).from(products)).map((r) => [r.id, r.p]));
    for (let i = 1; i < items.length; i++) expect(pop.get(items[i - 1].id)!).toBeGreaterThanOrEqual(pop.get(items[i].id)!);
    expect(pop.get(items[0].id)!).toBeGreaterThan(0);
    // A viewed product's model climbs after a refresh.
    const last = items[items.length - 1];
    await db.execute(
      sql`insert into product_histories (guest_token, product_id) select 'popularity-test', ${last.id} from generate_series(1, 500)`,
    );
    await refreshPopularity(db);
    expect((await list('?sort=popular&per=1')).items[0].id).toBe(last.id);
  });

  it('answers 422 with Japanese messages for a bad price, flag or page', async () => {
    const cases: [string, string, string][] = [
      ['price_min=-1', 'price_min', '下限価格には0から10000000までの数値を指定してください'],
      ['price_max=10000001', 'price_max', '上限価格には0から10000000までの数値を指定してください'],
      ['price_min=abc', 'price_min', '下限価格は整数で指定してください'],
      ['in_stock=yes', 'in_stock', '選択された在庫ありのみは正しくありません'],
      ['page=0', 'page', 'ページには1から100000までの数値を指定してください'],
      ['sort=cheap', 'sort', '選択された並び順は正しくありません'],
    ];
    for (const [query, field, message] of cases) {
      const res = await shop.request('GET', `/v1/products?${query}`);
      expect(res.status, query).toBe(422);
      expect((await res.json()).errors).toEqual({ [field]: [message] });
    }
  });
});

describe('one card per product model', () => {
  it('lists each model once by its representative, with every variant and its stock status', async () => {
    const grouped = await all('?category=shoes&child=1');
    const variants = await all('?category=shoes&child=1&group=0');
    const models = new Set(variants.map((p) => p.product_model!.id));
    expect(grouped.length).toBe(models.size);
    expect(new Set(grouped.map((p) => p.product_model!.id)).size).toBe(grouped.length);
    const details: Product[] = [];
    for (const p of grouped) {
      // A list card carries no variants; the product page has them all.
      expect(p.product_model!.products).toBeUndefined();
      const detail = productSchema.parse(await (await shop.request('GET', `/v1/products/${p.key}`)).json());
      details.push(detail);
      const vs = detail.product_model!.products!;
      expect(vs.length).toBeGreaterThanOrEqual(10);
      expect(
        vs.every((v) => ['in_stock', 'low', 'out'].includes(v.stock_status) && v.size && v.color && /^#[0-9a-f]{6}$/.test(v.color_code!)),
      ).toBe(true);
      // The representative is in stock whenever any variant is.
      if (vs.some((v) => v.is_stock_available)) expect(p.is_stock_available).toBe(true);
    }
    const all3 = details.flatMap((p) => p.product_model!.products!);
    expect(new Set(all3.map((v) => v.stock_status))).toEqual(new Set(['in_stock', 'low', 'out']));
    expect((await list('?category=shoes&child=1')).total).toBe(models.size);
  });

  it('the representative is the first in-stock variant in size order, else the first', async () => {
    const db = shop.database.db;
    const [shirt] = await all(`?keyword=${q('播州織 ギンガムチェック')}`);
    const modelId = shirt.product_model!.id;
    await db.update(products).set({ stock: 0 }).where(eq(products.product_model_id, modelId));
    const [firstM] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.product_model_id, modelId), eq(products.size, 'M')))
      .orderBy(products.id)
      .limit(1);
    await db.update(products).set({ stock: 3 }).where(eq(products.id, firstM.id));
    const [rep] = (await list(`?keyword=${q('播州織 ギンガムチェック')}`)).items;
    expect(rep.id).toBe(firstM.id);
    expect(rep.stock_status).toBe('low');
    await db.update(products).set({ stock: 0 }).where(eq(products.id, firstM.id));
    const [none] = (await list(`?keyword=${q('播州織 ギンガムチェック')}`)).items;
    expect(none.stock_status).toBe('out');
    expect(none.size).toBe('S');
    expect((await list(`?keyword=${q('播州織 ギンガムチェック')}&in_stock=1`)).total).toBe(0);
  });

  it("a product carries its swatch, size, images of its own type and its model's review average", async () => {
    const res = await shop.request('GET', '/v1/products/wkn-0001-02');
    const p = productSchema.parse(await res.json());
    expect(p).toMatchObject({ color: 'ホワイト', color_code: expect.stringMatching(/^#[0-9a-f]{6}$/), size: 'M' });
    // Photographs of its type (tops) in its own colour (ホワイト).
    expect(p.images).toEqual(['main', 'detail', 'back'].map((view) => `/v1/images/photo1-tops-${view}-${p.color_code!.slice(1)}.jpg`));
    const reviewed = (await all('?sort=popular')).find((x) => x.review_count > 0)!;
    expect(reviewed.review_avg).toBeGreaterThanOrEqual(1);
    expect(reviewed.review_avg).toBeLessThanOrEqual(5);
    expect(Math.round(reviewed.review_avg! * 10) / 10).toBe(reviewed.review_avg);
  });
});

describe('pages kept per catalogue version', () => {
  it('a repeated search follows a change committed since, and a rolled-back change inside a transaction leaves no trace', async () => {
    const db = shop.database.db;
    const word = q('播州織');
    const first = await list(`?keyword=${word}`);
    expect(first.total).toBeGreaterThan(0);
    const gone = first.items[0];
    // Unpublishing the whole model (as an editor would) bumps the version: the next read sees it.
    await db.update(products).set({ is_published: false }).where(eq(products.product_model_id, gone.product_model!.id));
    const after = await list(`?keyword=${word}`);
    expect(after.items.map((p) => p.product_model!.id)).not.toContain(gone.product_model!.id);
    expect(after.total).toBe(first.total - 1);
    // A list read inside a transaction that is rolled back must not leave a page behind under a
    // version number the next committed change will reuse.
    await db
      .transaction(async (tx) => {
        await tx.update(products).set({ is_published: true }).where(eq(products.product_model_id, gone.product_model!.id));
        const inside = await listProducts(tx, { channelId: 'default', keyword: '播州織' }, { per: 15, offset: 0 }, null);
        expect(inside.total).toBe(first.total);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || !/rollback/i.test(e.message)) throw e;
      });
    await db
      .update(products)
      .set({ sort: sql`${products.sort}` })
      .where(eq(products.id, -1));
    expect((await list(`?keyword=${word}`)).total).toBe(first.total - 1);
    await db.update(products).set({ is_published: true }).where(eq(products.product_model_id, gone.product_model!.id));
    expect((await list(`?keyword=${word}`)).total).toBe(first.total);
  });
});

describe('review summary (review_stats, migration 0009)', () => {
  it('follows reviews written, changed and deleted, and a product moved to another model', async () => {
    const db = shop.database.db;
    const card = async (key: string) => (await all(`?keyword=${q(key)}&group=0`)).find((p) => p.key === key)!;
    const [a, b] = await db
      .select({ id: products.id, key: products.key, model: products.product_model_id })
      .from(products)
      .where(eq(products.code, 'WKN-0001-01'))
      .union(
        db
          .select({ id: products.id, key: products.key, model: products.product_model_id })
          .from(products)
          .where(eq(products.code, 'WKN-0002-01')),
      );
    const before = await card(a.key);
    const [row] = await db
      .insert(product_reviews)
      .values({ product_id: a.id, nickname: 'テスト', rating: 1, title: '検証', body: '検証用のレビューです。' })
      .returning();
    const after = await card(a.key);
    expect(after.review_count).toBe(before.review_count + 1);
    await db.update(product_reviews).set({ rating: 5 }).where(eq(product_reviews.id, row.id));
    const rated = await card(a.key);
    expect(rated.review_count).toBe(before.review_count + 1);
    expect(rated.review_avg!).toBeGreaterThanOrEqual(after.review_avg!);
    await db.delete(product_reviews).where(eq(product_reviews.id, row.id));
    expect(await card(a.key)).toMatchObject({ review_count: before.review_count, review_avg: before.review_avg });
    // Every review of a model counts for each of its variants, and moves with a product to its new model.
    const countWhere = async (cond: ReturnType<typeof sql>) =>
      Number(
        (
          await db
            .execute(sql`select count(*)::int as n from product_reviews where ${cond}`)
            .then((r) => (r as unknown as { rows: { n: number }[] }).rows)
        )[0].n,
      );
    expect(before.review_count).toBe(await countWhere(sql`product_id in (select id from products where product_model_id = ${a.model})`));
    const [own] = await db
      .insert(product_reviews)
      .values({ product_id: a.id, nickname: 'テスト', rating: 4, title: '移動', body: 'モデル移動の検証です。' })
      .returning();
    const aOwn = await countWhere(sql`product_id = ${a.id}`);
    const bBefore = await card(b.key);
    await db.update(products).set({ product_model_id: b.model }).where(eq(products.id, a.id));
    expect((await card(b.key)).review_count).toBe(bBefore.review_count + aOwn);
    await db.update(products).set({ product_model_id: a.model }).where(eq(products.id, a.id));
    await db.delete(product_reviews).where(eq(product_reviews.id, own.id));
    expect((await card(b.key)).review_count).toBe(bBefore.review_count);
    expect((await card(a.key)).review_count).toBe(before.review_count);
  });
});

describe('GET /v1/products/facets', () => {
  it('counts each facet without its own filter (disjunctive) and per model', async () => {
    const f = await facets('?maker=kojima-denim');
    // The maker facet ignores maker=: every maker is listed with its own count.
    expect(f.makers.length).toBeGreaterThan(10);
    const kojima = f.makers.find((m) => m.key === 'kojima-denim')!;
    expect(kojima.count).toBe((await list('?maker=kojima-denim')).total);
    const kiyora = f.makers.find((m) => m.key === 'kiyora-atelier')!;
    expect(kiyora.count).toBe((await list('?maker=kiyora-atelier')).total);
    // Other facets apply the maker filter.
    expect(f.total).toBe(kojima.count);
    const denim = f.categories.find((c) => c.key === 'denim')!;
    expect(denim.count).toBe((await list('?maker=kojima-denim&category=denim')).total);
    const bottoms = f.categories.find((c) => c.key === 'bottoms')!;
    expect(bottoms.count).toBe((await list('?maker=kojima-denim&category=bottoms&child=1')).total);
    expect(f.categories.some((c) => c.key === 'food')).toBe(false);
    expect(f.in_stock).toBe((await list('?maker=kojima-denim&in_stock=1')).total);
    expect(f.on_sale).toBe((await list('?maker=kojima-denim&on_sale=1')).total);
  });

  it('the price range leaves the price filter out; a keyword applies everywhere', async () => {
    const wide = await facets('?category=kitchen&child=1');
    const narrow = await facets('?category=kitchen&child=1&price_min=2000&price_max=3000');
    expect(narrow.price).toEqual(wide.price);
    expect(narrow.total).toBeLessThan(wide.total);
    const prices = (await all('?category=kitchen&child=1&group=0')).map((p) => p.product_price_with_tax);
    expect(wide.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    const tea = await facets(`?keyword=${q('ホウジ')}`);
    expect(tea.total).toBe((await list(`?keyword=${q('ホウジ')}`)).total);
    expect(tea.total).toBeGreaterThan(0);
    const none = await facets(`?keyword=${q('存在しない商品名')}`);
    expect(none).toMatchObject({ total: 0, price: null, makers: [], categories: [] });
  });

  it('group=0 counts variants', async () => {
    const f = await facets('?group=0&category=shoes&child=1');
    expect(f.total).toBe((await list('?group=0&category=shoes&child=1')).total);
    expect(f.in_stock).toBe((await list('?group=0&category=shoes&child=1&in_stock=1')).total);
  });
});

describe('GET /v1/products/suggest', () => {
  it('needs 2 characters after normalisation', async () => {
    for (const word of ['で', ' ー ', 'ｰ']) {
      const res = await shop.request('GET', `/v1/products/suggest?keyword=${q(word)}`);
      expect(res.status, word).toBe(422);
      expect(Object.keys((await res.json()).errors)).toEqual(['keyword']);
    }
  });

  it('answers matching model words and up to 6 products, one per model', async () => {
    const res = await shop.request('GET', `/v1/products/suggest?keyword=${q('ﾃﾞﾆﾑ')}`);
    expect(res.status).toBe(200);
    const s = productSuggestSchema.parse(await res.json());
    expect(s.products.length).toBeGreaterThan(0);
    expect(s.products.length).toBeLessThanOrEqual(6);
    expect(s.words.length).toBeGreaterThan(0);
    expect(s.words.some((w) => w.includes('デニム'))).toBe(true);
    expect(s.products.every((p) => p.image.startsWith('/v1/images/photo1-'))).toBe(true);
  });

  it("puts the member's own matching searches first", async () => {
    await shop.request('POST', '/v1/product-search-histories', { token: demoToken, body: { word: 'デニム ワイド' } });
    const s = productSuggestSchema.parse(
      await (await shop.request('GET', `/v1/products/suggest?keyword=${q('でにむ')}`, { token: demoToken })).json(),
    );
    expect(s.words[0]).toBe('デニム ワイド');
    const guest = productSuggestSchema.parse(await (await shop.request('GET', `/v1/products/suggest?keyword=${q('でにむ')}`)).json());
    expect(guest.words).not.toContain('デニム ワイド');
  });
});

describe('GET /v1/products/{key}/reviews', () => {
  it("pages the model's reviews newest first with the pagination headers", async () => {
    const rows = await shop.database.db.execute(sql`select p.key, count(*)::int as n from product_reviews r
      join products v on v.id = r.product_id join products p on p.product_model_id = v.product_model_id and p.is_published
      group by p.key order by n desc, p.key limit 1`);
    const { key, n } = (rows as unknown as { rows: { key: string; n: number }[] }).rows[0];
    expect(n).toBeGreaterThanOrEqual(3);
    const res = await shop.request('GET', `/v1/products/${key}/reviews?per=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total')).toBe(String(n));
    expect(res.headers.get('x-last-page')).toBe(String(Math.ceil(n / 2)));
    const page1 = productReviewListSchema.parse(await res.json());
    expect(page1).toHaveLength(2);
    expect(Date.parse(page1[0].created_at)).toBeGreaterThanOrEqual(Date.parse(page1[1].created_at));
    const product = productSchema.parse(await (await shop.request('GET', `/v1/products/${key}`)).json());
    expect(product.review_count).toBe(n);
    const page2 = productReviewListSchema.parse(await (await shop.request('GET', `/v1/products/${key}/reviews?per=2&page=2`)).json());
    expect(page2[0].id).not.toBe(page1[0].id);
    expect((await shop.request('GET', '/v1/products/no-such-product/reviews')).status).toBe(404);
    expect((await shop.request('GET', `/v1/products/${key}/reviews?page=0`)).status).toBe(422);
  });
});

describe('search history', () => {
  it("a member's word is stored, de-duplicated by its normalised form and listed newest first", async () => {
    const token = await loginDemo(shop);
    const post = (word: string, t: string | null = token) =>
      shop.request('POST', '/v1/product-search-histories', { token: t, body: { word } });
    expect((await post('リネン')).status).toBe(201);
    expect((await post('帆布')).status).toBe(201);
    const again = await post('  ﾘﾈﾝ ');
    expect(again.status).toBe(201);
    expect((await again.json()).word).toBe('ﾘﾈﾝ');
    const res = await shop.request('GET', '/v1/me/product-search-histories', { token });
    const items = productSearchHistoryListSchema.parse(await res.json());
    expect(items.slice(0, 2).map((i) => i.word)).toEqual(['ﾘﾈﾝ', '帆布']);
    expect(items.filter((i) => ['リネン', 'ﾘﾈﾝ'].includes(i.word))).toHaveLength(1);
  });

  it('keeps at most 50 and pages them by 10', async () => {
    const token = await loginDemo(shop);
    for (let i = 1; i <= 53; i++) {
      const r = await shop.request('POST', '/v1/product-search-histories', { token, body: { word: `ことば${i}` } });
      expect(r.status).toBe(201);
    }
    const res = await shop.request('GET', '/v1/me/product-search-histories', { token });
    expect(res.headers.get('x-total')).toBe('50');
    expect(res.headers.get('x-per-page')).toBe('10');
    expect(productSearchHistoryListSchema.parse(await res.json())[0].word).toBe('ことば53');
  });

  it("a guest's post answers 204 and stores nothing; a blank word is 422", async () => {
    const db = shop.database.db;
    const before = await db.$count(product_search_histories);
    const guest = await shop.request('POST', '/v1/product-search-histories', { body: { word: 'デニム' } });
    expect(guest.status).toBe(204);
    expect(await db.$count(product_search_histories)).toBe(before);
    const blank = await shop.request('POST', '/v1/product-search-histories', { token: demoToken, body: { word: '　 ' } });
    expect(blank.status).toBe(422);
    expect((await blank.json()).errors).toEqual({ word: ['検索キーワードは必須項目です'] });
    expect((await shop.request('GET', '/v1/me/product-search-histories')).status).toBe(401);
  });

  it("deletes the member's own entry; another member's id is 404", async () => {
    const token = await loginDemo(shop);
    const created = await (await shop.request('POST', '/v1/product-search-histories', { token, body: { word: '削除することば' } })).json();
    const db = shop.database.db;
    const [other] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo-mfa'));
    const [theirs] = await db.insert(product_search_histories).values({ user_id: other.id, word: 'ほかの人' }).returning();
    expect((await shop.request('DELETE', `/v1/me/product-search-histories/${theirs.id}`, { token })).status).toBe(404);
    expect(await db.$count(product_search_histories, eq(product_search_histories.id, theirs.id))).toBe(1);
    expect((await shop.request('DELETE', `/v1/me/product-search-histories/${created.id}`, { token })).status).toBe(204);
    expect((await shop.request('DELETE', `/v1/me/product-search-histories/${created.id}`, { token })).status).toBe(404);
  });
});
