/**
 * The catalogue on a real, seeded database: seed contents, product list (filters, sorting,
 * pagination headers, validation), product detail, categories, channels, settings and public.json.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categoryHierarchySchema, type Product, productSchema } from '#contracts/products.ts';
import { frontSettingsSchema, publicJsonSchema } from '#contracts/settings.ts';
import {
  channels,
  makers,
  payment_methods,
  product_likes,
  products,
  settings,
  user_addresses,
  users,
} from '../../api/src/db/schema/index.ts';
import { seedIfEmpty } from '../../api/src/db/seed/index.ts';
import { verifyPassword } from '../../api/src/services/passwords/index.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const productList = z.array(productSchema);

async function list(query: string, opts: { channel?: string | null; token?: string } = {}) {
  const res = await shop.request('GET', `/v1/products${query}`, opts);
  expect(res.status).toBe(200);
  const items = productList.parse(await res.json());
  const h = (name: string) => Number(res.headers.get(name));
  return { items, total: h('x-total'), per: h('x-per-page'), last: h('x-last-page'), current: h('x-current-page') };
}

/** Every product of a query, walking the pages. */
async function all(query: string, channel?: string): Promise<Product[]> {
  const sep = query ? '&' : '?';
  const first = await list(`${query}${sep}per=100`, { channel });
  const out = [...first.items];
  for (let page = 2; page <= first.last; page++) out.push(...(await list(`${query}${sep}per=100&page=${page}`, { channel })).items);
  return out;
}

describe('seed', () => {
  it('has three channels, the default one first, with every spec-9 setting', async () => {
    const rows = await shop.database.db.select().from(channels);
    expect(rows.map((c) => [c.id, c.theme, c.is_default]).sort()).toEqual([
      ['default', 'default', true],
      ['outlet', 'outlet', false],
      ['school', 'school', false],
    ]);
    for (const c of rows) {
      const keys = (await shop.database.db.select({ key: settings.key }).from(settings).where(eq(settings.channel_id, c.id))).map(
        (r) => r.key,
      );
      expect(keys).toEqual(expect.arrayContaining(Object.keys(frontSettingsSchema.shape)));
    }
  });

  it('has at least 300 products, 20 makers and both tax rates', async () => {
    const db = shop.database.db;
    expect(await db.$count(products)).toBeGreaterThanOrEqual(300);
    expect(await db.$count(makers)).toBeGreaterThanOrEqual(20);
    expect(await db.$count(products, eq(products.tax_rate, 8))).toBeGreaterThan(10);
    expect(await db.$count(products, eq(products.stock, 0))).toBeGreaterThan(0);
    expect(await db.$count(products, sql`${products.before_price} is not null`)).toBeGreaterThan(0);
    // Every product is sold on at least one channel.
    const orphans = await db.execute(
      sql`select count(*)::int as n from products p where not exists (select 1 from product_channels pc where pc.product_id = p.id)`,
    );
    expect(Number((orphans as { rows: { n: number }[] }).rows[0].n)).toBe(0);
  });

  it('has the demo member with a verifiable password and a default address', async () => {
    const db = shop.database.db;
    const [demo] = await db
      .select()
      .from(users)
      .where(and(eq(users.username, 'demo'), eq(users.channel_id, 'default')));
    expect(demo.email).toBe('demo@example.jp');
    expect(demo.password_hash).not.toContain('demo-pass-2026');
    expect(await verifyPassword('demo-pass-2026', demo.password_hash)).toBe(true);
    expect(await verifyPassword('wrong-pass', demo.password_hash)).toBe(false);
    const addresses = await db.select().from(user_addresses).where(eq(user_addresses.user_id, demo.id));
    expect(addresses).toHaveLength(2);
    expect(addresses.filter((a) => a.is_default)).toEqual([
      expect.objectContaining({ prefecture: '東京都', city: '渋谷区', postal_code: '1500001' }),
    ]);
  });

  it('has cash on delivery, bank transfer, card, deferred and konbini active', async () => {
    const rows = await shop.database.db.select().from(payment_methods);
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(byCode.cod).toMatchObject({ name: '代金引換', fee: 330, is_active: true });
    expect(byCode.bank_transfer).toMatchObject({ name: '銀行振込', fee: 0, is_active: true });
    expect(byCode.bank_transfer.description).toContain('ご注文後7日以内にお振込みください');
    expect(byCode.card).toMatchObject({ name: 'クレジットカード', is_active: true });
    expect(byCode.deferred).toMatchObject({ name: '後払い', fee: 209, is_active: true });
    expect(byCode.konbini).toMatchObject({ name: 'コンビニ払い', is_active: true });
  });

  it('seedIfEmpty leaves a seeded database alone', async () => {
    const before = await shop.database.db.$count(products);
    expect(await seedIfEmpty(shop.database.db)).toBe(false);
    expect(await shop.database.db.$count(products)).toBe(before);
  });
});

