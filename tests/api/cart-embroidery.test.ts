/**
 * 名入れ刺繍 on cart and order lines: an embroiderable product takes the embroidery with the add, a
 * different embroidery is a line of its own, the text is checked like the saved one, and the order
 * keeps what was decided (only for its member).
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '#contracts/cart.ts';
import { orderSchema } from '#contracts/orders.ts';
import { productSchema } from '#contracts/products.ts';
import { order_items, outbox_emails, products } from '../../api/src/db/schema/index.ts';
import { receiptModel } from '../../api/src/services/orders/receipt.ts';
import { createMember, MEMBER_PASSWORD } from './account-support.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
let product: ReturnType<typeof productPicker>;
beforeAll(async () => {
  shop = await createTestShop();
  product = productPicker(shop);
  demo = await loginDemo(shop);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const NAME = { text: '山田 花子', font: 'mincho', color: 'gold' } as const;
const OTHER = { text: 'HANAKO', font: 'block', color: 'navy' } as const;

/** A product picked for this test, made embroiderable (or not). */
async function embroiderable(yes = true): Promise<number> {
  const id = await product({ price: 2000, stock: 20 });
  await shop.database.db.update(products).set({ embroiderable: yes }).where(eq(products.id, id));
  return id;
}
async function newCart(): Promise<string> {
  return (await (await shop.request('POST', '/v1/carts/init', { body: {} })).json()).token;
}
const add = (body: Record<string, unknown>, token?: string) => shop.request('PATCH', '/v1/carts/products/add', { body, token });
async function ok(res: Response | Promise<Response>) {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(200);
  return body;
}
type Line = { product_info: { id: number }; quantity: number; embroidery?: unknown };

describe('products', () => {
  it('says which products take an embroidery, and the seed has some', async () => {
    const id = await embroiderable();
    const key = (await shop.database.db.select({ key: products.key }).from(products).where(eq(products.id, id)))[0].key;
    const p = productSchema.parse(await ok(shop.request('GET', `/v1/products/${key}`)));
    expect(p.embroiderable).toBe(true);
    const [{ n }] = await shop.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(and(eq(products.embroiderable, true), sql`${products.name} like '帆布 トートバッグ%'`));
    expect(n).toBeGreaterThan(0);
  });
});

describe('adding with an embroidery', () => {
  it('keeps the embroidery on the line; the same product with another embroidery is a second line, the same one merges', async () => {
    const id = await embroiderable();
    const token = await newCart();
    await ok(add({ token, product_id: id, quantity: 1, embroidery: NAME }));
    await ok(add({ token, product_id: id, quantity: 2, embroidery: OTHER }));
    await ok(add({ token, product_id: id, quantity: 1, embroidery: { ...NAME, text: ' 山田 花子 ' } }));
    const cart = cartSchema.parse(await ok(add({ token, product_id: id, quantity: 1 })));
    expect(cart.detail.products.map((l: Line) => [l.quantity, l.embroidery])).toEqual([
      [2, NAME],
      [2, OTHER],
      [1, null],
    ]);
  });

  it('counts every line of the product against its stock', async () => {
    const id = await embroiderable();
    await shop.database.db.update(products).set({ stock: 3 }).where(eq(products.id, id));
    const token = await newCart();
    await ok(add({ token, product_id: id, quantity: 2, embroidery: NAME }));
    const res = await add({ token, product_id: id, quantity: 2, embroidery: OTHER });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('cart.stock.insufficient');
  });

  it('refuses text the machine cannot stitch, with the Japanese message on the field', async () => {
    const id = await embroiderable();
    const token = await newCart();
    const cases: [unknown, string, string][] = [
      [
        { ...NAME, text: 'I ♥ YOU' },
        'embroidery.text',
        "刺繍する文字には、ひらがな・カタカナ・漢字・英数字・スペースと記号（・ー.&'-）が使えます",
      ],
      [{ ...NAME, text: 'あいうえおかきくけこさしす' }, 'embroidery.text', '刺繍する文字は12文字以内にしてください'],
      [{ ...NAME, text: '  ' }, 'embroidery.text', '刺繍する文字は必須項目です'],
      [{ ...NAME, font: 'comic' }, 'embroidery.font', '書体'],
      [{ ...NAME, color: 'pink' }, 'embroidery.color', '糸の色'],
    ];
    for (const [embroidery, field, message] of cases) {
      const res = await add({ token, product_id: id, quantity: 1, embroidery });
      const body = await res.json();
      expect(res.status, JSON.stringify(embroidery)).toBe(422);
      expect(body.errors[field]?.[0], field).toContain(message);
    }
    expect((await ok(shop.request('GET', `/v1/carts/${token}`))).detail.products).toEqual([]);
  });

  it('refuses an embroidery on a product that cannot be embroidered (422, Japanese)', async () => {
    const id = await embroiderable(false);
    const token = await newCart();
    const res = await add({ token, product_id: id, quantity: 1, embroidery: NAME });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('cart.embroidery.not_allowed');
    expect(body.message).toMatch(/名入れ刺繍を承っておりません/);
    expect(body.errors.embroidery).toEqual(['この商品は名入れ刺繍を承っておりません']);
    // without one it is added as before
    expect((await ok(add({ token, product_id: id, quantity: 1 }))).detail.products).toHaveLength(1);
  });

  it('keeps each embroidery when a guest cart is merged at login', async () => {
    const id = await embroiderable();
    const member = await createMember(shop, 'embroidery-merge');
    const login = async () =>
      (await (await shop.request('POST', '/v1/auth/login', { body: { username: member.username, password: MEMBER_PASSWORD } })).json())
        .access_token as string;
    const bearer = await login();
    const own = await newCart();
    await ok(add({ token: own, product_id: id, quantity: 1, embroidery: NAME }, bearer));
    const guest = await newCart();
    await ok(add({ token: guest, product_id: id, quantity: 1, embroidery: NAME }));
    await ok(add({ token: guest, product_id: id, quantity: 1, embroidery: OTHER }));
    const merged = await ok(shop.request('POST', '/v1/carts/init', { body: { token: guest }, token: bearer }));
    expect(merged.token).toBe(own);
    expect(merged.detail.products.map((l: Line) => [l.quantity, l.embroidery])).toEqual([
      [2, NAME],
      [1, OTHER],
    ]);
  });
});

