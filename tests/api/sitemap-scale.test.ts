/**
 * The sitemap's products at 100,000 (issue 10): two pages of 50,000 and one of the rest, together
 * every published product of the channel exactly once, each page read in id order from the index.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_MAX_URLS, sitemapProductsSchema } from '#contracts/sitemap.ts';
import { products } from '../../api/src/db/schema/index.ts';
import { inChannel } from '../../api/src/services/products/catalog.ts';
import { createTestShop, type TestShop } from './helpers.ts';

const GROWN = 100_000;
let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
  // In batches: one statement of 100,000 rows (and their triggers) outlasts the API's statement timeout on PostgreSQL.
  const BATCH = 10_000;
  for (let from = 1; from <= GROWN; from += BATCH) {
    const to = Math.min(from + BATCH - 1, GROWN);
    await shop.database.db.execute(
      sql.raw(`insert into products (key, code, name, product_price, tax_rate, stock)
      select 'sitemap-' || g, 'SITEMAP-' || g, '商品 ' || g, 1000, 10, 1 from generate_series(${from}, ${to}) g`),
    );
    await shop.database.db.execute(
      sql.raw(`insert into product_channels (product_id, channel_id)
      select id, 'default' from products where key like 'sitemap-%' and id not in (select product_id from product_channels)`),
    );
  }
  await shop.database.db.execute(sql.raw('analyze'));
}, 300_000);
afterAll(async () => {
  await shop?.close();
});

describe('GET /v1/sitemap/products at 100,000 products', () => {
  it('pages of at most 50,000 that together list every published product once', async () => {
    const expected = await shop.database.db.$count(products, and(eq(products.is_published, true), inChannel('default')));
    expect(expected).toBeGreaterThan(GROWN);
    const keys: string[] = [];
    let lastPages = 0;
    for (let n = 1; ; n++) {
      const started = performance.now();
      const res = await shop.request('GET', `/v1/sitemap/products?page=${n}`);
      expect(res.status).toBe(200);
      const page = sitemapProductsSchema.parse(await res.json());
      console.log(`sitemap products page ${n}: ${page.items.length} in ${Math.round(performance.now() - started)} ms`);
      expect(page.total).toBe(expected);
      expect(page.items.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      if (page.items.length === 0) break;
      keys.push(...page.items.map((i) => i.key));
      lastPages = n;
    }
    expect(lastPages).toBe(Math.ceil(expected / SITEMAP_MAX_URLS));
    expect(keys).toHaveLength(expected);
    expect(new Set(keys).size).toBe(expected);
  }, 120_000);
});
