/**
 * The staff's actions on one order (issue 22 item 2), on real orders placed through the API with each
 * payment method and the built-in test card provider: 入金確認, 発送 per delivery (a card captured at
 * the first shipment, the tracking mail, points granted), キャンセル (stock, coupon and points back, a
 * card voided or refunded, a received payment flagged for a refund by hand), with the order's history
 * naming the staff member and an audit entry before/after for each; the refusals (an editor 403, a
 * member 401, another channel 404, the order's state 409/422, a bad body 422 by field in Japanese) and
 * repeats that change nothing. 金額変更 is admin-order-actions-amount.test.ts, races -race.test.ts.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingUrl } from '#contracts/admin-order-actions.ts';
import { createApp } from '../../api/src/app.ts';
import {
  coupons,
  order_histories,
  order_shipments,
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
  PUBLIC_KEY,
  patchOk,
  placeOrderFor,
  SECRET,
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
const stockOf = async (id: number) => (await db().select({ s: products.stock }).from(products).where(eq(products.id, id)))[0].s;
const balanceOf = async (m: Member) => (await db().select({ b: users.point_balance }).from(users).where(eq(users.id, m.id)))[0].b;
const ledgerOf = async (m: Member) =>
  (
    await db()
      .select({ s: sql<number>`coalesce(sum(${point_histories.amount}), 0)`.mapWith(Number) })
      .from(point_histories)
      .where(and(eq(point_histories.user_id, m.id), eq(point_histories.status, 'granted')))
  )[0].s;
const expectLedgerHolds = async (m: Member) => expect(await ledgerOf(m)).toBe(await balanceOf(m));
const historyOf = (id: number) => db().select().from(order_histories).where(eq(order_histories.order_id, id)).orderBy(order_histories.id);
const auditOf = (id: number, action: string) =>
  db()
    .select()
    .from(staff_audit_log)
    .where(and(eq(staff_audit_log.target_type, 'order'), eq(staff_audit_log.target_id, String(id)), eq(staff_audit_log.action, action)))
    .orderBy(staff_audit_log.id);
const mailsTo = (m: Member, template: string) =>
  db()
    .select()
    .from(outbox_emails)
    .where(and(eq(outbox_emails.to_address, m.email), eq(outbox_emails.template, template)))
    .orderBy(outbox_emails.id);
const chargeOf = async (orderId: number) =>
  (await db().select().from(payment_transactions).where(eq(payment_transactions.order_id, orderId)))[0];

const member = (points = 0) => newMember(p, points);

describe('入金確認 POST /admin/v1/orders/{id}/paid', () => {
  it('marks a bank transfer paid and grants its pending points once, with history and audit; konbini and 後払い too', async () => {
    const m = await member();
    const a = await p.product({ price: 10_000, stock: 5 });
    const bank = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'bank_transfer' }); // 1 % of 10,000 = 100 points
    expect(await orderRow(bank.id)).toMatchObject({ payment_status: 'pending', earned_point: 100 });
    expect(await balanceOf(m)).toBe(0);

    expect(await answer(act.paid(bank.id))).toMatchObject({
      id: bank.id,
      order_no: bank.no,
      status: 'ordered',
      payment_status: 'paid',
      granted_point: 100,
      message: '入金を確認しました。',
    });
    expect(await balanceOf(m)).toBe(100);
    await expectLedgerHolds(m);
    const [h] = await historyOf(bank.id);
    expect(h).toMatchObject({ action: 'paid', editor_name: DEV_STAFF.displayName, message: '入金を確認しました（100ポイント付与）' });
    const [audit] = await auditOf(bank.id, 'order.paid');
    expect(audit).toMatchObject({
      editor_login: DEV_STAFF.login,
      before: { payment_status: 'pending', order_no: bank.no },
      after: { payment_status: 'paid', granted_point: 100 },
    });

    // A repeat changes nothing.
    expect(await answer(act.paid(bank.id))).toMatchObject({
      payment_status: 'paid',
      granted_point: 0,
      message: 'すでに入金確認済みです。',
    });
    expect(await balanceOf(m)).toBe(100);
    expect(await historyOf(bank.id)).toHaveLength(1);
    expect(await auditOf(bank.id, 'order.paid')).toHaveLength(1);

    for (const payment of ['konbini', 'deferred']) {
      const o = await placeOrderFor(p, m, { lines: [[a, 1]], payment });
      expect(await answer(act.paid(o.id))).toMatchObject({ payment_status: 'paid', granted_point: 100 });
    }
    expect(await balanceOf(m)).toBe(300);
    await expectLedgerHolds(m);
  });

  it('refuses a card or 代引 order, a cancelled one, an editor, a member and another channel', async () => {
    const m = await member();
    const a = await p.product({ stock: 9 });
    const card = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'card', card: CARDS.success });
    const cod = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'cod' });
    expect(await answer(act.paid(card.id), 422)).toMatchObject({
      code: 'order.paid.not_applicable',
      message: 'クレジットカードのご注文は入金確認の対象外です。最初の発送時にカードの売上が確定します。',
    });
    expect((await answer(act.paid(cod.id), 422)).code).toBe('order.paid.not_applicable');
    expect(await answer(act.paid(cod.id, editor), 403)).toMatchObject({ code: 'auth.forbidden' });
    expect((await act.paid(cod.id, m.token)).status).toBe(401);
    expect(await answer(act.paid(cod.id, staff, 'school'), 404)).toMatchObject({ code: 'common.not_found' });
    expect((await answer(act.paid(999_999), 404)).code).toBe('common.not_found');
    const bank = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'bank_transfer' });
    await answer(act.cancel(bank.id, '重複注文'));
    expect(await answer(act.paid(bank.id), 422)).toMatchObject({
      code: 'order.cancelled',
      message: 'このご注文はキャンセルされています。',
    });
    expect((await orderRow(cod.id)).payment_status).toBe('pending');
  });
});

describe('発送 POST /admin/v1/orders/{id}/shipments/{index}/ship', () => {
  it("ships a card order's two deliveries: the first captures once and grants the points, each mails its tracking link", async () => {
    const m = await member();
    const a = await p.product({ price: 4000, stock: 5 });
    const b = await p.product({ price: 3000, taxRate: 8, stock: 5 });
    const o = await placeOrderFor(p, m, {
      lines: [
        [a, 1],
        [b, 2, 1],
      ],
      payment: 'card',
      card: CARDS.success,
    });
    const placed = await orderRow(o.id);
    expect(placed).toMatchObject({ payment_status: 'authorized' });
    const auth = await chargeOf(o.id);

    const first = await answer(act.ship(o.id, 0, { carrier: 'yamato', tracking_no: '1234-5678-9012' }));
    expect(first).toMatchObject({
      status: 'shipped',
      payment_status: 'captured',
      total_payment: placed.total_payment,
      granted_point: placed.earned_point,
      message: '発送しました。',
    });
    expect(placed.earned_point).toBeGreaterThan(0);
    expect(await balanceOf(m)).toBe(placed.earned_point);
    await expectLedgerHolds(m);
    expect(await chargeAtProvider(p, auth.provider_ref!)).toMatchObject({
      status: 'captured',
      captured_amount: placed.total_payment,
      calls: { capture: 1 },
    });
    expect(await chargeOf(o.id)).toMatchObject({ status: 'captured', captured_amount: placed.total_payment, claimed_at: null });
    expect(await db().select().from(order_shipments).where(eq(order_shipments.order_id, o.id))).toMatchObject([
      { shipping_index: 0, carrier: 'yamato', tracking_no: '1234-5678-9012', editor_name: DEV_STAFF.displayName },
    ]);

    const [mail] = await mailsTo(m, 'order_shipped');
    expect(mail.subject).toMatch(/^【.+】商品発送のお知らせ$/);
    expect(mail.body).toContain(`■ ご注文番号：${o.no}`);
    expect(mail.body).toContain('■ 配送業者：ヤマト運輸');
    expect(mail.body).toContain('■ 伝票番号：1234-5678-9012');
    expect(mail.body).toContain(`■ お荷物の追跡：${trackingUrl('yamato', '1234-5678-9012')}`);
    expect(trackingUrl('yamato', '1234-5678-9012')).toBe('https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=123456789012');
    expect(mail.body).toMatch(/■ 発送日：\d{4}\.\d{2}\.\d{2}\n/);
    expect(mail.body).toContain('■ お届け先（お届け先1）');
    const [lineA] = await db().select({ code: products.code }).from(products).where(eq(products.id, a));
    const [lineB] = await db().select({ code: products.code }).from(products).where(eq(products.id, b));
    expect(mail.body).toContain(`（${lineA.code}） × 1`);
    expect(mail.body).not.toContain(`（${lineB.code}）`);

    const history = await historyOf(o.id);
    expect(history.at(-1)).toMatchObject({
      action: 'ship',
      editor_name: DEV_STAFF.displayName,
      message: `お届け先1を発送しました（ヤマト運輸 1234-5678-9012）。カード売上¥${placed.total_payment.toLocaleString('ja-JP')}確定、${placed.earned_point}ポイント付与`,
    });
    const [audit] = await auditOf(o.id, 'order.ship');
    expect(audit).toMatchObject({
      before: { status: 'ordered', payment_status: 'authorized' },
      after: {
        status: 'shipped',
        payment_status: 'captured',
        captured: placed.total_payment,
        shipment: { shipping_index: 0, carrier: 'yamato', tracking_no: '1234-5678-9012' },
      },
    });
    expect(JSON.stringify(audit)).not.toContain(auth.provider_ref!);

    // The member can no longer cancel it.
    expect((await p.shop.request('PUT', `/v1/me/orders/${o.id}/cancel`, { token: m.token, body: { cancel_reason: '不要' } })).status).toBe(
      422,
    );
    // The same delivery again: the same slip is a repeat (nothing changes), another is 409.
    expect(await answer(act.ship(o.id, 0, { carrier: 'yamato', tracking_no: '1234-5678-9012' }))).toMatchObject({
      granted_point: 0,
      message: 'この配送先はすでに発送済みです。',
    });
    expect(await answer(act.ship(o.id, 0, { carrier: 'sagawa', tracking_no: '9999-0000-1111' }), 409)).toMatchObject({
      code: 'order.ship.already_shipped',
      message: 'この配送先はすでに発送済みです（伝票番号 1234-5678-9012）。',
    });
    expect(await mailsTo(m, 'order_shipped')).toHaveLength(1);

    // The second delivery: no second capture, its own mail with its own lines.
    expect(await answer(act.ship(o.id, 1, { carrier: 'japanpost', tracking_no: '1111-2222-3333' }))).toMatchObject({
      status: 'shipped',
      payment_status: 'captured',
      granted_point: 0,
    });
    expect((await chargeAtProvider(p, auth.provider_ref!)).calls.capture).toBe(1);
    const second = (await mailsTo(m, 'order_shipped'))[1];
    expect(second.body).toContain(`■ お荷物の追跡：${trackingUrl('japanpost', '1111-2222-3333')}`);
    expect(second.body).toContain(`（${lineB.code}） × 2`);
    expect(second.body).not.toContain(`（${lineA.code}）`);
    expect(await answer(act.ship(o.id, 2), 404)).toMatchObject({ code: 'common.not_found' });
    expect(await balanceOf(m)).toBe(placed.earned_point);
  });

  it('refuses a bad body by field in Japanese, an editor, a member and another channel', async () => {
    const m = await member();
    const o = await placeOrderFor(p, m, { lines: [[await p.product({ stock: 3 }), 1]], payment: 'cod' });
    const bad = await answer(act.ship(o.id, 0, {}), 422);
    expect(bad.code).toBe('common.validation');
    expect(bad.errors.carrier[0]).toContain('配送業者');
    expect(bad.errors.tracking_no[0]).toContain('伝票番号');
    expect((await answer(act.ship(o.id, 0, { carrier: 'yamato', tracking_no: 'ab' }), 422)).errors.tracking_no).toEqual([
      '伝票番号は半角英数字とハイフンで4〜30文字で入力してください',
    ]);
    expect((await answer(act.ship(o.id, 0, { carrier: 'kuroneko', tracking_no: '1234-5678' }), 422)).errors.carrier[0]).toContain(
      '配送業者',
    );
    expect((await answer(act.ship(o.id, 0, undefined, editor), 403)).code).toBe('auth.forbidden');
    expect((await act.ship(o.id, 0, undefined, m.token)).status).toBe(401);
    expect((await answer(act.ship(o.id, 0, undefined, staff, 'school'), 404)).code).toBe('common.not_found');
    expect((await orderRow(o.id)).status).toBe('ordered');

    // 代引 ships unpaid and is paid on delivery: recorded paid at shipment.
    expect(await answer(act.ship(o.id, 0))).toMatchObject({ status: 'shipped', payment_status: 'paid' });
  });

  it('refuses an unpaid 前払い order until its payment is confirmed; 後払い ships unpaid', async () => {
    const m = await member();
    const a = await p.product({ stock: 9 });
    for (const payment of ['bank_transfer', 'konbini']) {
      const o = await placeOrderFor(p, m, { lines: [[a, 1]], payment });
      const name = payment === 'konbini' ? 'コンビニ払い' : '銀行振込';
      expect(await answer(act.ship(o.id, 0), 422)).toMatchObject({
        code: 'order.ship.unpaid',
        message: `${name}のご入金が確認できていないため発送できません。入金確認を行ってから発送してください。`,
      });
      await answer(act.paid(o.id));
      expect(await answer(act.ship(o.id, 0))).toMatchObject({ status: 'shipped', payment_status: 'paid', granted_point: 0 });
    }
    const deferred = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'deferred' });
    expect(await answer(act.ship(deferred.id, 0))).toMatchObject({ status: 'shipped', payment_status: 'pending', granted_point: 10 });
    const cancelled = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'cod' });
    await answer(act.cancel(cancelled.id));
    expect((await answer(act.ship(cancelled.id, 0), 422)).code).toBe('order.cancelled');
    const fraud = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'card', card: CARDS.success });
    await db().update(orders).set({ payment_status: 'fraud_suspected' }).where(eq(orders.id, fraud.id));
    expect((await answer(act.ship(fraud.id, 0), 422)).code).toBe('order.ship.fraud_suspected');
  });

  it("ships a social gift once its receiver gave the address, without the address in the sender's mail", async () => {
    const m = await member();
    const a = await p.product({ stock: 3 });
    const { token } = await (await p.shop.request('POST', '/v1/carts/init', { body: {} })).json();
    await patchOk(p, 'products/add', { token, product_id: a, quantity: 1 }, m.token);
    await patchOk(p, 'social/receiver', { token, is_social_gift: true, sender_name: '佐藤', message: 'おめでとう' }, m.token);
    await patchOk(
      p,
      'order/modify',
      {
        token,
        payment_id: p.payments.card,
        card_token: (
          await (
            await fetch(`${p.provider.url}/tokens`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: 'http://localhost:4321' },
              body: JSON.stringify({ key: PUBLIC_KEY, number: CARDS.success, expiry: '203012', code: '123', name: 'HANAKO SATO' }),
            })
          ).json()
        ).id,
      },
      m.token,
    );
    const decided = await (await p.shop.request('POST', `/v1/carts/${token}/decision`, { token: m.token, body: {} })).json();
    expect(await answer(act.ship(decided.order_id, 0), 422)).toMatchObject({ code: 'order.ship.gift_waiting' });
    const key = new URL(decided.social_gift_url).pathname.split('/').filter(Boolean).pop()!;
    const receiver = {
      last_name: '鈴木',
      first_name: '次郎',
      last_name_kana: 'スズキ',
      first_name_kana: 'ジロウ',
      postal_code: '150-0001',
      prefecture: '東京都',
      city: '渋谷区',
      address1: '神宮前9-8-7',
      address2: 'ギフト荘',
      phone_number: '09011112222',
    };
    expect(
      (
        await p.shop.request('PUT', `/v1/social-gifts/${key}`, {
          body: { shipping: receiver, delivery_date: null, delivery_timezone: null },
        })
      ).status,
    ).toBe(200);
    expect(await answer(act.ship(decided.order_id, 0, { carrier: 'other', tracking_no: 'AB-1234' }))).toMatchObject({
      status: 'shipped',
      payment_status: 'captured',
    });
    const [mail] = await mailsTo(m, 'order_shipped');
    expect(mail.body).toContain('ご注文のギフトを、お受け取りになる方へ発送いたしました。');
    expect(mail.body).toContain('■ お荷物の状況は配送業者へお問い合わせください。');
    expect(mail.body).not.toContain('神宮前');
    expect(mail.body).not.toContain('鈴木');
  });

  it('records nothing shipped when the capture fails (422 order.capture_failed), and ships on the next try', async () => {
    const m = await member();
    const a = await p.product({ stock: 3 });
    const o = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'card', card: CARDS.success });
    const down = createApp({
      db: db(),
      env: p.shop.envWith({
        PAYMENT_PROVIDER_URL: 'http://127.0.0.1:9',
        PAYMENT_PROVIDER_PUBLIC_KEY: PUBLIC_KEY,
        PAYMENT_PROVIDER_SECRET: SECRET,
      }),
    });
    const res = await down.request(`/admin/v1/orders/${o.id}/shipments/0/ship`, {
      method: 'POST',
      body: JSON.stringify({ carrier: 'yamato', tracking_no: '5555-6666-7777' }),
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Channel-Id': 'default',
        Authorization: `Bearer ${staff}`,
      },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'order.capture_failed',
      message: expect.stringMatching(/^売上確定に失敗しました（.+）。発送は記録していません。/),
    });
    expect(await orderRow(o.id)).toMatchObject({ status: 'ordered', payment_status: 'authorized' });
    expect(await chargeOf(o.id)).toMatchObject({
      status: 'authorized',
      claimed_at: null,
      captured_amount: 0,
      detail: expect.objectContaining({ last_error: expect.objectContaining({ action: 'capturing', code: 'unavailable' }) }),
    });
    expect(await db().select().from(order_shipments).where(eq(order_shipments.order_id, o.id))).toEqual([]);
    expect(await mailsTo(m, 'order_shipped')).toEqual([]);
    expect((await historyOf(o.id)).map((h) => h.action)).toEqual(['capture_failed']);
    expect(await balanceOf(m)).toBe(0);

    expect(await answer(act.ship(o.id, 0, { carrier: 'yamato', tracking_no: '5555-6666-7777' }))).toMatchObject({
      status: 'shipped',
      payment_status: 'captured',
    });
    expect((await chargeAtProvider(p, (await chargeOf(o.id)).provider_ref!)).calls.capture).toBe(1);
    expect((await chargeOf(o.id)).detail).not.toHaveProperty('last_error');
  });

  it("takes over a crashed shipment's stale claim: the capture is repeated (idempotent) before the next action", async () => {
    const m = await member();
    const o = await placeOrderFor(p, m, { lines: [[await p.product({ stock: 3 }), 1]], payment: 'card', card: CARDS.success });
    const c = await chargeOf(o.id);
    // A process died after claiming: a fresh claim makes others wait, a stale one is recovered.
    await db()
      .update(payment_transactions)
      .set({ status: 'capturing', claimed_at: new Date(), claim_amount: c.amount })
      .where(eq(payment_transactions.id, c.id));
    expect(await answer(act.ship(o.id, 0), 409)).toMatchObject({
      code: 'order.busy',
      message: '別の担当者が処理中です。しばらくしてから画面を更新してください。',
    });
    expect(await answer(act.cancel(o.id), 409)).toMatchObject({ code: 'order.busy' });
    expect((await p.shop.request('PUT', `/v1/me/orders/${o.id}/cancel`, { token: m.token, body: { cancel_reason: '不要' } })).status).toBe(
      409,
    );
    await db()
      .update(payment_transactions)
      .set({ claimed_at: new Date(Date.now() - 3 * 60_000) })
      .where(eq(payment_transactions.id, c.id));
    expect(await answer(act.ship(o.id, 0))).toMatchObject({ status: 'shipped', payment_status: 'captured' });
    expect(await chargeAtProvider(p, c.provider_ref!)).toMatchObject({ status: 'captured', calls: { capture: 1 } });
    expect(await chargeOf(o.id)).toMatchObject({ status: 'captured', claimed_at: null });
  });
});

describe('キャンセル POST /admin/v1/orders/{id}/cancel', () => {
  it("gives back stock, the coupon and the points as the member's own cancel does; a repeat changes nothing", async () => {
    const m = await member(1000);
    const a = await p.product({ price: 3000, stock: 10 });
    const b = await p.product({ price: 500, taxRate: 8, stock: 4 });
    const [coupon] = await db().select().from(coupons).where(eq(coupons.code, 'WELCOME500'));
    const o = await placeOrderFor(p, m, {
      lines: [
        [a, 2],
        [b, 3],
      ],
      payment: 'bank_transfer',
      before: async (token) => {
        await patchOk(p, 'coupons/add', { token, code: 'WELCOME500' }, m.token);
        await patchOk(p, 'point', { token, use_point: 300 }, m.token);
      },
    });
    expect([await stockOf(a), await stockOf(b), await balanceOf(m)]).toEqual([8, 1, 700]);
    expect(
      (await answer(p.shop.request('POST', `/admin/v1/orders/${o.id}/cancel`, { body: {}, token: staff }), 422)).errors.reason[0],
    ).toContain('キャンセル理由');
    expect((await answer(act.cancel(o.id, '理由', editor), 403)).code).toBe('auth.forbidden');
    expect((await answer(act.cancel(o.id, '理由', staff, 'school'), 404)).code).toBe('common.not_found');

    expect(await answer(act.cancel(o.id, 'お客様のご都合（電話にて）'))).toMatchObject({
      status: 'cancelled',
      payment_status: 'cancelled',
      message: 'キャンセルしました。',
    });
    expect([await stockOf(a), await stockOf(b), await balanceOf(m)]).toEqual([10, 4, 1000]);
    await expectLedgerHolds(m);
    const [use] = await db()
      .select()
      .from(user_coupons)
      .where(and(eq(user_coupons.user_id, m.id), eq(user_coupons.coupon_id, coupon.id)));
    expect(use?.used_at ?? null).toBeNull();
    expect(await orderRow(o.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'お客様のご都合（電話にて）' });
    const [mail] = await mailsTo(m, 'order_cancellation');
    expect(mail.body).toContain('■ キャンセル理由：お客様のご都合（電話にて）');
    expect(mail.body).toContain('お振込・お支払いは不要です');
    expect((await historyOf(o.id)).at(-1)).toMatchObject({
      action: 'cancel',
      editor_name: DEV_STAFF.displayName,
      message: 'キャンセルしました（理由：お客様のご都合（電話にて））',
    });
    const [audit] = await auditOf(o.id, 'order.cancel');
    expect(audit).toMatchObject({
      before: { status: 'ordered', payment_status: 'pending' },
      after: { status: 'cancelled', payment_status: 'cancelled', returned_point: 300, coupons: 1 },
    });

    expect(await answer(act.cancel(o.id, 'もう一度'))).toMatchObject({
      status: 'cancelled',
      message: 'このご注文はすでにキャンセルされています。',
    });
    expect([await stockOf(a), await balanceOf(m)]).toEqual([10, 1000]);
    expect(await mailsTo(m, 'order_cancellation')).toHaveLength(1);
    expect(await auditOf(o.id, 'order.cancel')).toHaveLength(1);
  });

  it('voids an authorised card and refunds a captured one (after shipping: a return), once each', async () => {
    const m = await member();
    const a = await p.product({ price: 8000, stock: 5 });
    const authorised = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'card', card: CARDS.success });
    const ref1 = (await chargeOf(authorised.id)).provider_ref!;
    expect(await answer(act.cancel(authorised.id))).toMatchObject({
      status: 'cancelled',
      payment_status: 'cancelled',
      message: 'キャンセルしました。カードの与信を取り消しました。',
    });
    expect(await chargeAtProvider(p, ref1)).toMatchObject({ status: 'voided', calls: { void: 1, refund: 0 } });
    expect(await chargeOf(authorised.id)).toMatchObject({ status: 'voided' });

    const shipped = await placeOrderFor(p, m, { lines: [[a, 2]], payment: 'card', card: CARDS.success });
    const placed = await orderRow(shipped.id);
    await answer(act.ship(shipped.id, 0));
    expect(await balanceOf(m)).toBe(placed.earned_point);
    expect(await stockOf(a)).toBe(3);
    const returned = await answer(act.cancel(shipped.id, '返品（商品破損）'));
    const total = `¥${placed.total_payment.toLocaleString('ja-JP')}`;
    expect(returned).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      message: `キャンセルしました。カードの売上${total}を返金しました。`,
    });
    const ref2 = (await chargeOf(shipped.id)).provider_ref!;
    expect(await chargeAtProvider(p, ref2)).toMatchObject({
      status: 'refunded',
      captured_amount: placed.total_payment,
      refunded_amount: placed.total_payment,
      calls: { capture: 1, refund: 1, void: 0 },
    });
    expect(await chargeOf(shipped.id)).toMatchObject({ status: 'refunded', refunded_amount: placed.total_payment });
    expect(await stockOf(a)).toBe(5);
    expect(await balanceOf(m)).toBe(0);
    await expectLedgerHolds(m);
    expect((await mailsTo(m, 'order_cancellation')).at(-1)!.body).toContain('カード会社を通じてご返金します');
    expect((await historyOf(shipped.id)).at(-1)).toMatchObject({
      action: 'cancel',
      message: `キャンセルしました（理由：返品（商品破損））。カードの売上${total}を返金します`,
    });
    // A repeat refunds nothing more.
    expect(await answer(act.cancel(shipped.id))).toMatchObject({
      payment_status: 'refunded',
      message: 'このご注文はすでにキャンセルされています。',
    });
    expect((await chargeAtProvider(p, ref2)).calls.refund).toBe(1);
  });

  it('a refund the provider could not make stays pending for the member and is retried by a repeat', async () => {
    const m = await member();
    const o = await placeOrderFor(p, m, { lines: [[await p.product({ stock: 3 }), 1]], payment: 'card', card: CARDS.success });
    await answer(act.ship(o.id, 0));
    const down = createApp({
      db: db(),
      env: p.shop.envWith({
        PAYMENT_PROVIDER_URL: 'http://127.0.0.1:9',
        PAYMENT_PROVIDER_PUBLIC_KEY: PUBLIC_KEY,
        PAYMENT_PROVIDER_SECRET: SECRET,
      }),
    });
    const res = await down.request(`/admin/v1/orders/${o.id}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ reason: '返品' }),
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Channel-Id': 'default',
        Authorization: `Bearer ${staff}`,
      },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toMatch(
      /^キャンセルしました。カードの返金に失敗しました（.+）。決済代行会社の管理画面で状態を確認し、もう一度キャンセルを実行してください。$/,
    );
    expect(await chargeOf(o.id)).toMatchObject({ status: 'refund_failed', refunded_amount: 0 });
    const seen = await (await p.shop.request('GET', `/v1/me/orders/${o.id}`, { token: m.token })).json();
    expect(seen).toMatchObject({ status: 'cancelled', payment_status: 'captured', cancel_only_ecd_key: 'payment_refund_pending' });
    expect((await historyOf(o.id)).map((h) => h.action)).toEqual(['ship', 'cancel', 'payment_failed']);

    expect(await answer(act.cancel(o.id, '返金の再実行'))).toMatchObject({
      payment_status: 'refunded',
      message: expect.stringContaining('を返金しました。'),
    });
    expect((await chargeAtProvider(p, (await chargeOf(o.id)).provider_ref!)).calls.refund).toBe(1);
    expect((await (await p.shop.request('GET', `/v1/me/orders/${o.id}`, { token: m.token })).json()).cancel_only_ecd_key).toBeNull();
    expect((await historyOf(o.id)).map((h) => h.action)).toEqual(['ship', 'cancel', 'payment_failed', 'cancel_retry']);
  });

  it('a bank transfer paid already is flagged for a refund by hand, in the history and the mail', async () => {
    const m = await member();
    const o = await placeOrderFor(p, m, { lines: [[await p.product({ price: 5000, stock: 3 }), 1]], payment: 'bank_transfer' });
    await answer(act.paid(o.id));
    const { total_payment } = await orderRow(o.id);
    const yen = `¥${total_payment.toLocaleString('ja-JP')}`;
    expect(await answer(act.cancel(o.id, 'お客様のご都合'))).toMatchObject({
      status: 'cancelled',
      payment_status: 'paid',
      message: `キャンセルしました。入金済みの${yen}はお客様へ別途ご返金ください。`,
    });
    expect((await orderRow(o.id)).others).toMatchObject({ manual_refund: { amount: total_payment } });
    expect((await historyOf(o.id)).at(-1)!.message).toBe(
      `キャンセルしました（理由：お客様のご都合）。入金済みの${yen}は別途返金が必要です`,
    );
    expect((await mailsTo(m, 'order_cancellation'))[0].body).toContain('お支払いいただいた代金のご返金については別途ご連絡いたします。');
    expect(await balanceOf(m)).toBe(0);
    await expectLedgerHolds(m);
  });
});

describe('the admin OpenAPI document', () => {
  it('lists the four actions with their errors, and no whole-order ship any more', async () => {
    const doc = await (await p.shop.request('GET', '/admin/v1/openapi.json', { token: staff })).json();
    for (const path of ['/orders/{id}/paid', '/orders/{id}/shipments/{index}/ship', '/orders/{id}/cancel', '/orders/{id}/amount']) {
      expect(doc.paths[path]?.post?.responses, path).toHaveProperty('409');
    }
    expect(doc.paths['/orders/{id}/ship']).toBeUndefined();
    const stray = await p.shop.request('POST', '/admin/v1/orders/1/ship', {
      token: staff,
      body: { carrier: 'yamato', tracking_no: '1234-5678' },
    });
    expect(stray.status).toBe(404);
  });
});