describe('the order', () => {
  it('keeps the embroidery decided, shows it in the order and the mail, and only to its member', async () => {
    const id = await embroiderable();
    const { token } = await (await shop.request('POST', '/v1/carts/init', { body: {} })).json();
    await ok(add({ token, product_id: id, quantity: 1, embroidery: NAME }, demo));
    await ok(add({ token, product_id: id, quantity: 1 }, demo));
    const addressId = (await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json())[0].id;
    await ok(shop.request('PATCH', '/v1/carts/shippings/add', { body: { token, user_address_id: addressId }, token: demo }));
    const payments = await (await shop.request('GET', '/v1/payments')).json();
    const bank = payments.find((p: { code: string }) => p.code === 'bank_transfer').id;
    await ok(shop.request('PATCH', '/v1/carts/order/modify', { body: { token, payment_id: bank }, token: demo }));
    const { order_id, order_no } = await ok(shop.request('POST', `/v1/carts/${token}/decision`, { body: {}, token: demo }));

    // Changing the product afterwards does not change the order.
    await shop.database.db.update(products).set({ embroiderable: false }).where(eq(products.id, id));
    const order = orderSchema.parse(await ok(shop.request('GET', `/v1/me/orders/${order_id}`, { token: demo })));
    expect(order.items.map((i) => i.embroidery)).toEqual([NAME, null]);
    expect((await ok(shop.request('GET', `/v1/carts/order/${order_no}`, { token: demo }))).items[0].embroidery).toEqual(NAME);
    const rows = await shop.database.db
      .select({ embroidery: order_items.embroidery })
      .from(order_items)
      .where(eq(order_items.order_id, order_id));
    expect(rows.map((r) => r.embroidery)).toEqual([NAME, null]);

    const [mail] = await shop.database.db
      .select({ body: outbox_emails.body })
      .from(outbox_emails)
      .where(and(eq(outbox_emails.template, 'order_confirmation'), sql`${outbox_emails.body} like ${`%${order_no}%`}`));
    expect(mail.body).toContain('名入れ：山田 花子（明朝体・金）');

    // The receipt's line names it too (its text, and a PDF that draws it).
    const model = receiptModel({
      order,
      shopName: 'テスト商店',
      registrationNumber: 'T1234567890123',
      addressee: '山田',
      issuedAt: new Date(),
    });
    expect(model.lines[0].name).toContain('（名入れ：山田 花子（明朝体・金））');
    const pdf = await shop.request('GET', `/v1/me/orders/${order_id}/download/receipt?name=${encodeURIComponent('山田')}`, { token: demo });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');

    const other = await createMember(shop, 'embroidery-other');
    const otherToken = (
      await (await shop.request('POST', '/v1/auth/login', { body: { username: other.username, password: MEMBER_PASSWORD } })).json()
    ).access_token;
    expect((await shop.request('GET', `/v1/me/orders/${order_id}`, { token: otherToken })).status).toBe(404);
    expect((await shop.request('GET', `/v1/carts/order/${order_no}`, { token: otherToken })).status).toBe(404);
  });
});
