/**
 * A member's cart is readable and changeable only by that member: its token alone (a guest, another
 * member) gets 404 and changes nothing. A guest cart stays usable by its token.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart_items, cart_shippings, carts, users } from '../../api/src/db/schema/index.ts';
import { hashPassword } from '../../api/src/services/passwords/index.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
let product: ReturnType<typeof productPicker>;
let memberCart: string;
let addressId: number;
let stranger: string;

beforeAll(async () => {
  shop = await createTestShop();
  product = productPicker(shop);
  demo = await loginDemo(shop);
  addressId = (await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json())[0].id;
  memberCart = (await (await shop.request('POST', '/v1/carts/init', { body: {}, token: demo })).json()).token;
  const call = async (path: string, body: unknown) =>
    expect((await shop.request('PATCH', `/v1/carts/${path}`, { body, token: demo })).status).toBe(200);
  await call('products/add', { token: memberCart, product_id: await product(), quantity: 2 });
  await call('shippings/add', { token: memberCart, user_address_id: addressId });
  await shop.database.db.insert(users).values({
    channel_id: 'default',
    username: 'stranger',
    email: 'stranger@example.jp',
    password_hash: await hashPassword('stranger-pass-1'),
    last_name: '山田',
    first_name: '花子',
  });
  stranger = (await (await shop.request('POST', '/v1/auth/login', { body: { username: 'stranger', password: 'stranger-pass-1' } })).json())
    .access_token;
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/** The member cart's row and its lines and shippings, to prove nothing changed. */
async function snapshot() {
  const db = shop.database.db;
  const [cart] = await db.select().from(carts).where(eq(carts.token, memberCart));
  return {
    cart,
    items: await db.select().from(cart_items).where(eq(cart_items.cart_id, cart.id)),
    shippings: await db.select().from(cart_shippings).where(eq(cart_shippings.cart_id, cart.id)),
  };
}

describe("a member's cart answers only to that member", () => {
  it('shows the member their own cart with the delivery name, address and phone', async () => {
    const res = await shop.request('GET', `/v1/carts/${memberCart}`, { token: demo });
    expect(res.status).toBe(200);
    const cart = await res.json();
    expect(cart.detail.shippings[0].address.last_name).toBeTruthy();
  });

  it.each([
    ['a guest', () => null],
    ['another member', () => stranger],
  ])('gives %s with the token neither the name, address and phone nor the cart', async (_who, as) => {
    const before = await snapshot();
    for (const path of [`/v1/carts/${memberCart}`, `/v1/payments/carts/${memberCart}`]) {
      const res = await shop.request('GET', path, { token: as() });
      expect(res.status, path).toBe(404);
      const body = await res.json();
      expect(body.message).toBe('カートが見つかりません。');
      expect(JSON.stringify(body)).not.toMatch(/address|phone|last_name/);
    }
    const product_id = await product();
    const changes: [string, unknown][] = [
      ['products/add', { token: memberCart, product_id, quantity: 1 }],
      ['products/modify', { token: memberCart, key: before.items[0].key, quantity: 1 }],
      ['products/delete', { token: memberCart, key: before.items[0].key }],
      ['reset', { token: memberCart }],
      ['shippings/reset', { token: memberCart }],
      ['order/modify', { token: memberCart, payment_id: 1 }],
    ];
    for (const [path, body] of changes) {
      const res = await shop.request('PATCH', `/v1/carts/${path}`, { body, token: as() });
      expect(res.status, path).toBe(404);
      expect((await res.json()).message).toBe('カートが見つかりません。');
    }
    // init with the token gives a new, empty cart instead of the member's
    const init = await shop.request('POST', '/v1/carts/init', { body: { token: memberCart }, token: as() });
    expect(init.status).toBe(200);
    const fresh = await init.json();
    expect(fresh.token).not.toBe(memberCart);
    expect(fresh.detail.products).toEqual([]);
    expect(fresh.detail.shippings).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the decision to anyone but the member', async () => {
    const before = await snapshot();
    expect((await shop.request('POST', `/v1/carts/${memberCart}/decision`, { body: {} })).status).toBe(401);
    const res = await shop.request('POST', `/v1/carts/${memberCart}/decision`, { body: {}, token: stranger });
    expect(res.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('guest carts stay usable by their token', () => {
  it('reads and changes a guest cart with the token alone', async () => {
    const { token } = await (await shop.request('POST', '/v1/carts/init', { body: {} })).json();
    const id = await product();
    const add = await shop.request('PATCH', '/v1/carts/products/add', { body: { token, product_id: id, quantity: 1 } });
    expect(add.status).toBe(200);
    const again = await (await shop.request('POST', '/v1/carts/init', { body: { token } })).json();
    expect(again.token).toBe(token);
    const read = await (await shop.request('GET', `/v1/carts/${token}`)).json();
    expect(read.detail.products.map((p: { product_info: { id: number } }) => p.product_info.id)).toEqual([id]);
  });
});
