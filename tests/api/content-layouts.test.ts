/**
 * Page layouts and collections on a real, seeded database (issue 10): GET /v1/layouts/{page},
 * GET /v1/pages/front/layout/{id} and GET /v1/collections/{alias} (its products read fresh, per and
 * max_page_size, channel scoping, bad input as 422 with Japanese messages), and the content-state
 * trigger on the new tables.
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectionSchema, layoutSchema } from '#contracts/content.ts';
import { productSchema } from '#contracts/products.ts';
import { collections, content_state, products } from '../../api/src/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function json<T extends z.ZodType>(path: string, schema: T, channel?: string) {
  const res = await shop.request('GET', path, { channel });
  expect(res.status, `${path} → ${res.status}`).toBe(200);
  return { body: schema.parse(await res.json()) as z.infer<T>, headers: res.headers };
}

describe('layouts', () => {
  it('the top layout lists its blocks in order, each naming its data', async () => {
    const { body } = await json('/v1/layouts/top', layoutSchema);
    expect(body.page).toBe('top');
    expect(body.blocks.map((b) => b.type)).toEqual(['hero', 'banners', 'categories', 'collection', 'banners', 'collection', 'news']);
    expect(body.blocks.filter((b) => b.type === 'collection').map((b) => b.alias)).toEqual(['new-arrivals', 'kitchen-popular']);
  });

  it('each channel has its own layout; by id only within the channel', async () => {
    const main = (await json('/v1/layouts/top', layoutSchema)).body;
    const outlet = (await json('/v1/layouts/top', layoutSchema, 'outlet')).body;
    expect(outlet.id).not.toBe(main.id);
    expect(outlet.blocks[0]).toMatchObject({ type: 'hero', title: 'アウトレット' });
    expect((await json(`/v1/pages/front/layout/${main.id}`, layoutSchema)).body).toEqual(main);
    expect((await shop.request('GET', `/v1/pages/front/layout/${outlet.id}`)).status).toBe(404);
  });

  it('unknown pages are 404 and bad ids 422, in the error shape', async () => {
    const missing = await shop.request('GET', '/v1/layouts/no-such-page');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('レイアウトが見つかりません。');
    for (const id of ['abc', '0', '99999999999']) {
      const res = await shop.request('GET', `/v1/pages/front/layout/${id}`);
      expect(res.status, id).toBe(422);
      const body = await res.json();
      expect(body.message).toBe('入力内容に誤りがあります。');
      expect(Object.keys(body.errors)).toEqual(['id']);
    }
    expect((await shop.request('GET', `/v1/layouts/${'a'.repeat(101)}`)).status).toBe(422);
  });
});

describe('collections', () => {
  it('answers the collection with a page of its products and the pagination headers', async () => {
    const { body, headers } = await json('/v1/collections/new-arrivals?per=5', collectionSchema);
    expect(body).toMatchObject({ alias: 'new-arrivals', title: '新着アイテム', params: { sort: 'new' } });
    expect(body.products).toHaveLength(5);
    expect(Number(headers.get('x-per-page'))).toBe(5);
    expect(Number(headers.get('x-total'))).toBeGreaterThan(5);
    // The same products, in the same order, as the product list with the saved filters.
    const list = await shop.request('GET', '/v1/products?sort=new&per=5');
    const listed = z.array(productSchema).parse(await list.json());
    expect(body.products.map((p) => p.key)).toEqual(listed.map((p) => p.key));
  });

  it('max_page_size caps per (the single-collection call sends 1)', async () => {
    const { body, headers } = await json('/v1/collections/kitchen-popular?per=10&max_page_size=1', collectionSchema);
    expect(body.products).toHaveLength(1);
    expect(headers.get('x-per-page')).toBe('1');
  });

  it('the saved filters apply: a category collection holds only that category', async () => {
    const { body } = await json('/v1/collections/kitchen-popular?per=20', collectionSchema);
    const viaList = z
      .array(productSchema)
      .parse(await (await shop.request('GET', '/v1/products?category=kitchen&child=1&sort=popular&per=20')).json());
    expect(body.products.map((p) => p.key)).toEqual(viaList.map((p) => p.key));
    expect(body.products.length).toBeGreaterThan(0);
  });

  it('products are read fresh: an unpublished product leaves the collection at once', async () => {
    const before = (await json('/v1/collections/new-arrivals?per=3', collectionSchema)).body.products;
    const [row] = await shop.database.db
      .select({ id: products.id, is_published: products.is_published })
      .from(products)
      .where(eq(products.key, before[0].key));
    await shop.database.db.update(products).set({ is_published: false }).where(eq(products.id, row.id));
    try {
      const after = (await json('/v1/collections/new-arrivals?per=3', collectionSchema)).body.products;
      expect(after.map((p) => p.key)).not.toContain(before[0].key);
    } finally {
      await shop.database.db.update(products).set({ is_published: row.is_published }).where(eq(products.id, row.id));
    }
  });

  it('a saved filter that no longer validates is dropped instead of failing the call', async () => {
    await shop.database.db.insert(collections).values({
      channel_id: 'default',
      alias: 'broken',
      title: '壊れた条件',
      params: { sort: 'no-such-sort', category: 'kitchen', child: '1', junk: 'x' },
    });
    const { body } = await json('/v1/collections/broken?per=3', collectionSchema);
    expect(body.params).toEqual({ sort: 'no-such-sort', category: 'kitchen', child: '1' });
    expect(body.products.length).toBeGreaterThan(0);
  });

  it('is scoped to the channel; bad paging is 422 with field messages', async () => {
    expect((await shop.request('GET', '/v1/collections/kitchen-popular', { channel: 'outlet' })).status).toBe(404);
    expect((await shop.request('GET', '/v1/collections/no-such')).status).toBe(404);
    for (const [query, field] of [
      ['per=0', 'per'],
      ['per=101', 'per'],
      ['max_page_size=abc', 'max_page_size'],
      ['page=-1', 'page'],
    ] as const) {
      const res = await shop.request('GET', `/v1/collections/new-arrivals?${query}`);
      expect(res.status, query).toBe(422);
      const body = await res.json();
      expect(Object.keys(body.errors), query).toEqual([field]);
      expect(body.errors[field][0], query).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
    expect((await shop.request('GET', '/v1/collections/a%00b')).status).toBe(422);
  });
});

describe('content state', () => {
  it('a layout or collection change moves the content version', async () => {
    const version = async () => (await shop.database.db.select({ v: content_state.version }).from(content_state))[0].v;
    const v0 = await version();
    await shop.database.db.execute(sql`update layouts set title = title || '' where page = 'top'`);
    const v1 = await version();
    expect(v1).toBeGreaterThan(v0);
    await shop.database.db.update(collections).set({ title: '新着アイテム' }).where(eq(collections.alias, 'new-arrivals'));
    expect(await version()).toBeGreaterThan(v1);
  });
});
