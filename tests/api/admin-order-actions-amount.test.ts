/**
 * 金額変更 by staff (POST /admin/v1/orders/{id}/amount) on real orders: quantities and the shop's 値引き
 * re-priced with the shop's rules (figures worked by hand below: tax once per rate, carriage under
 * ¥5,500, the 代引 fee band), the stock moving with the quantity (restock mails when it comes back
 * from 0), the points earned recomputed and the points used capped at the new total, the coupon kept,
 * a card re-authorised through the provider (an increase it declines changes nothing), the mail, the
 * history and the audit; the refusals by field and by state.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coupons,
  order_histories,
  order_items,
  orders,
  outbox_emails,
  payment_transactions,
  point_histories,
  products,
  staff_audit_log,
  user_coupons,
  users,
} from '../../api/src/db/schema/index.ts';
import { DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { grantOrderPoints } from '../../api/src/services/points/grant.ts';
import { confirmedRestockRequest } from './discovery-support.ts';
import {
  actionAnswer,
  adminLogin,
  CARDS,
  chargeAtProvider,
  createPaymentShop,
  type Member,
  newMember,
  orderActions,
  type PaymentShop,
  patchOk,
  placeOrderFor,
} from './payments-support.ts';

let p: PaymentShop;
let staff: string;
let editor: string;
beforeAll(async () => {
  p = await createPaymentShop();
  staff = await adminLogin(p, DEV_STAFF);
  editor = await adminLogin(p, DEV_EDITOR);
}, 180_000);
afterAll(async () => {
  await p?.close();
});

const db = () => p.shop.database.db;
const act = orderActions(
  () => p,
  () => staff,
);
const answer = actionAnswer;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const itemsOf = (id: number) => db().select().from(order_items).where(eq(order_items.order_id, id)).orderBy(order_items.id);
const stockOf = async (id: number) => (await db().select({ s: products.stock }).from(products).where(eq(products.id, id)))[0].s;
const balanceOf = async (m: Member) => (await db().select({ b: users.point_balance }).from(users).where(eq(users.id, m.id)))[0].b;
const ledgerOf = async (m: Member) =>
  (
    await db()
      .select({ s: sql<number>`coalesce(sum(${point_histories.amount}), 0)`.mapWith(Number) })
      .from(point_histories)
      .where(and(eq(point_histories.user_id, m.id), eq(point_histories.status, 'granted')))
  )[0].s;
const earnRow = async (orderId: number) =>
  (
    await db()
      .select()
      .from(point_histories)
      .where(and(eq(point_histories.order_id, orderId), eq(point_histories.reason, 'ご注文でのポイント獲得')))
  )[0];
const chargeOf = async (orderId: number) =>
  (await db().select().from(payment_transactions).where(eq(payment_transactions.order_id, orderId)))[0];
const lineIds = async (orderId: number) => (await itemsOf(orderId)).map((i) => i.id);

describe('金額変更 of a bank transfer order', () => {
  it("re-prices removed and reduced lines by the shop's rules, gives the stock back (restock mail from 0), mails and records it", async () => {
    const m = await newMember(p);
    const a = await p.product({ price: 3000, taxRate: 10, stock: 10 });
    const b = await p.product({ price: 500, taxRate: 8, stock: 3 });
    const o = await placeOrderFor(p, m, {
      lines: [
        [a, 2],
        [b, 3],
      ],
      payment: 'bank_transfer',
    });
    // 3,300 × 2 + 540 × 3 = 8,220 (free carriage from 5,500); points 1 % of 6,000 + 1,500 = 75.
    expect(await orderRow(o.id)).toMatchObject({ total_payment: 8220, total_carriage: 0, earned_point: 75 });
    expect([await stockOf(a), await stockOf(b)]).toEqual([8, 0]);
    await confirmedRestockRequest(p.shop, b, 'restock-amount@example.jp');
    const [lineA, lineB] = await lineIds(o.id);

    const res = await answer(
      act.amount(o.id, {
        lines: [
          { item_id: lineA, quantity: 1 },
          { item_id: lineB, quantity: 0 },
        ],
        reason: 'お客様のご希望で数量変更',
      }),
    );
    // 3,300 < 5,500: carriage 660; 10 % on 3,960 → tax 360; points 1 % of 3,000 = 30.
    expect(res).toMatchObject({
      status: 'ordered',
      payment_status: 'pending',
      total_payment: 3960,
      granted_point: 0,
      message: '金額を変更しました。',
    });
    expect(await orderRow(o.id)).toMatchObject({
      subtotal: 3000,
      total_tax: 360,
      total_carriage: 660,
      total_fee: 0,
      total_discount: 0,
      total_payment: 3960,
      earned_point: 30,
      amount_by_tax_rate: [{ tax_rate: 10, subtotal: 3600, tax: 360, total: 3960 }],
      payment_detail: expect.objectContaining({ amount: 3960 }),
    });
    expect((await itemsOf(o.id)).map((i) => [i.id, i.quantity, i.subtotal + i.tax_amount])).toEqual([[lineA, 1, 3300]]);
    expect((await orderRow(o.id)).shippings).toMatchObject([{ carriage: 660 }]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([9, 3]);
    expect(
      await db()
        .select()
        .from(outbox_emails)
        .where(and(eq(outbox_emails.template, 'restock'), eq(outbox_emails.to_address, 'restock-amount@example.jp'))),
    ).toHaveLength(1);
    expect(await earnRow(o.id)).toMatchObject({ amount: 30, status: 'pending' });

    const [mail] = await db()
      .select()
      .from(outbox_emails)
      .where(and(eq(outbox_emails.to_address, m.email), eq(outbox_emails.template, 'order_amount_changed')));
    expect(mail.subject).toMatch(/^【.+】ご注文金額変更のお知らせ$/);
    expect(mail.body).toContain('お支払い金額合計：¥8,220 → ¥3,960（銀行振込）');
    expect(mail.body).toContain('■ 変更理由：お客様のご希望で数量変更');
    expect(mail.body).toMatch(/（.+） × 1　¥3,300/);
    expect(mail.body).toMatch(/（.+）　取り消し/);
    const [h] = await db().select().from(order_histories).where(eq(order_histories.order_id, o.id));
    expect(h).toMatchObject({
      action: 'amount',
      editor_name: DEV_STAFF.displayName,
      message: '金額を変更しました（¥8,220 → ¥3,960、理由：お客様のご希望で数量変更）',
    });
    const [audit] = await db()
      .select()
      .from(staff_audit_log)
      .where(and(eq(staff_audit_log.action, 'order.amount'), eq(staff_audit_log.target_id, String(o.id))));
    expect(audit).toMatchObject({
      editor_login: DEV_STAFF.login,
      before: { total_payment: 8220, earned_point: 75 },
      after: {
        total_payment: 3960,
        earned_point: 30,
        lines: [
          { item_id: lineA, from: 2, to: 1 },
          { item_id: lineB, from: 3, to: 0 },
        ],
      },
    });

    // The same request again changes nothing.
    expect(await answer(act.amount(o.id, { lines: [{ item_id: lineA, quantity: 1 }], reason: '再送' }))).toMatchObject({
      total_payment: 3960,
      message: '変更はありません。',
    });
    expect(await db().select().from(order_histories).where(eq(order_histories.order_id, o.id))).toHaveLength(1);
  });

  it('sets a 値引き and raises a quantity (stock taken, guarded); too little stock changes nothing', async () => {
    const m = await newMember(p);
    const a = await p.product({ price: 3000, stock: 3 });
    const o = await placeOrderFor(p, m, { lines: [[a, 2]], payment: 'bank_transfer' });
    const [line] = await lineIds(o.id);
    // 6,600 − 600 = 6,000; tax floor(6,000 × 10 / 110) = 545; points 1 % of 5,455 = 54.
    expect(await answer(act.amount(o.id, { discount: 600, reason: '梱包遅延のお詫び' }))).toMatchObject({ total_payment: 6000 });
    expect(await orderRow(o.id)).toMatchObject({ shop_discount: 600, total_discount: 600, total_tax: 545, earned_point: 54 });
    expect(await earnRow(o.id)).toMatchObject({ amount: 54, status: 'pending' });
    // 9,900 − 600 (kept) = 9,300.
    expect(await answer(act.amount(o.id, { lines: [{ item_id: line, quantity: 3 }], reason: '追加のご注文' }))).toMatchObject({
      total_payment: 9300,
    });
    expect(await stockOf(a)).toBe(0);
    expect(await answer(act.amount(o.id, { lines: [{ item_id: line, quantity: 4 }], reason: '追加' }), 422)).toMatchObject({
      code: 'order.amount.stock',
      message: expect.stringContaining('在庫が不足しています（残り0点）'),
    });
    expect((await orderRow(o.id)).total_payment).toBe(9300);
    expect((await itemsOf(o.id))[0].quantity).toBe(3);
    expect(await stockOf(a)).toBe(0);
    expect(await balanceOf(m)).toBe(0);
  });

  it('keeps the coupon (a percent coupon on the new goods) and caps the points used, giving the rest back', async () => {
    await db()
      .insert(coupons)
      .values({ code: 'STAFF10', name: '10%OFF', discount_type: 'percent', discount_value: 10, max_discount: 5000 });
    const m = await newMember(p, 6000);
    const a = await p.product({ price: 3000, stock: 9 });
    const withCoupon = await placeOrderFor(p, m, {
      lines: [[a, 2]],
      payment: 'bank_transfer',
      before: (token) => patchOk(p, 'coupons/add', { token, code: 'STAFF10' }, m.token).then(() => undefined),
    });
    expect((await orderRow(withCoupon.id)).total_payment).toBe(5940); // 6,600 − 660
    const [line] = await lineIds(withCoupon.id);
    expect(await answer(act.amount(withCoupon.id, { lines: [{ item_id: line, quantity: 3 }], reason: '数量追加' }))).toMatchObject({
      total_payment: 8910,
    }); // 9,900 − 990
    expect((await orderRow(withCoupon.id)).coupons).toMatchObject([{ code: 'STAFF10', discount: 990 }]);
    const [use] = await db().select().from(user_coupons).where(eq(user_coupons.order_id, withCoupon.id));
    expect(use.used_at).not.toBeNull();

    const pointsOrder = await placeOrderFor(p, m, {
      lines: [[a, 2]],
      payment: 'bank_transfer',
      before: (token) => patchOk(p, 'point', { token, use_point: 5000 }, m.token).then(() => undefined),
    });
    expect(await orderRow(pointsOrder.id)).toMatchObject({ use_point: 5000, total_payment: 1600 });
    expect(await balanceOf(m)).toBe(1000);
    const [pl] = await lineIds(pointsOrder.id);
    // 3,300 + 660 carriage = 3,960 < 5,000 points: 3,960 used, 1,040 back, nothing to pay.
    expect(await answer(act.amount(pointsOrder.id, { lines: [{ item_id: pl, quantity: 1 }], reason: '数量変更' }))).toMatchObject({
      total_payment: 0,
    });
    expect(await orderRow(pointsOrder.id)).toMatchObject({ use_point: 3960 });
    expect(await balanceOf(m)).toBe(2040);
    expect(await ledgerOf(m)).toBe(2040);
    // A later cancel gives back what the order still uses: the member ends where they started.
    await answer(act.cancel(pointsOrder.id, '取り消し'));
    expect(await balanceOf(m)).toBe(6000);
    expect(await ledgerOf(m)).toBe(6000);
  });

  it('follows the 代引 fee band', async () => {
    const m = await newMember(p);
    const a = await p.product({ price: 8000, stock: 5 });
    const o = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'cod' });
    expect(await orderRow(o.id)).toMatchObject({ total_fee: 330, total_payment: 9130 }); // 8,800 + 330 (under 10,000)
    const [line] = await lineIds(o.id);
    expect(await answer(act.amount(o.id, { lines: [{ item_id: line, quantity: 2 }], reason: '追加' }))).toMatchObject({
      total_payment: 18_040,
    }); // 17,600 + 440
    expect(await orderRow(o.id)).toMatchObject({ total_fee: 440, payment_detail: { amount: 18_040, fee: 440 } });
  });
});

describe('金額変更 of a card order', () => {
  it('re-authorises a higher total and changes the authorised amount for a lower one, through the provider', async () => {
    const m = await newMember(p);
    const a = await p.product({ price: 4000, stock: 5 });
    const o = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'card', card: CARDS.success });
    expect((await orderRow(o.id)).total_payment).toBe(5060); // 4,400 + 660
    const ref = (await chargeOf(o.id)).provider_ref!;
    const [line] = await lineIds(o.id);
    expect(await answer(act.amount(o.id, { lines: [{ item_id: line, quantity: 2 }], reason: '追加' }))).toMatchObject({
      total_payment: 8800,
      payment_status: 'authorized',
    });
    expect(await chargeAtProvider(p, ref)).toMatchObject({ status: 'authorized', amount: 8800, calls: { amount: 1 } });
    expect(await chargeOf(o.id)).toMatchObject({ status: 'authorized', amount: 8800, claimed_at: null });
    expect((await orderRow(o.id)).payment_detail).toMatchObject({ amount: 8800 });
    // The shipment captures the new total.
    await answer(act.ship(o.id, 0));
    expect(await chargeAtProvider(p, ref)).toMatchObject({ status: 'captured', captured_amount: 8800 });
    expect(await answer(act.amount(o.id, { lines: [{ item_id: line, quantity: 1 }], reason: '減量' }), 422)).toMatchObject({
      code: 'order.amount.shipped',
    });
  });

  it('an increase the card company declines changes nothing (422 order.amount.declined); a decrease goes through', async () => {
    const m = await newMember(p);
    const a = await p.product({ price: 4000, stock: 5 });
    const o = await placeOrderFor(p, m, { lines: [[a, 2]], payment: 'card', card: CARDS.noIncrease });
    const ref = (await chargeOf(o.id)).provider_ref!;
    const [line] = await lineIds(o.id);
    expect(await answer(act.amount(o.id, { lines: [{ item_id: line, quantity: 1 }], reason: '減量' }))).toMatchObject({
      total_payment: 5060,
    });
    expect(await stockOf(a)).toBe(4);
    const declined = await answer(act.amount(o.id, { lines: [{ item_id: line, quantity: 3 }], reason: '追加' }), 422);
    expect(declined).toMatchObject({
      code: 'order.amount.declined',
      message: '増額の与信が承認されませんでした。金額は変更していません。',
    });
    expect(await orderRow(o.id)).toMatchObject({ total_payment: 5060, payment_status: 'authorized' });
    expect((await itemsOf(o.id))[0].quantity).toBe(1);
    expect(await stockOf(a)).toBe(4);
    expect(await chargeAtProvider(p, ref)).toMatchObject({ status: 'authorized', amount: 5060, calls: { amount: 2 } });
    expect(await chargeOf(o.id)).toMatchObject({ status: 'authorized', amount: 5060, claimed_at: null });
    expect((await db().select().from(order_histories).where(eq(order_histories.order_id, o.id))).map((h) => h.action)).toEqual([
      'amount',
      'amount_failed',
    ]);
  });
});

describe("金額変更 after a card order's points were granted (its cancel window passed)", () => {
  it('moves the balance by the difference, and the ledger still sums to it', async () => {
    const m = await newMember(p);
    const a = await p.product({ price: 10_000, stock: 5 });
    const o = await placeOrderFor(p, m, { lines: [[a, 2]], payment: 'card', card: CARDS.success });
    await db().transaction((tx) => grantOrderPoints(tx, o.id));
    expect(await balanceOf(m)).toBe(200);
    const [line] = await lineIds(o.id);
    await answer(act.amount(o.id, { lines: [{ item_id: line, quantity: 1 }], reason: '減量' }));
    expect(await earnRow(o.id)).toMatchObject({ status: 'granted', amount: 100 });
    expect(await orderRow(o.id)).toMatchObject({ earned_point: 100 });
    expect([await balanceOf(m), await ledgerOf(m)]).toEqual([100, 100]);
    await answer(act.amount(o.id, { lines: [{ item_id: line, quantity: 3 }], reason: '増量' }));
    expect([await balanceOf(m), await ledgerOf(m), (await orderRow(o.id)).earned_point]).toEqual([300, 300, 300]);
    await answer(act.cancel(o.id, '取り消し'));
    expect([await balanceOf(m), await ledgerOf(m)]).toEqual([0, 0]);
  });
});

describe('金額変更 refusals', () => {
  it("by field in Japanese, by role, by channel and by the order's state", async () => {
    const m = await newMember(p);
    const a = await p.product({ price: 1000, stock: 9 });
    const o = await placeOrderFor(p, m, { lines: [[a, 2]], payment: 'bank_transfer' });
    const [line] = await lineIds(o.id);
    const errors = async (body: unknown) => (await answer(act.amount(o.id, body), 422)).errors;
    expect((await errors({ lines: [] })).reason[0]).toContain('変更理由');
    expect(await errors({ lines: [{ item_id: 999_999, quantity: 1 }], reason: 'x' })).toEqual({
      'lines.0.item_id': ['明細が見つかりません'],
    });
    expect(await errors({ lines: [{ item_id: line, quantity: 0 }], reason: 'x' })).toEqual({
      lines: ['明細を1つ以上残してください（すべて取り消す場合はキャンセルしてください）'],
    });
    expect(await errors({ discount: 3000, reason: 'x' })).toEqual({ discount: ['値引き額は¥2,200以下で入力してください'] });
    expect((await errors({ lines: [{ item_id: line, quantity: 1000 }], reason: 'x' }))['lines.0.quantity'][0]).toContain('数量');
    expect((await answer(act.amount(o.id, { discount: 100, reason: 'x' }, editor), 403)).code).toBe('auth.forbidden');
    expect((await answer(act.amount(o.id, { discount: 100, reason: 'x' }, staff, 'school'), 404)).code).toBe('common.not_found');
    expect((await orderRow(o.id)).total_payment).toBe(2860); // 2,200 + 660: untouched

    await answer(act.paid(o.id));
    expect(await answer(act.amount(o.id, { discount: 100, reason: 'x' }), 422)).toMatchObject({
      code: 'order.amount.payment_state',
      message: 'お支払い状況が「入金済み」のご注文は金額を変更できません。',
    });
    const cancelled = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'cod' });
    await answer(act.cancel(cancelled.id));
    expect((await answer(act.amount(cancelled.id, { discount: 100, reason: 'x' }), 422)).code).toBe('order.cancelled');
  });
});
