/**
 * Payment methods per cart: the 代引 fee by amount band (shown and charged alike), ceilings (後払い
 * 55,000 yen, コンビニ and 代引 300,000 yen), the per-cart list and check with Japanese reasons,
 * social gift rules, the public payment-service settings, and what each order records for the
 * shopper to pay (bank account and deadline, konbini number and deadline, 後払い notice).
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, orders, outbox_emails } from '../../api/src/db/schema/index.ts';
import { choose, createPaymentShop, decide, filledCart, type PaymentShop, PUBLIC_KEY } from './payments-support.ts';

let p: PaymentShop;
beforeAll(async () => {
  p = await createPaymentShop();
}, 120_000);
afterAll(async () => {
  await p?.close();
});

const db = () => p.shop.database.db;
/** A cart whose goods cost `yen` tax included (one line, 10 %: price × 1.1), shipping free above 5,500 yen. */
async function cartOf(yen: number) {
  const id = await p.product({ price: Math.round(yen / 1.1), taxRate: 10, stock: 1000 });
  return filledCart(p, [[id, 1]]);
}
const get = async (path: string) => {
  const res = await p.shop.request('GET', path, { token: p.demo });
  return { status: res.status, body: await res.json() };
};
const orderOf = async (orderNo: string) => (await db().select().from(orders).where(eq(orders.order_no, orderNo)))[0];
const mailOf = async (orderNo: string) =>
  (
    await db()
      .select()
      .from(outbox_emails)
      .where(sql`${outbox_emails.body} like ${`%${orderNo}%`}`)
  )[0].body;

async function place(token: string, code: string, extra: Record<string, unknown> = {}) {
  const chosen = await choose(p, token, code, extra);
  expect(chosen.status, await chosen.clone().text()).toBe(200);
  const res = await decide(p, token);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { cart: await chosen.json(), order: await orderOf(body.order_no), orderNo: body.order_no as string };
}

describe("the shop's payment methods", () => {
  it('lists 代金引換, 銀行振込, クレジットカード, 後払い and コンビニ払い', async () => {
    const { body } = await get('/v1/payments');
    expect(body.map((m: { code: string; name: string }) => [m.code, m.name])).toEqual([
      ['cod', '代金引換'],
      ['bank_transfer', '銀行振込'],
      ['card', 'クレジットカード'],
      ['deferred', '後払い'],
      ['konbini', 'コンビニ払い'],
    ]);
  });

  it("GET /v1/settings/payment-service/{code} gives the card provider's script, the konbini stores, the 代引 bands", async () => {
    const card = await get('/v1/settings/payment-service/card');
    expect(card.body.provider).toEqual({
      code: 'test',
      script_url: `${p.provider.url}/testpay.js`,
      origin: p.provider.url,
      public_key: PUBLIC_KEY,
    });
    const konbini = await get('/v1/settings/payment-service/konbini');
    expect(konbini.body.stores.map((s: { name: string }) => s.name)).toEqual([
      'セブン-イレブン',
      'ローソン',
      'ファミリーマート',
      'ミニストップ',
      'デイリーヤマザキ',
      'セイコーマート',
    ]);
    expect(konbini.body.ceiling).toBe(300_000);
    expect((await get('/v1/settings/payment-service/cod')).body.fee_bands).toHaveLength(4);
    expect((await get('/v1/settings/payment-service/deferred')).body).toMatchObject({
      ceiling: 55_000,
      notice: expect.stringContaining('14日以内'),
    });
    expect((await get('/v1/settings/payment-service/nothing')).status).toBe(404);
  });
});

