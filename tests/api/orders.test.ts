/** The decision (order placement) and the member's orders. */

import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '#contracts/cart.ts';
import { orderListSchema, orderSchema } from '#contracts/orders.ts';
import { paymentMethodListSchema } from '#contracts/payments.ts';
import { order_items, orders, outbox_emails, products, users } from '../../api/src/db/schema/index.ts';
import { hashPassword } from '../../api/src/services/passwords/index.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
let addressId: number;
let payments: Record<string, number>;
beforeAll(async () => {
  shop = await createTestShop();
  product = productPicker(shop);
  demo = await loginDemo(shop);
  addressId = (await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json())[0].id;
  const list = await (await shop.request('GET', '/v1/payments')).json();
  paymentMethodListSchema.parse(list);
  payments = Object.fromEntries(list.map((p: { code: string; id: number }) => [p.code, p.id]));
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

let product: ReturnType<typeof productPicker>;
const stockOf = async (id: number) => (await shop.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0].s;
const count = async (table: typeof orders | typeof outbox_emails) =>
  (await shop.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table))[0].n;

const patch = async (path: string, body: unknown, token = demo) => {
  const res = await shop.request('PATCH', `/v1/carts/${path}`, { body, token });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
};
const decide = (token: string, as: string | null = demo) => shop.request('POST', `/v1/carts/${token}/decision`, { token: as, body: {} });

/**
 * A member's cart with `lines`, the default address and a payment method, ready to decide. It starts
 * as a guest cart (a signed-in init would restore the member's open cart) that the first change binds.
 */
async function readyCart(lines: [number, number][], payment = 'cod', as = demo, address = addressId) {
  const res = await shop.request('POST', '/v1/carts/init', { body: {} });
  const { token } = await res.json();
  for (const [product_id, quantity] of lines) await patch('products/add', { token, product_id, quantity }, as);
  await patch('shippings/add', { token, user_address_id: address }, as);
  return patch('order/modify', { token, payment_id: payments[payment] }, as);
}

describe('decision', () => {
  it('needs a login, items, a shipping and a payment', async () => {
    const init = await (await shop.request('POST', '/v1/carts/init', { body: {}, token: demo })).json();
    expect((await decide(init.token, null)).status).toBe(401);
    let res = await decide(init.token);
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('cart.decision.empty');
    await patch('products/add', { token: init.token, product_id: await product(), quantity: 1 });
    res = await decide(init.token);
    expect((await res.json()).code).toBe('cart.decision.shipping_required');
    await patch('shippings/add', { token: init.token, user_address_id: addressId });
    res = await decide(init.token);
    expect((await res.json()).code).toBe('cart.decision.payment_required');
    expect((await decide('no-such-cart')).status).toBe(404);
  });

  it('creates the order, takes the stock, mails the customer, and a second decision returns the same order', async () => {
    const a = await product({ price: 1200, taxRate: 10, stock: 10 });
    const b = await product({ price: 540, taxRate: 8, stock: 5 });
    const cart = await readyCart(
      [
        [a, 2],
        [b, 3],
      ],
      'cod',
    );
    expect(cart.flags.is_decidable).toBe(true);
    cartSchema.parse(cart); // the storefront parses every answer with the contract
    const ordersBefore = await count(orders);
    const mailsBefore = await count(outbox_emails);

    const res = await decide(cart.token);
    expect(res.status).toBe(200);
    const first = await res.json();
    expect(first.order_no).toMatch(/^\d{8}-\d{6,}$/);
    expect(first.order_id).toEqual(expect.any(Number));
    expect(await stockOf(a)).toBe(8);
    expect(await stockOf(b)).toBe(2);

    const again = await decide(cart.token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(await count(orders)).toBe(ordersBefore + 1);
    expect(await stockOf(a)).toBe(8);
    expect(await count(outbox_emails)).toBe(mailsBefore + 1);

    // the order carries exactly the cart's figures
    const order = orderSchema.parse(await (await shop.request('GET', `/v1/carts/order/${first.order_no}`, { token: demo })).json());
    expect(order).toMatchObject({
      id: first.order_id,
      order_no: first.order_no,
      status: 'ordered',
      status_label: 'ご注文受付',
      payment_name: '代金引換',
    });
    expect(order.order).toEqual(cart.detail.order);
    expect(order.user_order_total_payment).toBe(cart.detail.order.total_payment);
    expect(
      order.items.map((i: { quantity: number; tax_amount: number; tax_rate: number }) => [i.quantity, i.tax_rate, i.tax_amount]),
    ).toEqual([
      [2, 10, 240],
      [3, 8, 129],
    ]);
    expect(order.shippings[0].address).toEqual(cart.detail.shippings[0].address);

    const [mail] = await shop.database.db.select().from(outbox_emails).orderBy(desc(outbox_emails.id)).limit(1);
    expect(mail.to_address).toBe('demo@example.jp');
    expect(mail.subject).toMatch(/^【.+】ご注文ありがとうございます$/);
    expect(mail.body).toContain(first.order_no);
    expect(mail.body).toContain('代金引換');
    expect(mail.body).toContain(`¥${cart.detail.order.total_payment.toLocaleString('ja-JP')}（税込）`);
    expect(mail.body).toContain(cart.detail.shippings[0].address.full_address);

    // the cart is closed: it shows its order number and refuses changes; init starts a new cart
    const closed = await (await shop.request('GET', `/v1/carts/${cart.token}`, { token: demo })).json();
    expect(closed.order_no).toBe(first.order_no);
    const change = await shop.request('PATCH', '/v1/carts/products/add', {
      body: { token: cart.token, product_id: a, quantity: 1 },
      token: demo,
    });
    expect(change.status).toBe(422);
    const fresh = await (await shop.request('POST', '/v1/carts/init', { body: { token: cart.token }, token: demo })).json();
    expect(fresh.token).not.toBe(cart.token);
  });

  it('explains the bank account for 銀行振込 in the mail', async () => {
    const cart = await readyCart([[await product(), 1]], 'bank_transfer');
    const res = await decide(cart.token);
    expect(res.status).toBe(200);
    const [mail] = await shop.database.db.select().from(outbox_emails).orderBy(desc(outbox_emails.id)).limit(1);
    expect(mail.body).toContain('銀行振込');
    expect(mail.body).toMatch(/振込先：.*銀行.*\d{7}/);
  });

  it('rolls everything back when one line is short of stock', async () => {
    const plenty = await product({ stock: 10 });
    const scarce = await product({ stock: 5 });
    const cart = await readyCart([
      [plenty, 2],
      [scarce, 3],
    ]);
    await shop.database.db.update(products).set({ stock: 2 }).where(eq(products.id, scarce)); // sold elsewhere meanwhile
    const ordersBefore = await count(orders);
    const mailsBefore = await count(outbox_emails);

    const res = await decide(cart.token);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('cart.stock.insufficient');
    expect(body.message).toMatch(/在庫/);
    expect(await stockOf(plenty)).toBe(10);
    expect(await stockOf(scarce)).toBe(2);
    expect(await count(orders)).toBe(ordersBefore);
    expect(await count(outbox_emails)).toBe(mailsBefore);
    const after = await (await shop.request('GET', `/v1/carts/${cart.token}`, { token: demo })).json();
    expect(after.order_no).toBeNull();
  });

  it('refuses a product withdrawn from sale after it was put in the cart', async () => {
    const id = await product();
    const cart = await readyCart([[id, 1]]);
    await shop.database.db.update(products).set({ is_published: false }).where(eq(products.id, id));
    const res = await decide(cart.token);
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('cart.update_products.not_sale');
    expect(await stockOf(id)).toBe(50);
  });
});

describe('orders', () => {
  let other: string;
  beforeAll(async () => {
    await shop.database.db.insert(users).values({
      channel_id: 'default',
      username: 'buyer2',
      email: 'buyer2@example.jp',
      password_hash: await hashPassword('buyer2-pass'),
      last_name: '鈴木',
      first_name: '三郎',
    });
    other = (await (await shop.request('POST', '/v1/auth/login', { body: { username: 'buyer2', password: 'buyer2-pass' } })).json())
      .access_token;
  });

  it("lists the member's orders newest first with pagination headers", async () => {
    for (let i = 0; i < 3; i++) expect((await decide((await readyCart([[await product(), 1]])).token)).status).toBe(200);
    const [{ n }] = await shop.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.user_id))
      .where(eq(users.username, 'demo'));

    const res = await shop.request('GET', '/v1/me/orders', { token: demo });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total')).toBe(String(n));
    expect(res.headers.get('x-per-page')).toBe('10');
    expect(res.headers.get('x-current-page')).toBe('1');
    expect(res.headers.get('x-last-page')).toBe(String(Math.ceil(n / 10)));
    const list = orderListSchema.parse(await res.json());
    const ids = list.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));

    const page2 = await shop.request('GET', '/v1/me/orders?per=2&page=2', { token: demo });
    expect(page2.headers.get('x-per-page')).toBe('2');
    expect(page2.headers.get('x-current-page')).toBe('2');
    expect((await page2.json()).map((o: { id: number }) => o.id)).toEqual(ids.slice(2, 4));

    expect((await shop.request('GET', '/v1/me/orders?per=0', { token: demo })).status).toBe(422);
    expect((await shop.request('GET', '/v1/me/orders')).status).toBe(401);
  });

  it('shows an order only to its member', async () => {
    const cart = await readyCart([[await product({ price: 3000 }), 2]], 'bank_transfer');
    const { order_id, order_no } = await (await decide(cart.token)).json();
    const res = await shop.request('GET', `/v1/me/orders/${order_id}`, { token: demo });
    expect(res.status).toBe(200);
    const order = await res.json();
    expect(order).toMatchObject({ order_no, payment_name: '銀行振込', cancel_reason: null, cancel_only_ecd_key: null });
    expect(order.order).toMatchObject({ subtotal: 6000, subtotal_with_tax: 6600, total_carriage: 0, total_fee: 0, total_payment: 6600 });
    expect(order.items[0]).toMatchObject({ unit_price: 3000, unit_price_with_tax: 3300, quantity: 2, subtotal_with_tax: 6600 });
    const [{ n }] = await shop.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(order_items)
      .where(eq(order_items.order_id, order_id));
    expect(n).toBe(1);

    expect((await shop.request('GET', `/v1/me/orders/${order_id}`, { token: other })).status).toBe(404);
    expect((await shop.request('GET', `/v1/carts/order/${order_no}`, { token: other })).status).toBe(404);
    expect((await shop.request('GET', '/v1/me/orders/99999999', { token: demo })).status).toBe(404);
    expect((await shop.request('GET', '/v1/me/orders/abc', { token: demo })).status).toBe(422);
    // another member cannot decide demo's cart either
    const mine = await readyCart([[await product(), 1]]);
    expect((await decide(mine.token, other)).status).toBe(404);
  });
});
