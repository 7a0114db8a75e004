/** The cart: lines, merge, per-line tax, totals per rate, carriage, payment fee, shipping, errors. */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '#contracts/cart.ts';
import { carts, product_accessories, products, user_addresses, users } from '../../api/src/db/schema/index.ts';
import { hashPassword } from '../../api/src/services/passwords/index.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
beforeAll(async () => {
  shop = await createTestShop();
  product = productPicker(shop);
  demo = await loginDemo(shop);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

let product: ReturnType<typeof productPicker>;

async function newCart(token?: string) {
  const res = await shop.request('POST', '/v1/carts/init', { body: { token: null }, token });
  expect(res.status).toBe(200);
  return res.json();
}
const patch = (path: string, body: unknown, token?: string) => shop.request('PATCH', `/v1/carts/${path}`, { body, token });
async function ok(res: Response | Promise<Response>) {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(200);
  return body;
}
async function failure(res: Response | Promise<Response>, status = 422) {
  const r = await res;
  expect(r.status).toBe(status);
  return r.json();
}

describe('cart basics', () => {
  it('init gives a new empty cart with a random token that GET returns', async () => {
    const cart = await newCart();
    expect(cart.token).toMatch(/^[\w-]{32,}$/);
    expect(cart.detail).toMatchObject({ products: [], shippings: [], coupons: [], others: {} });
    expect(cart.detail.order.total_payment).toBe(0);
    expect(cart.flags).toEqual({ is_decidable: false, needs_shipping: true, needs_payment: true, needs_login: true });
    expect(Date.parse(cart.expires_at)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await ok(shop.request('GET', `/v1/carts/${cart.token}`))).token).toBe(cart.token);
    // init with the stored token keeps the cart
    expect((await ok(shop.request('POST', '/v1/carts/init', { body: { token: cart.token } }))).token).toBe(cart.token);
  });

  it('adds a set all or none (PATCH /v1/carts/add-set)', async () => {
    const a = await product({ price: 1000, stock: 5 });
    const b = await product({ price: 2000, stock: 1 });
    const { token } = await newCart();
    const cart = await ok(
      patch('add-set', {
        token,
        products: [
          { product_id: a, quantity: 1 },
          { product_id: b, quantity: 1 },
          { product_id: a, quantity: 2 },
        ],
      }),
    );
    expect(cart.detail.products.map((p: { product_info: { id: number }; quantity: number }) => [p.product_info.id, p.quantity])).toEqual([
      [a, 3],
      [b, 1],
    ]);
    // b has no second piece: nothing of the set is added, a's line stays at 3.
    const short = await failure(
      patch('add-set', {
        token,
        products: [
          { product_id: a, quantity: 1 },
          { product_id: b, quantity: 1 },
        ],
      }),
    );
    expect(short.code).toBe('cart.stock.insufficient');
    const after = await ok(shop.request('GET', `/v1/carts/${token}`));
    expect(after.detail.products.map((p: { quantity: number }) => p.quantity)).toEqual([3, 1]);
    const empty = await failure(patch('add-set', { token, products: [] }));
    expect(Object.keys(empty.errors)).toEqual(['products']);
    const bad = await failure(patch('add-set', { token, products: [{ product_id: 'x', quantity: 0 }] }));
    expect(Object.keys(bad.errors).sort()).toEqual(['products.0.product_id', 'products.0.quantity']);
  });

  it('accessories: added to a line as lines of their own, priced and stocked like any product, gone with their line', async () => {
    const main = await product({ price: 5000, stock: 5 });
    const acc = await product({ price: 300, stock: 2 });
    const other = await product({ price: 100, stock: 5 });
    await shop.database.db.insert(product_accessories).values({ product_id: main, accessory_id: acc });
    const { token } = await newCart();
    let cart = await ok(patch('products/add', { token, product_id: main, quantity: 1 }));
    const parentKey = cart.detail.products[0].key;
    cart = await ok(patch('accessories/add', { token, key: parentKey, accessory_id: acc, quantity: 1 }));
    const accLine = cart.detail.products.find((p: { product_info: { id: number } }) => p.product_info.id === acc);
    expect(accLine).toMatchObject({ parent_key: parentKey, quantity: 1, unit_price_with_tax: 330, subtotal_with_tax: 330 });
    expect(cart.detail.order.subtotal_with_tax).toBe(5500 + 330);
    // Adding it again raises the accessory's line; past its stock is refused.
    cart = await ok(patch('accessories/add', { token, key: parentKey, accessory_id: acc, quantity: 1 }));
    expect(cart.detail.products).toHaveLength(2);
    expect((await failure(patch('accessories/modify', { token, key: accLine.key, quantity: 3 }))).code).toBe('cart.stock.insufficient');
    // Only the product's own accessories, only on a plain line.
    expect((await failure(patch('accessories/add', { token, key: parentKey, accessory_id: other, quantity: 1 }))).code).toBe(
      'cart.accessory.not_allowed',
    );
    expect((await failure(patch('accessories/add', { token, key: accLine.key, accessory_id: acc, quantity: 1 }))).code).toBe(
      'cart.accessory.not_allowed',
    );
    // A plain add of the same product is a line of its own, not merged into the accessory.
    cart = await ok(patch('products/add', { token, product_id: other, quantity: 1 }));
    cart = await ok(patch('accessories/modify', { token, key: accLine.key, quantity: 1 }));
    expect(cart.detail.products.find((p: { key: string }) => p.key === accLine.key).quantity).toBe(1);
    cart = await ok(patch('accessories/delete', { token, key: accLine.key }));
    expect(cart.detail.products.map((p: { product_info: { id: number } }) => p.product_info.id)).toEqual([main, other]);
    await failure(patch('accessories/delete', { token, key: accLine.key }));
    // Deleting the line takes its accessories with it.
    await ok(patch('accessories/add', { token, key: parentKey, accessory_id: acc, quantity: 2 }));
    cart = await ok(patch('products/delete', { token, key: parentKey }));
    expect(cart.detail.products.map((p: { product_info: { id: number } }) => p.product_info.id)).toEqual([other]);
    const bad = await failure(patch('accessories/add', { token, key: '', accessory_id: 0, quantity: 100 }));
    expect(Object.keys(bad.errors).sort()).toEqual(['accessory_id', 'key', 'quantity']);
  });

  it('answers 404 for an unknown token and a new cart from init', async () => {
    expect((await failure(shop.request('GET', '/v1/carts/no-such-token'), 404)).message).toEqual(expect.any(String));
    expect((await ok(shop.request('POST', '/v1/carts/init', { body: { token: 'no-such-token' } }))).token).not.toBe('no-such-token');
    await failure(patch('products/add', { token: 'no-such-token', product_id: 1, quantity: 1 }), 404);
  });

  it('adds, merges the same product into one line, modifies and deletes', async () => {
    const id = await product({ price: 1000 });
    const { token } = await newCart();
    let cart = await ok(patch('products/add', { token, product_id: id, quantity: 2 }));
    cartSchema.parse(cart);
    expect(cart.detail.products).toHaveLength(1);
    const line = cart.detail.products[0];
    expect(line).toMatchObject({
      quantity: 2,
      unit_price: 1000,
      unit_price_with_tax: 1100,
      tax_rate: 10,
      tax_amount: 200,
      subtotal: 2000,
      subtotal_with_tax: 2200,
      coupon_discount_parts: [],
    });
    expect(line.product_info).toMatchObject({ id, product_price: 1000, product_price_with_tax: 1100 });

    cart = await ok(patch('products/add', { token, product_id: id, quantity: 3 }));
    expect(cart.detail.products).toHaveLength(1);
    expect(cart.detail.products[0]).toMatchObject({ key: line.key, quantity: 5 });

    cart = await ok(patch('products/modify', { token, key: line.key, quantity: 1 }));
    expect(cart.detail.products[0].quantity).toBe(1);

    cart = await ok(patch('products/delete', { token, key: line.key }));
    expect(cart.detail.products).toHaveLength(0);

    await ok(patch('products/add', { token, product_id: id, quantity: 1 }));
    cart = await ok(patch('products/delete', { token, ids: [id] }));
    expect(cart.detail.products).toHaveLength(0);

    await ok(patch('products/add', { token, product_id: id, quantity: 1 }));
    cart = await ok(patch('reset', { token }));
    expect(cart.detail.products).toHaveLength(0);
  });

  it('slides the expiry on every change', async () => {
    const id = await product();
    const { token } = await newCart();
    await shop.database.db
      .update(carts)
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .where(eq(carts.token, token));
    const cart = await ok(patch('products/add', { token, product_id: id, quantity: 1 }));
    expect(Date.parse(cart.expires_at)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });
});

describe('pricing', () => {
  it('prices a line as its tax-inclusive unit price × quantity and rounds the tax once per rate', async () => {
    const standard = await product({ price: 999, taxRate: 10 });
    const reduced = await product({ price: 105, taxRate: 8 });
    const { token } = await newCart();
    await ok(patch('products/add', { token, product_id: standard, quantity: 3 }));
    const cart = await ok(patch('products/add', { token, product_id: reduced, quantity: 5 }));
    const [a, b] = cart.detail.products;
    // 999 → 1,098 incl. per unit (1,098.9 floored); three are 3,294, and the line says so.
    expect(a).toMatchObject({ tax_rate: 10, unit_price_with_tax: 1098, subtotal_with_tax: 3294, tax_amount: 299, subtotal: 2995 });
    expect(b).toMatchObject({ tax_rate: 8, unit_price_with_tax: 113, subtotal_with_tax: 565, tax_amount: 41, subtotal: 524 });
    const o = cart.detail.order;
    expect(o.subtotal).toBe(2995 + 524);
    expect(o.subtotal_with_tax).toBe(3294 + 565);
    expect(o.total_carriage).toBe(660);
    expect(o.total_payment).toBe(3294 + 565 + 660);
    // One rounding per rate over everything of that rate: floor(3,954 × 10/110) = 359; floor(565 × 8/108) = 41.
    expect(o.amount_by_tax_rate).toEqual([
      { tax_rate: 10, subtotal: 3954 - 359, tax: 359, total: 3294 + 660 },
      { tax_rate: 8, subtotal: 524, tax: 41, total: 565 },
    ]);
    const sum = (k: string) => o.amount_by_tax_rate.reduce((s: number, x: Record<string, number>) => s + x[k], 0);
    expect(sum('total')).toBe(o.total_payment);
    expect(sum('tax')).toBe(o.total_tax);
  });

  it('charges 660 yen carriage below 5,500 yen incl. tax and none from 5,500 yen', async () => {
    const id = await product({ price: 2500, taxRate: 10 }); // 2,750 incl. tax
    const { token } = await newCart();
    let cart = await ok(patch('products/add', { token, product_id: id, quantity: 1 }));
    expect(cart.detail.order).toMatchObject({ subtotal_with_tax: 2750, total_carriage: 660, total_payment: 3410 });
    cart = await ok(patch('products/modify', { token, key: cart.detail.products[0].key, quantity: 2 }));
    expect(cart.detail.order).toMatchObject({ subtotal_with_tax: 5500, total_carriage: 0, total_payment: 5500 });
  });

  it('adds the 代金引換 fee of 330 yen into the 10 % bucket, 銀行振込 costs nothing', async () => {
    const payments = await ok(shop.request('GET', '/v1/payments'));
    const cod = payments.find((p: { code: string }) => p.code === 'cod');
    const bank = payments.find((p: { code: string }) => p.code === 'bank_transfer');
    expect(cod).toMatchObject({ name: '代金引換', fee: 330 });
    expect(bank).toMatchObject({ name: '銀行振込', fee: 0 });
    // クレジットカード, 後払い and コンビニ払い are covered by tests/api/payments-*.test.ts.
    expect(payments.some((p: { code: string }) => p.code === 'card')).toBe(true);

    const id = await product({ price: 1000, taxRate: 8 });
    const { token } = await newCart();
    await ok(patch('products/add', { token, product_id: id, quantity: 1 }));
    const forCart = await ok(shop.request('GET', `/v1/payments/carts/${token}`));
    expect(forCart.map((p: { code: string }) => p.code).sort()).toEqual(['bank_transfer', 'cod', 'deferred', 'konbini']); // card: no provider URL in this test shop

    let cart = await ok(patch('order/modify', { token, payment_id: cod.id }));
    expect(cart).toMatchObject({ payment_id: cod.id, payment_name: '代金引換' });
    expect(cart.detail.order).toMatchObject({ total_fee: 330, total_carriage: 660, total_payment: 1080 + 660 + 330 });
    expect(cart.detail.order.amount_by_tax_rate).toEqual([
      { tax_rate: 10, subtotal: 600 + 300, tax: 60 + 30, total: 990 },
      { tax_rate: 8, subtotal: 1000, tax: 80, total: 1080 },
    ]);
    cart = await ok(patch('order/modify', { token, payment_id: bank.id }));
    expect(cart.detail.order).toMatchObject({ total_fee: 0, total_payment: 1080 + 660 });
    expect(cart.flags.needs_payment).toBe(false);
  });

  it('refuses a payment method that is not offered', async () => {
    const { token } = await newCart();
    expect((await failure(patch('order/modify', { token, payment_id: 999_999 }))).code).toBe('cart.payment.not_available');
  });
});

describe('cart rules', () => {
  it('refuses more than the stock with cart.stock.insufficient and a Japanese message', async () => {
    const id = await product({ stock: 3 });
    const { token } = await newCart();
    await ok(patch('products/add', { token, product_id: id, quantity: 2 }));
    const body = await failure(patch('products/add', { token, product_id: id, quantity: 2 }));
    expect(body.code).toBe('cart.stock.insufficient');
    expect(body.message).toMatch(/在庫が不足しています/);
    const cart = await ok(shop.request('GET', `/v1/carts/${token}`));
    expect(cart.detail.products[0].quantity).toBe(2);
    expect((await failure(patch('products/modify', { token, key: cart.detail.products[0].key, quantity: 4 }))).code).toBe(
      'cart.stock.insufficient',
    );
    const soldOut = await product({ stock: 0 });
    expect((await failure(patch('products/add', { token, product_id: soldOut, quantity: 1 }))).code).toBe('cart.stock.insufficient');
  });

  it('answers cart.product_not_found for an unknown product and not_sale for an unpublished one', async () => {
    const { token } = await newCart();
    expect((await failure(patch('products/add', { token, product_id: 99_999_999, quantity: 1 }))).code).toBe('cart.product_not_found');
    const hidden = await product();
    await shop.database.db.update(products).set({ is_published: false }).where(eq(products.id, hidden));
    expect((await failure(patch('products/add', { token, product_id: hidden, quantity: 1 }))).code).toBe('cart.update_products.not_sale');
  });

  it('answers cart.common.is_expired for an expired cart, and init replaces it', async () => {
    const { token } = await newCart();
    await shop.database.db
      .update(carts)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(carts.token, token));
    expect((await failure(shop.request('GET', `/v1/carts/${token}`))).code).toBe('cart.common.is_expired');
    expect((await failure(patch('products/add', { token, product_id: await product(), quantity: 1 }))).code).toBe('cart.common.is_expired');
    expect((await ok(shop.request('POST', '/v1/carts/init', { body: { token } }))).token).not.toBe(token);
  });

  it('validates bodies with 422 (quantity 1..99, ids, token) and malformed JSON with 400', async () => {
    const { token } = await newCart();
    for (const body of [
      { token, product_id: 1, quantity: 0 },
      { token, product_id: 1, quantity: 100 },
      { token, product_id: 1, quantity: 1.5 },
      { token, product_id: 'abc', quantity: 1 },
      { product_id: 1, quantity: 1 },
      { token: '', product_id: 1, quantity: 1 },
    ]) {
      const res = await failure(patch('products/add', body));
      expect(res.errors, JSON.stringify(body)).toBeDefined();
    }
    await failure(patch('products/delete', { token }));
    await failure(patch('products/add', '{"token":'), 400);
  });

  it('binds the cart to the member who uses it, and hides it from other members', async () => {
    const { token } = await newCart();
    const cart = await ok(shop.request('POST', '/v1/carts/init', { body: { token }, token: demo }));
    expect(cart.token).toBe(token);
    expect(cart.flags.needs_login).toBe(false);
    const [row] = await shop.database.db.select().from(carts).where(eq(carts.token, token));
    expect(row.user_id).not.toBeNull();
    const other = await otherMember();
    await failure(shop.request('GET', `/v1/carts/${token}`, { token: other.token }), 404);
    // another member's init with that token gets a cart of their own
    expect((await ok(shop.request('POST', '/v1/carts/init', { body: { token }, token: other.token }))).token).not.toBe(token);
  });
});

let other: { token: string; addressId: number } | null = null;
/** A second member with an address of their own. */
async function otherMember() {
  if (other) return other;
  const db = shop.database.db;
  const [u] = await db
    .insert(users)
    .values({
      channel_id: 'default',
      username: 'other',
      email: 'other@example.jp',
      password_hash: await hashPassword('other-pass-123'),
      last_name: '佐藤',
      first_name: '次郎',
    })
    .returning();
  const [a] = await db
    .insert(user_addresses)
    .values({
      user_id: u.id,
      name: '会社',
      last_name: '佐藤',
      first_name: '次郎',
      postal_code: '5300001',
      prefecture: '大阪府',
      city: '大阪市北区',
      address1: '梅田1-1',
      is_default: true,
    })
    .returning();
  const res = await shop.request('POST', '/v1/auth/login', { body: { username: 'other', password: 'other-pass-123' } });
  other = { token: (await res.json()).access_token, addressId: a.id };
  return other;
}

describe('shipping', () => {
  it('needs a login to add a shipping', async () => {
    const { token } = await newCart();
    await failure(patch('shippings/add', { token, user_address_id: 1 }), 401);
  });

  it("copies the member's address without its label and replaces an earlier one", async () => {
    const { token } = await newCart(demo);
    const [address] = await ok(shop.request('GET', '/v1/me/user-addresses', { token: demo }));
    let cart = await ok(patch('shippings/add', { token, user_address_id: address.id }, demo));
    cartSchema.parse(cart); // the storefront parses every answer with the contract
    expect(cart.detail.shippings).toHaveLength(1);
    const s = cart.detail.shippings[0];
    expect(s).toMatchObject({ user_address_id: address.id, delivery_date: null, delivery_timezone: null });
    expect(s.address).not.toHaveProperty('name');
    const { name: _label, ...copy } = address;
    expect(s.address).toEqual(copy);
    expect(cart.flags.needs_shipping).toBe(false);

    cart = await ok(patch('shippings/add', { token, user_address_id: address.id }, demo));
    expect(cart.detail.shippings).toHaveLength(1);
    cart = await ok(patch('shippings/reset', { token, is_removing_address: true }, demo));
    expect(cart.detail.shippings).toHaveLength(0);
  });

  it("rejects someone else's address with cart_detail.set_user_address.not_data", async () => {
    const { addressId } = await otherMember();
    const { token } = await newCart(demo);
    const body = await failure(patch('shippings/add', { token, user_address_id: addressId }, demo));
    expect(body.code).toBe('cart_detail.set_user_address.not_data');
  });
});
