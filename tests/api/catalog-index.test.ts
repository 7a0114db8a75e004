/**
 * The catalogue index (api/src/services/products/catalog-index.ts) counts a list's total and its facets in
 * the process; the database counts them in SQL. Both must give the same answer for every filter,
 * on a catalogue with variants, products without a model, unpublished products, another channel's
 * products, sales, sold-out variants and nested categories, and the HTTP list must switch to the
 * index only for the catalogue version it was read at.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueIndexHolder, countVia, type ProductFilter, pageVia } from '../../api/src/services/products/catalog.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const exec = (q: string) => shop.database.db.execute(sql.raw(q));

beforeAll(async () => {
  shop = await createTestShop();
  // Make the seeded catalogue awkward: products without a model (one on sale, one sold out), an
  // unpublished variant, a product of the outlet channel only, a variant of another maker than its
  // model's others, and a category three levels deep.
  await exec(`insert into products (key, code, name, product_price, before_price, tax_rate, stock, sort, search_text)
    values ('solo-a', 'SOLO-A', 'ひとつだけ A', 1201, 2000, 10, 3, 1, 'ひとつだけ a でにむ'),
           ('solo-b', 'SOLO-B', 'ひとつだけ B', 800, null, 8, 0, 2, 'ひとつだけ b')`);
  await exec(`insert into product_channels (product_id, channel_id) select id, 'default' from products where key in ('solo-a', 'solo-b')`);
  await exec(`update products set is_published = false where id = (select min(id) from products where product_model_id is not null)`);
  await exec(
    `update products set maker_id = (select max(id) from makers) where id = (select max(id) from products where product_model_id is not null and is_published)`,
  );
  await exec(`with leaf as (select id from categories where table_name = 'products' and parent_id is not null order by id limit 1)
    insert into categories (table_name, key, name, parent_id, sort) select 'products', 'deep-leaf', '深い分類', leaf.id, 0 from leaf`);
  await exec(`insert into product_model_categories (product_model_id, category_id)
    select (select max(id) from product_models), (select id from categories where key = 'deep-leaf')`);
  await exec(
    `update products set stock = 0 where id in (select id from products where product_model_id is not null order by id desc limit 40)`,
  );
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

/** Filters over every facet and their combinations, with keys from the seeded data. */
async function filters(): Promise<ProductFilter[]> {
  const db = shop.database.db;
  const top = rowsOf<{ key: string }>(
    await db.execute(sql`select key from categories where table_name = 'products' and parent_id is null order by sort, id limit 2`),
  );
  const child = rowsOf<{ key: string }>(
    await db.execute(sql`select key from categories where table_name = 'products' and parent_id is not null order by id limit 1`),
  );
  const maker = rowsOf<{ key: string }>(
    await db.execute(sql`select m.key from makers m join products p on p.maker_id = m.id group by m.key order by count(*) desc limit 1`),
  );
  const brand = rowsOf<{ key: string }>(
    await db.execute(sql`select b.key from brands b join products p on p.brand_id = b.id group by b.key order by count(*) desc limit 1`),
  );
  const base: Omit<ProductFilter, 'channelId'>[] = [
    {},
    { category: top[0].key },
    { category: top[0].key, child: true },
    { category: top[1].key, child: true },
    { category: child[0].key },
    { category: 'no-such-category', child: true },
    { maker: maker[0].key },
    { brand: brand[0].key },
    { maker: 'no-such-maker' },
    { price_min: 1000 },
    { price_max: 3000 },
    { price_min: 1320, price_max: 1320 },
    // solo-a costs 1,201 yen + 10 % = 1,321.1 yen: shown as 1,321, so a range ending at 1,321 holds it.
    { price_min: 1321, price_max: 1321 },
    { keyword: 'ひとつだけ', price_max: 1321 },
    { price_min: 999_999 },
    { in_stock: true },
    { on_sale: true },
    { in_stock: true, on_sale: true },
    { category: top[0].key, child: true, in_stock: true, price_min: 2000, price_max: 8000 },
    { maker: maker[0].key, brand: brand[0].key, on_sale: true },
    { keyword: 'でにむ' },
    { keyword: 'ﾃﾞﾆﾑ ﾊﾟﾝﾂ' },
    { keyword: 'ひとつだけ' },
    { keyword: 'ないはずのことば' },
    { keyword: 'でにむ', price_max: 5000, in_stock: true },
    { keyword: 'でにむ', category: top[0].key, child: true, on_sale: true },
  ];
  return ['default', 'outlet'].flatMap((channelId) =>
    base.flatMap((f) => [
      { ...f, channelId },
      { ...f, channelId, group: false },
    ]),
  );
}

describe('catalogue index', () => {
  it('counts every filter and facet exactly as SQL does, grouped and per variant, on both channels', async () => {
    const all = await filters();
    let nonEmpty = 0;
    for (const f of all) {
      const bySql = await countVia(shop.database.db, f, 'sql');
      const byIndex = await countVia(shop.database.db, f, 'index');
      expect(byIndex, JSON.stringify(f)).toEqual(bySql);
      if (bySql.total > 0) nonEmpty++;
    }
    // The comparison means something only if most filters find products.
    expect(nonEmpty).toBeGreaterThan(all.length * 0.6);
  });

  it('picks every page of every sort exactly as SQL does: the same ids in the same order, one per model when grouped', async () => {
    const all = await filters();
    let compared = 0;
    for (const f of all) {
      for (const sort of [undefined, 'price_asc', 'price_desc', 'new', 'popular'] as const) {
        for (const offset of [0, 15, 45]) {
          const page = { offset, per: 15 };
          const bySql = await pageVia(shop.database.db, { ...f, sort }, 'sql', page);
          const byIndex = await pageVia(shop.database.db, { ...f, sort }, 'index', page);
          expect(byIndex, JSON.stringify({ ...f, sort, offset })).toEqual(bySql);
          if (bySql?.length) compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
    // Deeper than the index pages: left to SQL.
    expect(await pageVia(shop.database.db, { channelId: 'default', in_stock: true }, 'index', { offset: 300, per: 15 })).toBeNull();
  }, 120_000);

  it('serves the list total from the index of the version it was read at, and SQL until the new one is loaded', async () => {
    const db = shop.database.db;
    const holder = catalogueIndexHolder(db);
    const total = async (q: string) => {
      const res = await shop.request('GET', `/v1/products?${q}`);
      expect(res.status).toBe(200);
      return Number(res.headers.get('x-total'));
    };
    const expected = async (where: string) =>
      rowsOf<{ n: number }>(
        await db.execute(
          sql.raw(
            `select count(distinct coalesce(product_model_id, -id))::int as n from products
       where is_published and channel_ids @> array['default'] and stock > 0 and ${where}`,
          ),
        ),
      )[0].n;
    const first = await total('in_stock=1&price_min=1');
    await holder.settled();
    // A filter never asked before, now counted by the loaded index.
    expect(await total('in_stock=1&price_min=2')).toBe(await expected('product_price * (100 + tax_rate) >= 200'));
    // A sale that sells a model out bumps the version: the next answer is right at once (SQL), and
    // stays right once the new index is loaded.
    await exec(`update products set stock = 0 where product_model_id = (select product_model_id from products
      where is_published and stock > 0 and product_model_id is not null and channel_ids @> array['default'] order by id limit 1)`);
    expect(await total('in_stock=1&price_min=3')).toBe(first - 1);
    await holder.settled();
    await new Promise((r) => setTimeout(r, 1100));
    await total('in_stock=1&price_min=4');
    await holder.settled();
    expect(await total('in_stock=1&price_min=5')).toBe(first - 1);
  });
});
