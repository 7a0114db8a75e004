/** Recommendations, accessories, e-commerce events and the selling stop on the real API. */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema } from '#contracts/products.ts';
import {
  order_items,
  orders,
  payment_methods,
  product_accessories,
  product_channels,
  product_histories,
  product_model_categories,
  products,
  settings,
} from '../../api/src/db/schema/index.ts';
import { recentEvents } from '../../api/src/services/ecommerce-events/index.ts';
import { call, expectStatus } from './discovery-support.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
/** Published products of the default channel, one per product model (no two variants of one model). */
let models: { id: number; key: string; model: number }[];
beforeAll(async () => {
  shop = await createTestShop();
  demo = await loginDemo(shop);
  models = (
    (await shop.database.db.execute(sql`
    select distinct on (p.product_model_id) p.id, p.key, p.product_model_id as model from ${products} p
    join ${product_channels} pc on pc.product_id = p.id and pc.channel_id = 'default'
    where p.is_published and p.product_model_id is not null order by p.product_model_id, p.id`)) as unknown as {
      rows: { id: number; key: string; model: number }[];
    }
  ).rows;
  await shop.database.db.update(products).set({ stock: 20 }).where(sql`true`);
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const view = (productId: number, who: string) => db().insert(product_histories).values({ product_id: productId, guest_token: who });
let orderSeq = 0;
async function order(productIds: number[]) {
  const [pay] = await db().select({ id: payment_methods.id }).from(payment_methods).limit(1);
  orderSeq++;
  const [o] = await db()
    .insert(orders)
    .values({
      order_no: `T-RCMD-${orderSeq}`,
      channel_id: 'default',
      cart_id: 900000 + orderSeq,
      payment_id: pay.id,
      payment_name: 'テスト',
      subtotal: 0,
      total_tax: 0,
      total_carriage: 0,
      total_payment: 0,
      amount_by_tax_rate: [],
      shippings: [],
      customer: {},
    })
    .returning({ id: orders.id });
  await db()
    .insert(order_items)
    .values(
      productIds.map((product_id) => ({
        order_id: o.id,
        product_id,
        key: `k${product_id}`,
        code: `c${product_id}`,
        name: 'x',
        unit_price: 100,
        tax_rate: 10,
        quantity: 1,
        tax_amount: 10,
        subtotal: 100,
      })),
    );
}
const recommend = async (key: string, token?: string) =>
  productListSchema.parse((await expectStatus(shop, 200, 'GET', `/v1/products/${key}/recommend`, { token })).body);

describe('recommendations', () => {
  it('rank co-bought and co-viewed products by count, never the product itself, sold-out or unpublished ones', async () => {
    const [a, b, c, d, soldOut, hidden] = models.slice(0, 6);
    for (let i = 0; i < 3; i++) await order([a.id, d.id]);
    for (const who of ['g1-aaaaaaaaaaaaaaaa', 'g2-aaaaaaaaaaaaaaaa', 'g3-aaaaaaaaaaaaaaaa']) {
      await view(a.id, who);
      await view(soldOut.id, who);
      await view(hidden.id, who);
    }
    // The same guest viewing b twice still counts once.
    await view(b.id, 'g1-aaaaaaaaaaaaaaaa');
    await view(b.id, 'g1-aaaaaaaaaaaaaaaa');
    await view(b.id, 'g2-aaaaaaaaaaaaaaaa');
    await view(c.id, 'g3-aaaaaaaaaaaaaaaa');
    // Someone who never saw a: their views do not count.
    await view(c.id, 'g9-aaaaaaaaaaaaaaaa');
    await view(c.id, 'g8-aaaaaaaaaaaaaaaa');
    await db().update(products).set({ stock: 0 }).where(eq(products.id, soldOut.id));
    await db().update(products).set({ is_published: false }).where(eq(products.id, hidden.id));

    const got = await recommend(a.key);
    expect(got.slice(0, 3).map((p) => p.id)).toEqual([d.id, b.id, c.id]);
    const ids = got.map((p) => p.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(soldOut.id);
    expect(ids).not.toContain(hidden.id);
    expect(got.length).toBeLessThanOrEqual(10);
    expect(new Set(ids).size).toBe(ids.length);
    expect(got.every((p) => p.is_stock_available)).toBe(true);
  });

  it("fall back to the same categories' popular products when there is no data, the same every time", async () => {
    const x = models[10];
    const cats = (
      await db()
        .select({ id: product_model_categories.category_id })
        .from(product_model_categories)
        .where(eq(product_model_categories.product_model_id, x.model))
    ).map((r) => r.id);
    expect(cats.length).toBeGreaterThan(0);
    const first = await recommend(x.key);
    expect(first.length).toBeGreaterThan(0);
    expect(first.map((p) => p.id)).not.toContain(x.id);
    for (const p of first) expect(p.product_model?.categories.some((cat) => cats.includes(cat.id))).toBe(true);
    expect(first.every((p) => p.product_model?.id !== x.model)).toBe(true);
    expect((await recommend(x.key)).map((p) => p.id)).toEqual(first.map((p) => p.id));
    // Popularity decides the fallback's order.
    const top = first.at(-1)!;
    await db().update(products).set({ popularity: 1_000_000 }).where(eq(products.id, top.id));
    expect((await recommend(x.key))[0].id).toBe(top.id);
  });

  it('carry is_favorite for a member and answer 404 for an unknown key', async () => {
    const [a, , , d] = models;
    await expectStatus(shop, 200, 'POST', `/v1/products/${d.id}/likes`, { token: demo });
    expect((await recommend(a.key, demo)).find((p) => p.id === d.id)?.is_favorite).toBe(true);
    await expectStatus(shop, 404, 'GET', '/v1/products/no-such-product/recommend');
  });
});

describe('accessories', () => {
  it("list the product's accessories, cached publicly per key for guests and private for members", async () => {
    const [target, acc1, acc2, gone] = models.slice(20, 24);
    await db()
      .insert(product_accessories)
      .values([acc1, acc2, gone].map((x) => ({ product_id: target.id, accessory_id: x.id })));
    await db().update(products).set({ is_published: false }).where(eq(products.id, gone.id));
    const guest = await expectStatus(shop, 200, 'GET', `/v1/products/${target.key}/accessories`);
    expect(
      productListSchema
        .parse(guest.body)
        .map((p) => p.id)
        .sort(),
    ).toEqual([acc1.id, acc2.id].sort());
    expect(guest.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300');
    const member = await expectStatus(shop, 200, 'GET', `/v1/products/${target.key}/accessories`, { token: demo });
    expect(member.headers.get('cache-control')).toBe('private, no-store');
    expect((await call(shop, 'GET', `/v1/products/${acc1.key}/accessories`)).body).toEqual([]);
    await expectStatus(shop, 404, 'GET', '/v1/products/no-such-product/accessories');
  });
});

describe('e-commerce events', () => {
  it('accepts a recommendation click with the cart token and logreco_rcmd_ct (204) and keeps it', async () => {
    await expectStatus(shop, 204, 'POST', '/v1/ecommerce_events', {
      body: { name: 'recommend_click', args: { product_id: 1, from: 'abc' }, token: 'cart-token-1', logreco_rcmd_ct: 'item2item' },
    });
    const [stored] = await recentEvents(db(), 'default', 1);
    expect(stored).toMatchObject({
      name: 'recommend_click',
      args: { product_id: 1, from: 'abc' },
      token: 'cart-token-1',
      logreco_rcmd_ct: 'item2item',
      channel_id: 'default',
      user_id: null,
    });
  });

  it('refuses a missing or long name, args that are not an object or over 10 KB', async () => {
    const bad = [
      { args: {} },
      { name: ' ', args: {} },
      { name: 'x'.repeat(101), args: {} },
      { name: 'x', args: [1, 2] },
      { name: 'x', args: 'text' },
      { name: 'x', args: { blob: 'あ'.repeat(3500) } },
    ];
    for (const body of bad) {
      const r = await expectStatus(shop, 422, 'POST', '/v1/ecommerce_events', { body });
      expect(r.body.code).toBe('common.validation');
    }
    await expectStatus(shop, 204, 'POST', '/v1/ecommerce_events', { body: { name: 'x', args: { blob: 'a'.repeat(10_000) } } });
  });

  it("stores a member's event with their id and a numeric logreco_rcmd_ct as text", async () => {
    await expectStatus(shop, 204, 'POST', '/v1/ecommerce_events', {
      token: demo,
      body: { name: 'recommend_click', args: { product_id: 2 }, logreco_rcmd_ct: 3 },
    });
    const [stored] = await recentEvents(db(), 'default', 1);
    expect(stored.user_id).toBeGreaterThan(0);
    expect(stored.logreco_rcmd_ct).toBe('3');
  });
});

describe('selling stop', () => {
  const set = async (key: string, value: boolean) => {
    await db()
      .delete(settings)
      .where(and(eq(settings.channel_id, 'default'), eq(settings.key, key)));
    await db().insert(settings).values({ channel_id: 'default', key, value });
  };

  it('refuses cart additions and decisions while the temporary stop is on and selling is false', async () => {
    const init = (await call(shop, 'POST', '/v1/carts/init', { body: {}, token: demo })).body;
    await set('PLUGIN.TEMPORARY_STOP_SELLING.IS_USE', true);
    await set('PLUGIN.TEMPORARY_STOP_SELLING.SELLING', false);
    const add = await expectStatus(shop, 422, 'PATCH', '/v1/carts/products/add', {
      token: demo,
      body: { token: init.token, product_id: models[30].id, quantity: 1 },
    });
    expect(add.body).toMatchObject({
      code: 'cart.selling_stopped',
      message: 'ただいま販売を一時停止しております。再開まで今しばらくお待ちください。',
    });
    const decide = await expectStatus(shop, 422, 'POST', `/v1/carts/${init.token}/decision`, { token: demo, body: {} });
    expect(decide.body.code).toBe('cart.selling_stopped');
    // The plugin off (or selling true) sells again.
    await set('PLUGIN.TEMPORARY_STOP_SELLING.IS_USE', false);
    await expectStatus(shop, 200, 'PATCH', '/v1/carts/products/add', {
      token: demo,
      body: { token: init.token, product_id: models[30].id, quantity: 1 },
    });
    await set('PLUGIN.TEMPORARY_STOP_SELLING.IS_USE', true);
    await set('PLUGIN.TEMPORARY_STOP_SELLING.SELLING', true);
    await expectStatus(shop, 200, 'PATCH', '/v1/carts/products/add', {
      token: demo,
      body: { token: init.token, product_id: models[31].id, quantity: 1 },
    });
  });
});
