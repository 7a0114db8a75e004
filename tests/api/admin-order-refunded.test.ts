/**
 * 返金済み POST /admin/v1/orders/{id}/refunded (issue 22 item 2): a bank transfer paid, then cancelled,
 * leaves its payment to refund by hand (others.manual_refund, the detail's warning); staff record the
 * refund: the warning and can_mark_refunded go, payment_status becomes refunded, one history line
 * with the staff member's name and one audit entry; a repeat changes nothing; a card order, an
 * uncancelled order, a long memo, an editor and another channel are refused.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_histories, orders, staff_audit_log } from '../../api/src/db/schema/index.ts';
import { DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import {
  actionAnswer,
  adminLogin,
  CARDS,
  createPaymentShop,
  newMember,
  orderActions,
  type PaymentShop,
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
const refunded = (id: number, body?: unknown, as: string = staff, channel?: string) =>
  p.shop.request('POST', `/admin/v1/orders/${id}/refunded`, { body, token: as, ...(channel ? { channel } : {}) });
const answer = actionAnswer;
const detail = async (id: number) => (await p.shop.request('GET', `/admin/v1/orders/${id}`, { token: staff })).json();
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const historyOf = (id: number) => db().select().from(order_histories).where(eq(order_histories.order_id, id)).orderBy(order_histories.id);
const auditOf = (id: number) =>
  db()
    .select()
    .from(staff_audit_log)
    .where(
      and(
        eq(staff_audit_log.target_type, 'order'),
        eq(staff_audit_log.target_id, String(id)),
        eq(staff_audit_log.action, 'order.refunded'),
      ),
    );

describe('返金済み POST /admin/v1/orders/{id}/refunded', () => {
  it('records the refund of a cancelled bank transfer paid already, once', async () => {
    const m = await newMember(p);
    const o = await placeOrderFor(p, m, { lines: [[await p.product({ price: 5000, stock: 3 }), 1]], payment: 'bank_transfer' });
    await answer(act.paid(o.id));
    await answer(act.cancel(o.id, 'お客様のご都合'));
    const { total_payment } = await orderRow(o.id);
    const yen = `¥${total_payment.toLocaleString('ja-JP')}`;
    const before = await detail(o.id);
    expect(before.warnings).toEqual([`お支払い済みの${yen}は自動では返金されません。お客様へ別途ご返金ください。`]);
    expect(before.actions).toMatchObject({ can_mark_refunded: true, can_cancel: false, can_pay: false });

    expect(await answer(refunded(o.id, { reason: '12/3 ゆうちょ銀行へ振込' }))).toMatchObject({
      id: o.id,
      status: 'cancelled',
      payment_status: 'refunded',
      granted_point: 0,
      message: `返金済みにしました（${yen}）。`,
    });
    const row = await orderRow(o.id);
    expect(row.payment_status).toBe('refunded');
    expect(row.others).toMatchObject({
      manual_refund: {
        amount: total_payment,
        refunded_at: expect.any(String),
        refunded_by: { name: DEV_STAFF.displayName },
        memo: '12/3 ゆうちょ銀行へ振込',
      },
    });
    const after = await detail(o.id);
    expect(after.warnings).toEqual([]);
    expect(after).toMatchObject({ payment: { status: 'refunded', status_label: '返金済み' }, actions: { can_mark_refunded: false } });
    expect(after.history[0]).toMatchObject({
      action: 'refunded',
      by: 'staff',
      editor_name: DEV_STAFF.displayName,
      message: `返金済みにしました（${yen}）：12/3 ゆうちょ銀行へ振込`,
    });
    const [audit, ...more] = await auditOf(o.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      editor_login: DEV_STAFF.login,
      before: { order_no: o.no, status: 'cancelled', payment_status: 'paid', manual_refund: { amount: total_payment } },
      after: { payment_status: 'refunded', manual_refund: { amount: total_payment, refunded_at: expect.any(String) } },
    });

    // A repeat (no body at all) changes nothing.
    expect(await answer(refunded(o.id))).toMatchObject({ payment_status: 'refunded', message: 'すでに返金済みです。' });
    expect((await historyOf(o.id)).filter((h) => h.action === 'refunded')).toHaveLength(1);
    expect(await auditOf(o.id)).toHaveLength(1);
    expect((await orderRow(o.id)).others).toEqual(row.others);
  });

  it('refuses a card order, an uncancelled or unpaid order, a long memo, an editor and another channel', async () => {
    const m = await newMember(p);
    const a = await p.product({ price: 3000, stock: 10 });
    const notApplicable = { code: 'order.refunded.not_applicable', message: expect.stringMatching(/^返金済みにできるのは/) };
    const card = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'card', card: CARDS.success });
    await answer(act.cancel(card.id));
    expect(await answer(refunded(card.id), 422)).toMatchObject(notApplicable);
    const paid = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'bank_transfer' });
    await answer(act.paid(paid.id));
    expect(await answer(refunded(paid.id), 422)).toMatchObject(notApplicable);
    const unpaid = await placeOrderFor(p, m, { lines: [[a, 1]], payment: 'bank_transfer' });
    await answer(act.cancel(unpaid.id));
    expect(await answer(refunded(unpaid.id), 422)).toMatchObject(notApplicable);
    expect((await detail(unpaid.id)).actions.can_mark_refunded).toBe(false);

    await answer(act.cancel(paid.id));
    expect(await answer(refunded(paid.id, { reason: 'あ'.repeat(201) }), 422)).toMatchObject({
      code: 'common.validation',
      errors: { reason: [expect.stringContaining('返金メモ')] },
    });
    expect(await answer(refunded(paid.id, {}, editor), 403)).toMatchObject({ code: 'auth.forbidden' });
    expect(await answer(refunded(paid.id, {}, staff, 'school'), 404)).toMatchObject({ code: 'common.not_found' });
    expect((await orderRow(paid.id)).payment_status).toBe('paid');
    expect(await auditOf(paid.id)).toHaveLength(0);
    expect(await answer(refunded(paid.id, {}))).toMatchObject({ payment_status: 'refunded' });
  });

  it('is in the OpenAPI document', async () => {
    const doc = await (await p.shop.request('GET', '/admin/v1/openapi.json', { token: staff })).json();
    expect(doc.paths['/orders/{id}/refunded']?.post?.responses).toHaveProperty('422');
  });
});