describe('GET /v1/products', () => {
  it('pages by 15 by default with the four pagination headers', async () => {
    const page1 = await list('');
    expect(page1.items).toHaveLength(15);
    // One card per product model by default; group=0 lists every variant.
    expect(page1.total).toBeGreaterThanOrEqual(100);
    expect((await list('?group=0')).total).toBeGreaterThanOrEqual(300);
    expect(page1.per).toBe(15);
    expect(page1.current).toBe(1);
    expect(page1.last).toBe(Math.ceil(page1.total / 15));
    const page2 = await list('?page=2');
    expect(page2.current).toBe(2);
    expect(page2.items.map((p) => p.id)).not.toEqual(expect.arrayContaining([page1.items[0].id]));
    const last = await list(`?page=${page1.last}`);
    expect(last.items.length).toBe(page1.total - 15 * (page1.last - 1));
  });

  it('answers an empty page past the end, still with the total', async () => {
    const beyond = await list('?page=999&group=0');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBeGreaterThanOrEqual(300);
    expect(beyond.current).toBe(999);
  });

  it('honours per up to 100', async () => {
    const r = await list('?per=100');
    expect(r.items).toHaveLength(100);
    expect(r.per).toBe(100);
  });

  it.each(['per=abc', 'page=0', 'page=-1', 'per=0', 'per=101', 'per=all', 'sort=cheap', 'child=yes'])(
    'answers 422 with errors for %s',
    async (q) => {
      const res = await shop.request('GET', `/v1/products?${q}`);
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.message).toEqual(expect.any(String));
      expect(Object.keys(body.errors)).toEqual([q.split('=')[0]]);
    },
  );

  it('lists only published products of the channel', async () => {
    const ids = new Set((await all('')).map((p) => p.id));
    const hidden = await shop.database.db.select({ id: products.id }).from(products).where(eq(products.is_published, false));
    expect(hidden.length).toBeGreaterThan(0);
    for (const h of hidden) expect(ids.has(h.id)).toBe(false);
    const outletOnly = await shop.database.db.select({ id: products.id }).from(products).where(sql`${products.code} like 'OUT-%'`);
    expect(outletOnly.length).toBeGreaterThan(0);
    for (const o of outletOnly) expect(ids.has(o.id)).toBe(false);
  });

  it('a category without child matches only products placed in it; child=1 adds every descendant', async () => {
    expect((await list('?category=tops')).total).toBe(0); // products sit in the leaf categories
    const tops = await all('?category=tops&child=1&group=0');
    expect(tops.length).toBeGreaterThan(30);
    const leaves = ['tshirts', 'shirts', 'knit', 'sweat'];
    for (const p of tops) expect(leaves).toContain(p.product_model!.categories[0].key);
    const tshirts = await list('?category=tshirts');
    expect(tshirts.total).toBeGreaterThan(0);
    expect(tshirts.items.every((p) => p.product_model!.categories.some((c) => c.key === 'tshirts'))).toBe(true);
    expect((await list('?category=tshirts&child=true')).total).toBe(tshirts.total);
  });

  it('child=1 reaches grandchildren (食品・飲料 > お茶 > 緑茶・抹茶)', async () => {
    const green = (await list('?category=green-tea')).total;
    const black = (await list('?category=black-tea')).total;
    expect(green).toBeGreaterThan(0);
    expect((await list('?category=tea&child=1')).total).toBe(green + black);
    const food = await all('?category=food&child=1');
    expect(food.some((p) => p.product_model!.categories[0].key === 'green-tea')).toBe(true);
  });

  it('an unknown category, maker or brand matches nothing', async () => {
    for (const q of ['category=nope&child=1', 'maker=nope', 'brand=nope']) expect((await list(`?${q}`)).total).toBe(0);
  });

  it('filters by maker and by brand key', async () => {
    const byMaker = await all('?maker=kojima-denim');
    expect(byMaker.length).toBeGreaterThan(5);
    expect(byMaker.every((p) => p.maker?.key === 'kojima-denim')).toBe(true);
    const byBrand = await all('?brand=kiyora-basic');
    expect(byBrand.length).toBeGreaterThan(0);
    expect(byBrand.every((p) => p.brand?.key === 'kiyora-basic')).toBe(true);
  });

  it('keyword matches name or code, every word must match, wildcards are literal', async () => {
    const linen = await all(`?keyword=${encodeURIComponent('リネン')}`);
    expect(linen.length).toBeGreaterThan(5);
    expect(linen.every((p) => p.name.includes('リネン'))).toBe(true);
    const both = await all(`?keyword=${encodeURIComponent('リネン\u3000パンツ')}`);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((p) => p.name.includes('リネン') && p.name.includes('パンツ'))).toBe(true);
    const code = await list('?keyword=wkn-0001');
    expect(code.total).toBeGreaterThan(0);
    expect(code.items.every((p) => p.code.startsWith('WKN-0001'))).toBe(true);
    expect((await list(`?keyword=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list('?keyword=_')).total).toBe(0);
  });

  it('sorts by the tax-inclusive price and by newest', async () => {
    const asc = (await list('?sort=price_asc&per=100')).items.map((p) => p.product_price_with_tax);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list('?sort=price_desc&per=100')).items.map((p) => p.product_price_with_tax);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBeGreaterThan(asc[0]);
    const newest = (await list('?sort=new&per=100')).items.map((p) => Date.parse(p.created_at));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('prices food at the 8 % reduced rate and everything else at 10 %', async () => {
    const food = await all('?category=food&child=1');
    expect(food.length).toBeGreaterThan(20);
    for (const p of food) {
      // 本みりん is liquor, which the reduced rate does not cover.
      expect(p.tax_rate).toBe(p.name.includes('本みりん') ? 10 : 8);
      expect(p.product_price_with_tax).toBe(Math.floor((p.product_price * (100 + p.tax_rate)) / 100));
    }
    const tops = (await list('?category=tops&child=1&per=100')).items;
    for (const p of tops) {
      expect(p.tax_rate).toBe(10);
      expect(p.product_price_with_tax).toBe(Math.floor((p.product_price * 110) / 100));
    }
  });

  it('describes each product for a card: model with categories, maker, brand, image, stock (variants only on the product page)', async () => {
    const items = await all('');
    expect(items.some((p) => !p.is_stock_available)).toBe(true);
    expect(items.some((p) => p.before_price !== null && p.before_price > p.product_price)).toBe(true);
    expect(
      items.every((x) => x.product_model == null || (x.product_model.products === undefined && x.product_model.categories.length > 0)),
    ).toBe(true);
    const p = items.find((x) => x.product_model != null)!;
    const detail = productSchema.parse(await (await shop.request('GET', `/v1/products/${p.key}`)).json());
    expect(detail.product_model!.products!.map((v) => v.id)).toContain(p.id);
    expect(p.image).toMatch(
      /^\/v1\/images\/photo\d+-(tops|bottoms|outer|bags|shoes|accessories|kitchen|food)-(main|detail|back)-[0-9a-f]{6}\.jpg$/,
    );
    expect(p.images).toContain(p.image);
    expect(p.maker).not.toBeNull();
    expect(p.brand).not.toBeNull();
    expect(p.is_favorite).toBe(false);
  });

  it("marks the signed-in member's liked products as favourites", async () => {
    const db = shop.database.db;
    const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
    const [liked] = await db.select({ id: products.id, key: products.key }).from(products).where(eq(products.code, 'WKN-0001-02'));
    await db.insert(product_likes).values({ user_id: demo.id, product_id: liked.id });
    const token = await loginDemo(shop);
    const mine = await list('?keyword=WKN-0001&group=0', { token });
    expect(mine.items.find((p) => p.id === liked.id)?.is_favorite).toBe(true);
    expect(mine.items.filter((p) => p.id !== liked.id).every((p) => !p.is_favorite)).toBe(true);
    const guest = await list('?keyword=WKN-0001&group=0');
    expect(guest.items.every((p) => !p.is_favorite)).toBe(true);
    const detail = await shop.request('GET', `/v1/products/${liked.key}`, { token });
    expect((await detail.json()).is_favorite).toBe(true);
  });
});

describe('GET /v1/products/{key}', () => {
  it('answers the product with its model variants', async () => {
    const res = await shop.request('GET', '/v1/products/wkn-0001-01');
    expect(res.status).toBe(200);
    const p = productSchema.parse(await res.json());
    expect(p).toMatchObject({ key: 'wkn-0001-01', code: 'WKN-0001-01', product_price: 3600, product_price_with_tax: 3960, tax_rate: 10 });
    expect(p.name).toContain('オーガニックコットン クルーネックTシャツ');
    expect(p.product_model!.products!.length).toBeGreaterThanOrEqual(3);
    expect(p.product_model!.categories).toEqual([expect.objectContaining({ key: 'tshirts', name: 'Tシャツ・カットソー' })]);
  });

  it('answers 404 for an unknown or unpublished key', async () => {
    const res = await shop.request('GET', '/v1/products/no-such-product');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toEqual(expect.any(String));
    const [hidden] = await shop.database.db.select({ key: products.key }).from(products).where(eq(products.is_published, false)).limit(1);
    expect((await shop.request('GET', `/v1/products/${hidden.key}`)).status).toBe(404);
  });

  it('serves outlet-only products on the outlet channel only, and hides them from regular variants', async () => {
    expect((await shop.request('GET', '/v1/products/out-0001')).status).toBe(404);
    const res = await shop.request('GET', '/v1/products/out-0001', { channel: 'outlet' });
    expect(res.status).toBe(200);
    const p = productSchema.parse(await res.json());
    expect(p.name).toMatch(/^【(B品|旧モデル)】/);
    expect(p.before_price).toBeGreaterThan(p.product_price);
  });
});

describe('channels', () => {
  it('a request without the channel header is served as the default channel', async () => {
    const withHeader = await list('?per=1');
    const without = await list('?per=1', { channel: null });
    expect(without.total).toBe(withHeader.total);
  });

  it('the outlet channel adds its outlet-only products', async () => {
    const main = (await list('?per=1')).total;
    const outlet = (await list('?per=1', { channel: 'outlet' })).total;
    expect(outlet).toBeGreaterThan(main);
  });

  it('an unknown channel answers 404 with the message the storefront recognises', async () => {
    for (const path of ['/v1/products', '/v1/products/wkn-0001-01', '/v1/settings/front', '/v1/categories/hierarchy', '/public.json']) {
      const res = await shop.request('GET', path, { channel: 'no-such-channel' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        message: 'The channel does not exist.',
        code: 'channel.not_exists',
        request_id: expect.any(String),
      });
    }
  });
});

describe('GET /v1/categories/hierarchy', () => {
  it('has the eight top-level categories, each with two to four children', async () => {
    const res = await shop.request('GET', '/v1/categories/hierarchy?table=products');
    expect(res.status).toBe(200);
    const tree = categoryHierarchySchema.parse(await res.json());
    expect(tree.map((c) => [c.key, c.name])).toEqual([
      ['tops', 'トップス'],
      ['bottoms', 'ボトムス'],
      ['outer', 'アウター'],
      ['bags', 'バッグ'],
      ['shoes', 'シューズ'],
      ['accessories', 'アクセサリー'],
      ['kitchen', 'キッチン・食器'],
      ['food', '食品・飲料'],
    ]);
    for (const c of tree) {
      expect(c.children.length).toBeGreaterThanOrEqual(2);
      expect(c.children.length).toBeLessThanOrEqual(4);
    }
    const tea = tree.find((c) => c.key === 'food')!.children.find((c) => c.key === 'tea')!;
    expect(tea.children.map((c) => c.key)).toEqual(['green-tea', 'black-tea']);
  });

  it('defaults to products, serves the inquiry categories, and rejects other tables', async () => {
    const byDefault = await (await shop.request('GET', '/v1/categories/hierarchy')).json();
    expect(byDefault[0].key).toBe('tops');
    const inquiries = await (await shop.request('GET', '/v1/categories/hierarchy?table=inquiries')).json();
    expect(inquiries.map((c: { name: string }) => c.name)).toContain('商品について');
    expect((await shop.request('GET', '/v1/categories/hierarchy?table=users')).status).toBe(422);
  });
});

describe('settings and public.json', () => {
  it('GET /v1/settings/front is the flat object of the spec-9 keys, public ones only', async () => {
    const res = await shop.request('GET', '/v1/settings/front');
    expect(res.status).toBe(200);
    const body = await res.json();
    const parsed = frontSettingsSchema.parse(body);
    expect(parsed).toMatchObject({
      'SITE.NAME': 'Maison Kiyora',
      THEME: 'default',
      'SITE.NO_MEMBER_USE': false,
      'SITE.BREAKPOINT.SCREEN-SM': 576,
      'SITE.BREAKPOINT.SCREEN-MD': 992,
      'CART.POPUP_COMPONENT': 'toast',
      'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': true,
    });
    expect(Object.keys(body).some((k) => k.startsWith('MAIL.'))).toBe(false);
    const outlet = await (await shop.request('GET', '/v1/settings/front', { channel: 'outlet' })).json();
    expect(outlet.THEME).toBe('outlet');
    expect(outlet['SITE.NAME']).toContain('OUTLET');
  });

  it('GET /public.json (no /v1) names the channel, shop, API base and theme', async () => {
    const res = await shop.request('GET', '/public.json', { channel: null });
    expect(res.status).toBe(200);
    expect(publicJsonSchema.parse(await res.json())).toEqual({
      channel_id: 'default',
      site_name: 'Maison Kiyora',
      api_base_url: '',
      theme: 'default',
    });
    const outlet = publicJsonSchema.parse(await (await shop.request('GET', '/public.json', { channel: 'outlet' })).json());
    expect(outlet).toMatchObject({ channel_id: 'outlet', theme: 'outlet' });
  });

  it("GET /v1/colorschemes/selected/front gives the channel's tokens", async () => {
    const res = await shop.request('GET', '/v1/colorschemes/selected/front');
    expect(res.status).toBe(200);
    expect((await res.json()).tokens['--color-primary']).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('GET /v1/openapi.json', () => {
  it('lists the catalogue, content and settings operations', async () => {
    const doc = await (await shop.request('GET', '/v1/openapi.json')).json();
    expect(doc.servers).toEqual([{ url: '/v1' }]);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/products',
      '/products/{key}',
      '/categories/hierarchy',
      '/settings/front',
      '/colorschemes/selected/front',
      '/makers',
      '/makers/{id}',
      '/brands',
      '/blogs',
      '/blogs/{id}',
      '/news',
      '/news/{id}',
      '/static-pages/urls',
      '/static-pages/url/{path}',
      '/qas',
      '/qa-categories',
      '/messages',
      '/banners',
      '/popups',
      '/free-areas',
      '/tags',
      '/lp',
      '/stylists',
    ])
      expect(paths.map((x) => x.replace(/^\/v1/, ''))).toContain(p);
    const params = doc.paths[paths.find((x) => x.endsWith('/products'))!].get.parameters.map((q: { name: string }) => q.name);
    expect(params).toEqual(
      expect.arrayContaining([
        'page',
        'per',
        'category',
        'child',
        'maker',
        'brand',
        'keyword',
        'sort',
        'price_min',
        'price_max',
        'in_stock',
        'on_sale',
        'group',
      ]),
    );
    for (const p of [
      '/products/facets',
      '/products/suggest',
      '/products/{key}/reviews',
      '/product-search-histories',
      '/me/product-search-histories',
      '/me/product-search-histories/{id}',
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.components.schemas.Product).toBeDefined();
  });
});
