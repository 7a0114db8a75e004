/**
 * 入金確認: an order paid by bank transfer, konbini or 後払い becomes paid (payment_status pending →
 * paid) and the points earned on it, pending until then, are granted (points/grant.ts). The staff's
 * POST /admin/v1/orders/{id}/paid (services/admin/orders/actions/paid.ts) and a payment service's
 * "paid" notice (markOrderPaid) share confirmPaymentLocked, which runs under the order's row lock,
 * taken before the member's as the cancellation takes them, so a payment, a shipment and a
 * cancellation of one order run one after the other: the points are granted once, or dropped once.
 * A card is paid by its capture at the first shipment and 代引 on delivery (recorded at shipment), so
 * neither is confirmed here. Repeating a confirmation changes nothing (granted 0).
 */
import { and, eq } from 'drizzle-orm';
import type { OrderActionResult } from '#contracts/admin-order-actions.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orders, payment_methods } from '../../db/schema/index.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { grantOrderPoints } from '../points/grant.ts';
import { type ActedBy, addOrderHistory } from './history.ts';
import type { OrderRow } from './index.ts';

/** The methods whose payment the shop confirms by hand. */
export const CONFIRMED_BY_HAND = new Set(['bank_transfer', 'konbini', 'deferred']);
/** The methods paid before shipping (前払い): never shipped unpaid. */
export const PAID_BEFORE_SHIPPING = new Set(['bank_transfer', 'konbini']);

export const fulfilErrors = {
  cancelled: () => unprocessable('このご注文はキャンセルされています。', 'order.cancelled'),
  notByHand: (code: string, name: string) =>
    unprocessable(
      `${name}のご注文は入金確認の対象外です。${
        code === 'card'
          ? '最初の発送時にカードの売上が確定します。'
          : code === 'cod'
            ? '発送時にお支払い済み（お届け時の代金引換）になります。'
            : ''
      }`,
      'order.paid.not_applicable',
    ),
  state: (status: string) => unprocessable(`お支払い状況が「${status}」のため入金確認できません。`, 'order.paid.invalid_state'),
};

/** The code of the order's payment method (bank_transfer, card, …). */
export async function paymentCodeOf(conn: Db | Tx, paymentId: number): Promise<string> {
  const [row] = await conn.select({ code: payment_methods.code }).from(payment_methods).where(eq(payment_methods.id, paymentId)).limit(1);
  return row?.code ?? '';
}

export interface Confirmed {
  changed: boolean;
  granted: number;
  order: OrderRow;
}

/** Confirms the locked order's payment; refuses a cancelled order, a card or 代引, a payment in another state. */
export async function confirmPaymentLocked(tx: Tx, order: OrderRow, by: ActedBy, now = new Date()): Promise<Confirmed> {
  if (order.status === 'cancelled') throw fulfilErrors.cancelled();
  const code = await paymentCodeOf(tx, order.payment_id);
  if (!CONFIRMED_BY_HAND.has(code)) throw fulfilErrors.notByHand(code, order.payment_name);
  if (order.payment_status === 'paid') return { changed: false, granted: await grantOrderPoints(tx, order.id, now), order };
  if (order.payment_status !== 'pending') throw fulfilErrors.state(order.payment_status);
  const detail = { ...(order.payment_detail as Record<string, unknown>), paid_at: now.toISOString() };
  await tx.update(orders).set({ payment_status: 'paid', payment_detail: detail }).where(eq(orders.id, order.id));
  const granted = await grantOrderPoints(tx, order.id, now);
  await addOrderHistory(
    tx,
    order.id,
    by,
    {
      action: 'paid',
      message: `入金を確認しました${granted ? `（${granted.toLocaleString('ja-JP')}ポイント付与）` : ''}`,
      detail: { granted_point: granted },
    },
    now,
  );
  return { changed: true, granted, order: { ...order, payment_status: 'paid', payment_detail: detail } };
}

/** The answer of an order action. */
export const actionResult = (
  o: Pick<OrderRow, 'id' | 'order_no' | 'status' | 'payment_status' | 'total_payment'>,
  granted: number,
  message: string,
): OrderActionResult => ({
  id: o.id,
  order_no: o.order_no,
  status: o.status,
  payment_status: o.payment_status,
  total_payment: o.total_payment,
  granted_point: granted,
  message,
});

/** A payment service's "paid" notice (and tests): the channel's order confirmed paid by the shop itself. */
export async function markOrderPaid(db: Db, channelId: string, orderId: number, now = new Date()): Promise<OrderActionResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.channel_id, channelId)))
      .for('update');
    if (!order) throw notFound('ご注文');
    const done = await confirmPaymentLocked(tx, order, { kind: 'system' }, now);
    return actionResult(done.order, done.granted, done.changed ? '入金を確認しました。' : 'すでに入金確認済みです。');
  });
}
