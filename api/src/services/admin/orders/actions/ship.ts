/**
 * 発送 of one delivery (POST /admin/v1/orders/{id}/shipments/{index}/ship): the shipment recorded
 * (order_shipments, one per delivery), the order shipped from its first shipment on (the member can
 * no longer cancel it), 代金引換 marked paid (the carrier collects on delivery), the pending points
 * granted, the shipping e-mail queued, the history and the audit written — one transaction, the order
 * row locked first.
 *
 * A card order's first shipment captures the authorisation, the provider's call outside any lock:
 * tx1 claims the charge (capturing) and commits; the capture runs; tx2 settles it and records the
 * shipment. Another staff member arriving meanwhile gets 409 (order.busy), so the order is captured
 * once and shipped once. A failed capture puts the charge back to authorized, records nothing shipped
 * and answers 422 order.capture_failed.
 */
import { eq } from 'drizzle-orm';
import { CARRIERS, type OrderActionResult, type ShipRequest } from '#contracts/admin-order-actions.ts';
import type { Tx } from '../../../../db/client.ts';
import { order_shipments, orders } from '../../../../db/schema/index.ts';
import { queueMail, siteName, yen } from '../../../mail/index.ts';
import { customerEmailOf, customerNameOf } from '../../../orders/cancel-mail.ts';
import { busy, type ChargeRow, claimCharge } from '../../../orders/charge.ts';
import { runClaim, settleClaim, withRecovery } from '../../../orders/charge-calls.ts';
import { actionResult } from '../../../orders/fulfil.ts';
import { addOrderHistory } from '../../../orders/history.ts';
import { grantOrderPoints } from '../../../points/grant.ts';
import { shipErrors } from './errors.ts';
import { type ActionScope, auditOrder, auditPicture, staffOf } from './scope.ts';
import { checkShip, type ShipCheck } from './ship-check.ts';
import { shipMailText } from './ship-mail.ts';

export async function shipDelivery(s: ActionScope, orderId: number, index: number, req: ShipRequest): Promise<OrderActionResult> {
  return withRecovery(s.db, s.env, orderId, async () => {
    const first: { answer?: OrderActionResult; claim?: ChargeRow } = await s.db.transaction(async (tx) => {
      const c = await checkShip(tx, s, orderId, index, req);
      if ('noop' in c) return { answer: c.noop };
      if (c.charge?.status === 'authorized') return { claim: await claimCharge(tx, c.charge, 'capturing', c.order.total_payment) };
      return { answer: await recordShipment(tx, s, c, req, 0) };
    });
    if (first.answer) return first.answer;
    const claim = first.claim!;
    const r = await runClaim(s.env, claim);
    if (!r.ok) {
      await s.db.transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
        await settleClaim(tx, claim, r);
        await addOrderHistory(tx, orderId, staffOf(s), {
          action: 'capture_failed',
          message: `売上確定に失敗しました（${r.reason}）`,
          detail: { code: r.code ?? null, shipping_index: index },
        });
      });
      throw shipErrors.captureFailed(r.reason);
    }
    try {
      return await s.db.transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
        if (!(await settleClaim(tx, claim, r))) throw busy();
        const c = await checkShip(tx, s, orderId, index, req);
        if ('noop' in c) return c.noop;
        return recordShipment(tx, s, c, req, claim.claim_amount ?? 0);
      });
    } catch (err) {
      // The money was captured: record that much even though the shipment could not be.
      await s.db.transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
        await settleClaim(tx, claim, r);
      });
      throw err;
    }
  });
}

/** Records the shipment of the checked delivery; `captured`: the yen this shipment's capture took (0: none). */
async function recordShipment(
  tx: Tx,
  s: ActionScope,
  c: ShipCheck,
  req: ShipRequest,
  captured: number,
  now = new Date(),
): Promise<OrderActionResult> {
  const { order } = c;
  const staff = staffOf(s);
  const [row] = await tx
    .insert(order_shipments)
    .values({
      order_id: order.id,
      shipping_index: c.index,
      carrier: req.carrier,
      tracking_no: req.tracking_no,
      shipped_at: now,
      editor_id: s.actor.id,
      editor_name: s.actor.name,
    })
    .onConflictDoNothing()
    .returning({ id: order_shipments.id });
  if (!row) throw busy();
  const codPaid = c.code === 'cod' && order.payment_status === 'pending';
  const next = { ...order, status: 'shipped', payment_status: codPaid ? 'paid' : order.payment_status };
  await tx
    .update(orders)
    .set({
      status: 'shipped',
      ...(codPaid
        ? { payment_status: 'paid', payment_detail: { ...(order.payment_detail as Record<string, unknown>), paid_at: now.toISOString() } }
        : {}),
    })
    .where(eq(orders.id, order.id));
  const granted = await grantOrderPoints(tx, order.id, now);

  const to = customerEmailOf(order.customer);
  if (to) {
    const text = shipMailText({
      shop: await siteName(tx, order.channel_id, s.channel.name),
      customerName: customerNameOf(order.customer),
      orderNo: order.order_no,
      orderedAt: order.created_at,
      shippedAt: now,
      carrier: req.carrier,
      trackingNo: req.tracking_no,
      delivery: c.delivery,
      isGift: order.is_social_gift,
      lines: c.lines,
      label: c.deliveries > 1 ? `お届け先${c.index + 1}` : null,
    });
    await queueMail(tx, { channelId: order.channel_id, to, template: 'order_shipped', ...text });
  }
  const notes = [
    captured ? `カード売上${yen(captured)}確定` : '',
    codPaid ? '代金引換：お届け時払い' : '',
    granted ? `${granted.toLocaleString('ja-JP')}ポイント付与` : '',
  ].filter(Boolean);
  await addOrderHistory(
    tx,
    order.id,
    staff,
    {
      action: 'ship',
      message: `${c.deliveries > 1 ? `お届け先${c.index + 1}を` : ''}発送しました（${CARRIERS[req.carrier].name} ${req.tracking_no}）${notes.length ? `。${notes.join('、')}` : ''}`,
      detail: { shipping_index: c.index, carrier: req.carrier, tracking_no: req.tracking_no, captured, granted_point: granted },
    },
    now,
  );
  const shipment = { shipping_index: c.index, carrier: req.carrier, tracking_no: req.tracking_no };
  // Before the action: the authorisation this shipment captured (settled a moment ago in this transaction).
  const before = auditPicture({ ...order, payment_status: captured ? 'authorized' : order.payment_status });
  await auditOrder(tx, s, order, 'order.ship', before, auditPicture(next, { shipment, captured, granted_point: granted }));
  return actionResult(next, granted, '発送しました。');
}
