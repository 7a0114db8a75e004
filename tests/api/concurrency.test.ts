/**
 * Races that only a real PostgreSQL server can show (PGlite serialises every query): overselling
 * the last units, and a double-submitted decision.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, product_channels, products } from '../../api/src/db/schema/index.ts';
import { createTestShop, loginDemo, onPostgres, type TestShop } from './helpers.ts';

describe.skipIf(!onPostgres)('concurrency on PostgreSQL', () => {
  let shop: TestShop;
  let demo: string;
  let addressId: number;
  let cod: number;
  beforeAll(async () => {
    shop = await createTestShop();
    demo = await loginDemo(shop);
    addressId = (await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json())[0].id;
    cod = (await (await shop.request('GET', '/v1/payments')).json()).find((p: { code: string }) => p.code === 'cod').id;
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  async function productWithStock(stock: number, skip: number) {
    const [p] = await shop.database.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(product_channels, and(eq(product_channels.product_id, products.id), eq(product_channels.channel_id, 'default')))
      .where(eq(products.is_published, true))
      .orderBy(products.id)
      .offset(skip)
      .limit(1);
    await shop.database.db.update(products).set({ stock }).where(eq(products.id, p.id));
    return p.id;
  }

  async function readyCart(productId: number, quantity = 1) {
    const call = async (method: string, path: string, body: unknown) => {
      const res = await shop.request(method, path, { body, token: demo });
      const json = await res.json();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    // A guest cart bound by the first change: a signed-in init would restore the member's one open cart.
    const { token } = await (await shop.request('POST', '/v1/carts/init', { body: {} })).json();
    await call('PATCH', '/v1/carts/products/add', { token, product_id: productId, quantity });
    await call('PATCH', '/v1/carts/shippings/add', { token, user_address_id: addressId });
    await call('PATCH', '/v1/carts/order/modify', { token, payment_id: cod });
    return token as string;
  }

  const ordersOf = async (productId: number) =>
    (
      (await shop.database.db.execute(
        sql`select count(distinct o.id)::int as n from ${orders} o join order_items i on i.order_id = o.id where i.product_id = ${productId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;

  it('sells the last K units to exactly K of N simultaneous buyers and never goes below zero', async () => {
    const K = 3;
    const N = 8;
    const id = await productWithStock(N, 0); // enough to fill N carts
    const tokens = [];
    for (let i = 0; i < N; i++) tokens.push(await readyCart(id));
    await shop.database.db.update(products).set({ stock: K }).where(eq(products.id, id));

    const results = await Promise.all(tokens.map((t) => shop.request('POST', `/v1/carts/${t}/decision`, { token: demo, body: {} })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(K);
    expect(statuses.filter((s) => s === 422)).toHaveLength(N - K);
    for (const r of results) if (r.status === 422) expect((await r.json()).code).toBe('cart.stock.insufficient');
    const [{ stock }] = await shop.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
    expect(stock).toBe(0);
    expect(await ordersOf(id)).toBe(K);
  });

  it("places exactly one order when the same cart's decision is fired 5 times at once", async () => {
    const id = await productWithStock(10, 1);
    const token = await readyCart(id, 2);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => shop.request('POST', `/v1/carts/${token}/decision`, { token: demo, body: {} })),
    );
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(bodies.map((b) => b.order_no)).size).toBe(1);
    expect(await ordersOf(id)).toBe(1);
    const [{ stock }] = await shop.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
    expect(stock).toBe(8);
  });
});
