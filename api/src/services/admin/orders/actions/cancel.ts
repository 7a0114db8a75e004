/**
 * キャンセル by staff (POST /admin/v1/orders/{id}/cancel), before or after shipping (a return): the
 * member's cancellation core (services/orders/cancel-core.ts: stock, coupon and points back, the
 * gift link closed, the mail, the history) plus the audit entry, one transaction with the order row
 * locked; then the card authorisation voided, or the captured amount refunded, after the commit.
 *
 * Repeating it changes nothing (200, 「すでにキャンセルされています」) — except that a cancelled
 * order whose void or refund failed (void_failed / refund_failed) gets the call made again: a repeat
 * is how staff retry it, and the provider's idempotency (the refund's key) keeps it from paying twice.
 */
import type { OrderActionResult } from '#contracts/admin-order-actions.ts';
import type { Tx } from '../../../../db/client.ts';
import { yen } from '../../../mail/index.ts';
import { cancelCore, claimCancelCharge, settleCancelledCharge } from '../../../orders/cancel-core.ts';
import { assertNoClaim, type ChargeRow, orderCharge } from '../../../orders/charge.ts';
import { withRecovery } from '../../../orders/charge-calls.ts';
import { actionResult } from '../../../orders/fulfil.ts';
import { addOrderHistory } from '../../../orders/history.ts';
import type { OrderRow } from '../../../orders/index.ts';
import { type ActionScope, auditOrder, auditPicture, lockOrder, staffOf } from './scope.ts';

interface Cancelled {
  order: OrderRow;
  charge: ChargeRow | null;
  message: string;
  retry: boolean;
}

export async function cancelByStaff(s: ActionScope, orderId: number, reason: string, now = new Date()): Promise<OrderActionResult> {
  const done = await withRecovery(s.db, s.env, orderId, () => s.db.transaction((tx) => cancelLocked(tx, s, orderId, reason, now)));
  if (!done.charge) return actionResult(done.order, 0, done.message);
  const r = await settleCancelledCharge(s.db, s.env, done.charge, staffOf(s));
  const refund = done.charge.status === 'refunding';
  const payment_status = r.ok ? (refund ? 'refunded' : 'cancelled') : done.order.payment_status;
  const money = r.ok
    ? refund
      ? `カードの売上${yen(done.charge.claim_amount ?? 0)}を返金しました。`
      : 'カードの与信を取り消しました。'
    : `${refund ? 'カードの返金' : 'カードの与信取消'}に失敗しました（${r.reason}）。決済代行会社の管理画面で状態を確認し、もう一度キャンセルを実行してください。`;
  return actionResult({ ...done.order, payment_status }, 0, `${done.retry ? '' : done.message}${money}`);
}

async function cancelLocked(tx: Tx, s: ActionScope, orderId: number, reason: string, now: Date): Promise<Cancelled> {
  const order = await lockOrder(tx, s, orderId);
  const charge = await orderCharge(tx, order.id);
  assertNoClaim(charge);
  if (order.status === 'cancelled') {
    // A void or refund that failed before: claimed again, made after the commit.
    const again = charge && ['void_failed', 'refund_failed'].includes(charge.status) ? await claimCancelCharge(tx, charge, now) : null;
    if (!again?.charge) return { order, charge: null, message: 'このご注文はすでにキャンセルされています。', retry: false };
    await addOrderHistory(
      tx,
      order.id,
      staffOf(s),
      { action: 'cancel_retry', message: `${again.money === 'refund' ? 'カードの返金' : 'カードの与信取消'}を再実行します`, detail: {} },
      now,
    );
    await auditOrder(
      tx,
      s,
      order,
      'order.cancel',
      auditPicture(order, { charge: charge!.status }),
      auditPicture(order, { charge: again.charge.status, retry: true }),
    );
    return { order, charge: again.charge, message: '', retry: true };
  }
  const out = await cancelCore(tx, order, reason, staffOf(s), { siteUrl: s.env.SITE_URL, channelName: s.channel.name, now });
  const after = { ...order, status: 'cancelled', payment_status: out.charge || out.manualRefund ? order.payment_status : 'cancelled' };
  await auditOrder(
    tx,
    s,
    order,
    'order.cancel',
    auditPicture(order),
    auditPicture(after, {
      reason,
      money: out.money,
      manual_refund: out.manualRefund,
      returned_point: out.benefits.returned_point,
      revoked_point: out.benefits.revoked_point,
      coupons: out.benefits.coupons,
    }),
  );
  const manual = out.manualRefund ? `入金済みの${yen(out.manualRefund)}はお客様へ別途ご返金ください。` : '';
  return { order: after, charge: out.charge, message: `キャンセルしました。${manual}`, retry: false };
}