describe('代金引換: the fee by amount band, the same on the cart, the list, the check and the order', () => {
  it.each([
    [9_900, 330],
    [22_000, 440],
    [55_000, 660],
    [110_000, 1_100],
  ])('goods of %i yen: fee %i yen', async (goods, fee) => {
    const token = await cartOf(goods);
    const list = (await get(`/v1/payments/carts/${token}`)).body;
    expect(list.find((m: { code: string }) => m.code === 'cod').fee).toBe(fee);
    const check = (await get(`/v1/carts/${token}/payment/${p.payments.cod}/check`)).body;
    const { cart, order } = await place(token, 'cod');
    expect(cart.detail.order.total_fee).toBe(fee);
    expect(check).toEqual({
      payment_id: p.payments.cod,
      code: 'cod',
      is_available: true,
      reason: null,
      fee,
      total_payment: cart.detail.order.total_payment,
    });
    expect(order).toMatchObject({ total_fee: fee, total_payment: cart.detail.order.total_payment, payment_status: 'pending' });
  });

  it('is not offered above 300,000 yen, and not for a social gift', async () => {
    const token = await cartOf(330_000);
    const codes = (await get(`/v1/payments/carts/${token}`)).body.map((m: { code: string }) => m.code);
    expect(codes).toEqual(['bank_transfer', 'card']);
    const check = (await get(`/v1/carts/${token}/payment/${p.payments.cod}/check`)).body;
    expect(check).toMatchObject({
      is_available: false,
      reason: '代金引換はお支払い合計300,000円（税込）までのご注文でご利用いただけます。',
    });

    const gift = await cartOf(3_000);
    await db().update(carts).set({ is_social_gift: true }).where(eq(carts.token, gift));
    const giftCodes = (await get(`/v1/payments/carts/${gift}`)).body.map((m: { code: string }) => m.code);
    expect(giftCodes).toEqual(['bank_transfer', 'card', 'konbini']);
    expect((await get(`/v1/carts/${gift}/payment/${p.payments.deferred}/check`)).body.reason).toBe(
      'ソーシャルギフトのご注文では後払いをご利用いただけません。',
    );
  });
});

describe('後払い', () => {
  it('up to 55,000 yen with its 209 yen fee; the order keeps the invoice notice', async () => {
    const { cart, order, orderNo } = await place(await cartOf(22_000), 'deferred');
    expect(cart.detail.order.total_fee).toBe(209);
    expect(order.payment_detail).toMatchObject({ notice: expect.stringContaining('14日以内'), due_days: 14, fee: 209 });
    expect(await mailOf(orderNo)).toContain('請求書');
  });

  it('above 55,000 yen it is not listed, the check says why and the decision refuses it', async () => {
    const token = await cartOf(55_000);
    expect((await get(`/v1/payments/carts/${token}`)).body.some((m: { code: string }) => m.code === 'deferred')).toBe(false);
    const check = (await get(`/v1/carts/${token}/payment/${p.payments.deferred}/check`)).body;
    expect(check).toMatchObject({
      is_available: false,
      fee: 209,
      reason: '後払いはお支払い合計55,000円（税込）までのご注文でご利用いただけます。',
    });
    await choose(p, token, 'deferred');
    const res = await decide(p, token);
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('cart.payment.not_available');
  });
});

describe('コンビニ払い', () => {
  it('needs a store; the order gets a payment number and deadline, shown in the mail', async () => {
    const token = await cartOf(8_800);
    await choose(p, token, 'konbini');
    expect((await (await decide(p, token)).json()).code).toBe('cart.payment.konbini_store_required');
    expect((await choose(p, token, 'konbini', { konbini_store: 'no-such-store' })).status).toBe(422);

    const { cart, order, orderNo } = await place(token, 'konbini', { konbini_store: 'lawson' });
    expect(cart.payment_input).toEqual({ card: null, user_card_id: null, konbini_store: 'lawson' });
    expect(order.payment_detail).toMatchObject({
      store: 'lawson',
      store_name: 'ローソン',
      payment_number: expect.stringMatching(/^\d{12}$/),
      deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const detail = order.payment_detail as { payment_number: string };
    const mail = await mailOf(orderNo);
    expect(mail).toContain(`お支払い番号：${detail.payment_number}`);
    expect(mail).toContain('お支払い先：ローソン');
    const shown = (await get(`/v1/carts/order/${orderNo}`)).body;
    expect(shown.payment_detail).toMatchObject({ store_name: 'ローソン', payment_number: detail.payment_number });
  });
});

describe('銀行振込', () => {
  it('the order and the mail carry the account and the deadline (7 days)', async () => {
    const { order, orderNo } = await place(await cartOf(6_600), 'bank_transfer');
    const detail = order.payment_detail as { bank_account: string; deadline: string };
    expect(detail.bank_account).toContain('みずほ銀行');
    const expected = new Date(order.created_at.getTime() + 9 * 3_600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(detail.deadline).toBe(expected);
    const mail = await mailOf(orderNo);
    expect(mail).toContain('みずほ銀行');
    // Spec 9: YYYY.MM.DD.
    expect(mail).toContain(`お振込期限：${expected.replaceAll('-', '.')}`);
  });
});
