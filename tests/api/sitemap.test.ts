/**
 * GET /v1/sitemap/products: every published product of the channel exactly once, with its last
 * change, in sitemap-sized pages; unpublished products and other channels' products left out.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE } from '#contracts/fields.ts';
import { SITEMAP_MAX_URLS, sitemapProductsSchema } from '#contracts/sitemap.ts';
import { products } from '../../api/src/db/schema/index.ts';
import { inChannel } from '../../api/src/services/products/catalog.ts';
import { listSitemapProducts } from '../../api/src/services/sitemap/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function sitemapPage(query = '', channel?: string) {
  const res = await shop.request('GET', `/v1/sitemap/products${query}`, { channel });
  return { status: res.status, body: await res.json() };
}

async function publishedKeys(channel: string): Promise<string[]> {
  const rows = await shop.database.db
    .select({ key: products.key })
    .from(products)
    .where(and(eq(products.is_published, true), inChannel(channel)));
  return rows.map((r) => r.key).sort();
}

describe('GET /v1/sitemap/products', () => {
  it('lists every published product of the channel once, with an ISO last change', async () => {
    const { status, body } = await sitemapPage();
    expect(status).toBe(200);
    const page = sitemapProductsSchema.parse(body);
    expect(page.per).toBe(SITEMAP_MAX_URLS);
    expect(page.page).toBe(1);
    const keys = page.items.map((i) => i.key).sort();
    expect(keys).toEqual(await publishedKeys('default'));
    expect(page.total).toBe(keys.length);
    expect(new Set(keys).size).toBe(keys.length);
    for (const item of page.items) expect(new Date(item.updated_at).toISOString()).toBe(item.updated_at);
    const newestChange = page.items
      .map((i) => i.updated_at)
      .sort()
      .at(-1);
    expect(page.last_updated_at).toBe(newestChange);
  });

  it('leaves out an unpublished product and follows the channel', async () => {
    const [first] = await shop.database.db
      .select({ id: products.id, key: products.key })
      .from(products)
      .where(and(eq(products.is_published, true), inChannel('default')))
      .limit(1);
    await shop.database.db.update(products).set({ is_published: false }).where(eq(products.id, first!.id));
    try {
      const page = sitemapProductsSchema.parse((await sitemapPage()).body);
      expect(page.items.map((i) => i.key)).not.toContain(first!.key);
    } finally {
      await shop.database.db.update(products).set({ is_published: true }).where(eq(products.id, first!.id));
    }
    const outlet = sitemapProductsSchema.parse((await sitemapPage('', 'outlet')).body);
    expect(outlet.items.map((i) => i.key).sort()).toEqual(await publishedKeys('outlet'));
    expect(outlet.items.map((i) => i.key).sort()).not.toEqual(await publishedKeys('default'));
  });

  it("a page past the last is empty, with the total and newest change still given (the storefront's count)", async () => {
    const first = sitemapProductsSchema.parse((await sitemapPage()).body);
    for (const n of [2, MAX_PAGE]) {
      const page = sitemapProductsSchema.parse((await sitemapPage(`?page=${n}`)).body);
      expect(page.items).toEqual([]);
      expect(page.total).toBe(first.total);
      expect(page.last_updated_at).toBe(first.last_updated_at);
    }
  });

  it('lists products in id order, so a page keeps its products when new ones are added', async () => {
    const page = await listSitemapProducts(shop.database.db, 'default', 1);
    const rows = await shop.database.db
      .select({ key: products.key })
      .from(products)
      .where(and(eq(products.is_published, true), inChannel('default')))
      .orderBy(sql`${products.id}`);
    expect(page.items.map((i) => i.key)).toEqual(rows.map((r) => r.key));
  });

  it('a product change moves last_updated_at', async () => {
    const before = sitemapProductsSchema.parse((await sitemapPage()).body);
    const key = before.items[0]!.key;
    const later = new Date(Date.parse(before.last_updated_at!) + 60_000);
    await shop.database.db.update(products).set({ updated_at: later }).where(eq(products.key, key));
    const after = sitemapProductsSchema.parse((await sitemapPage()).body);
    expect(after.last_updated_at).toBe(later.toISOString());
    expect(after.items.find((i) => i.key === key)?.updated_at).toBe(later.toISOString());
  });

  it('a bad page is a 422 with the error shape, not a 500', async () => {
    for (const q of ['?page=0', '?page=abc', '?page=%00']) {
      const { status, body } = await sitemapPage(q);
      expect(status).toBe(422);
      expect(typeof (body as { message?: unknown }).message).toBe('string');
    }
  });
});
