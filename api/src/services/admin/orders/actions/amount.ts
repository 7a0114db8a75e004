/**
 * 金額変更 before shipping (POST /admin/v1/orders/{id}/amount): line quantities (0 removes a line)
 * and/or the shop's 値引き, the order re-priced (amount-plan.ts), stock, lines, totals and points
 * written (amount-apply.ts), the customer mailed the new total, the history and the audit written,
 * one transaction with the order row locked.
 *
 * A card order whose total changes is re-authorised through the provider first, outside any lock:
 * tx1 claims the charge (reauthorizing, the new amount) and commits; changeAmount runs (an increase
 * is a new authorisation the card company may decline: then 422 order.amount.declined and nothing
 * changed); tx2 settles it and writes the change. If tx2 fails (the stock went meanwhile), the
 * provider is put back to the order's amount before the error is answered.
 */
import { eq } from 'drizzle-orm';
import type { AmountChangeRequest, OrderActionResult } from '#contracts/admin-order-actions.ts';
import type { Tx } from '../../../../db/client.ts';
import { orders } from '../../../../db/schema/index.ts';
import { queueMail, siteName, yen } from '../../../mail/index.ts';
import { customerEmailOf, customerNameOf } from '../../../orders/cancel-mail.ts';
import { busy, type ChargeRow, claimCharge } from '../../../orders/charge.ts';
import { runClaim, settleClaim, withRecovery } from '../../../orders/charge-calls.ts';
import { actionResult } from '../../../orders/fulfil.ts';
import { addOrderHistory } from '../../../orders/history.ts';
import { movePoints, moveStock, orderTotals, writeLines } from './amount-apply.ts';
import { type AmountReady, prepareAmount } from './amount-check.ts';
import { amountMailText } from './amount-mail.ts';
import { amountErrors } from './errors.ts';
import { type ActionScope, auditOrder, staffOf } from './scope.ts';

const lockById = (tx: Tx, orderId: number) => tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');

export async function changeOrderAmount(s: ActionScope, orderId: number, req: AmountChangeRequest): Promise<OrderActionResult> {
  return withRecovery(s.db, s.env, orderId, async () => {
    const first: { answer?: OrderActionResult; claim?: ChargeRow } = await s.db.transaction(async (tx) => {
      const ready = await prepareAmount(tx, s, orderId, req);
      if ('answer' in ready) return ready;
      const total = ready.plan.pricing.order.total_payment;
      if (ready.charge && total !== ready.charge.amount) return { claim: await claimCharge(tx, ready.charge, 'reauthorizing', total) };
      return { answer: await writeAmount(tx, s, ready, req) };
    });
    if (first.answer) return first.answer;
    const claim = first.claim!;
    const r = await runClaim(s.env, claim);
    if (!r.ok) {
      await s.db.transaction(async (tx) => {
        await lockById(tx, orderId);
        await settleClaim(tx, claim, r);
        await addOrderHistory(tx, orderId, staffOf(s), {
          action: 'amount_failed',
          message: `金額変更のカード与信が通りませんでした（${yen(claim.amount)} → ${yen(claim.claim_amount ?? 0)}：${r.reason}）`,
          detail: { code: r.code ?? null },
        });
      });
      throw r.code === 'declined' ? amountErrors.declined(r.reason) : amountErrors.unavailable(r.reason);
    }
    try {
      return await s.db.transaction(async (tx) => {
        await lockById(tx, orderId);
        if (!(await settleClaim(tx, claim, r))) throw busy();
        const ready = await prepareAmount(tx, s, orderId, req);
        if ('answer' in ready || ready.plan.pricing.order.total_payment !== claim.claim_amount) throw amountErrors.conflict();
        return writeAmount(tx, s, ready, req);
      });
    } catch (err) {
      // The provider holds the new amount, the order still the old one: put the provider back.
      await s.db.transaction(async (tx) => {
        await lockById(tx, orderId);
        await settleClaim(tx, claim, await runClaim(s.env, claim, true), true);
      });
      throw err;
    }
  });
}

async function writeAmount(
  tx: Tx,
  s: ActionScope,
  ready: AmountReady,
  req: AmountChangeRequest,
  now = new Date(),
): Promise<OrderActionResult> {
  const { order, plan } = ready;
  await moveStock(tx, plan, s.env.SITE_URL, now);
  await writeLines(tx, plan);
  const earned = await movePoints(tx, order, plan, now);
  const totals = orderTotals(plan, order);
  await tx
    .update(orders)
    .set({ ...totals, earned_point: earned })
    .where(eq(orders.id, order.id));

  const to = customerEmailOf(order.customer);
  if (to) {
    const text = amountMailText({
      shop: await siteName(tx, order.channel_id, s.channel.name),
      customerName: customerNameOf(order.customer),
      orderNo: order.order_no,
      orderedAt: order.created_at,
      paymentName: order.payment_name,
      paymentCode: ready.code,
      before: order.total_payment,
      plan,
      reason: req.reason,
      at: now,
    });
    await queueMail(tx, { channelId: order.channel_id, to, template: 'order_amount_changed', ...text });
  }
  const lines = [
    ...plan.kept
      .filter((k) => k.quantity !== k.line.quantity)
      .map((k) => ({ item_id: k.line.id, name: k.line.name, from: k.line.quantity, to: k.quantity })),
    ...plan.removed.map((l) => ({ item_id: l.id, name: l.name, from: l.quantity, to: 0 })),
  ];
  const before = {
    total_payment: order.total_payment,
    shop_discount: order.shop_discount,
    use_point: order.use_point,
    earned_point: order.earned_point,
  };
  const after = { total_payment: totals.total_payment, shop_discount: plan.shopDiscount, use_point: plan.usePoint, earned_point: earned };
  await addOrderHistory(
    tx,
    order.id,
    staffOf(s),
    {
      action: 'amount',
      message: `金額を変更しました（${yen(order.total_payment)} → ${yen(totals.total_payment)}、理由：${req.reason.replace(/\s+/g, ' ').slice(0, 100)}）`,
      detail: { reason: req.reason, lines, before, after, returned_point: plan.returnedPoint },
    },
    now,
  );
  await auditOrder(
    tx,
    s,
    order,
    'order.amount',
    { ...before, status: order.status, payment_status: order.payment_status },
    { ...after, status: order.status, payment_status: order.payment_status, lines, reason: req.reason },
  );
  return actionResult({ ...order, total_payment: totals.total_payment }, 0, '金額を変更しました。');
}
