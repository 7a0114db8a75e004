/**
 * What a shipment of one delivery needs, checked under the order's row lock: the order not
 * cancelled, the delivery there (a social gift's once its receiver gave the address: orders.shippings[0]),
 * lines to ship in it, the payment allowing it, and whether it was shipped already. A delivery shipped
 * with the same carrier and 伝票番号 is a repeat (answered as it is, nothing changes); with others, 409.
 *
 * Payment rules, as a Japanese shop ships: 銀行振込 and コンビニ払い are paid before shipping (前払い),
 * so a pending one is refused; 代金引換 and 後払い ship unpaid (paid on delivery / invoiced after);
 * a card ships once its authorisation can be captured (the first shipment captures it); a payment
 * under fraud review is held.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { DeliveryAddress } from '#contracts/addresses.ts';
import type { OrderActionResult, ShipRequest } from '#contracts/admin-order-actions.ts';
import type { Tx } from '../../../../db/client.ts';
import { order_items, order_shipments } from '../../../../db/schema/index.ts';
import { notFound } from '../../../../lib/errors.ts';
import { assertNoClaim, type ChargeRow, orderCharge } from '../../../orders/charge.ts';
import { actionResult, fulfilErrors, PAID_BEFORE_SHIPPING, paymentCodeOf } from '../../../orders/fulfil.ts';
import type { OrderItemRow, OrderRow } from '../../../orders/index.ts';
import { shipErrors } from './errors.ts';
import { type ActionScope, lockOrder } from './scope.ts';

export interface Delivery {
  address: DeliveryAddress | null;
  delivery_date?: string | null;
  delivery_timezone?: string | null;
}

export interface ShipCheck {
  order: OrderRow;
  index: number;
  delivery: Delivery;
  deliveries: number;
  lines: OrderItemRow[];
  code: string;
  /** The card charge (authorized: the first shipment captures it; captured: nothing to do), else null. */
  charge: ChargeRow | null;
  /** Whether no delivery of the order was shipped yet. */
  first: boolean;
}

export async function checkShip(
  tx: Tx,
  s: ActionScope,
  orderId: number,
  index: number,
  req: ShipRequest,
): Promise<ShipCheck | { noop: OrderActionResult }> {
  const order = await lockOrder(tx, s, orderId);
  if (order.status === 'cancelled') throw fulfilErrors.cancelled();
  const shipped = await tx.select().from(order_shipments).where(eq(order_shipments.order_id, order.id));
  const same = shipped.find((x) => x.shipping_index === index);
  if (same) {
    if (same.carrier === req.carrier && same.tracking_no === req.tracking_no)
      return { noop: actionResult(order, 0, 'この配送先はすでに発送済みです。') };
    throw shipErrors.alreadyShipped(same.tracking_no);
  }
  const deliveries = Array.isArray(order.shippings) ? (order.shippings as Delivery[]) : [];
  if (index >= deliveries.length) {
    if (order.is_social_gift && !deliveries.length && index === 0) throw shipErrors.giftWaiting();
    throw notFound('配送先');
  }
  const lines = await tx
    .select()
    .from(order_items)
    .where(and(eq(order_items.order_id, order.id), eq(order_items.shipping_index, index)))
    .orderBy(asc(order_items.id));
  if (!lines.length) throw shipErrors.empty();
  const code = await paymentCodeOf(tx, order.payment_id);
  if (PAID_BEFORE_SHIPPING.has(code) && order.payment_status === 'pending') throw shipErrors.unpaid(order.payment_name);
  if (order.payment_status === 'fraud_suspected') throw shipErrors.fraud();
  let charge: ChargeRow | null = null;
  if (code === 'card') {
    charge = await orderCharge(tx, order.id);
    assertNoClaim(charge);
    if (!charge || !['authorized', 'captured'].includes(charge.status))
      throw shipErrors.paymentState(charge?.status ?? order.payment_status);
  }
  return { order, index, delivery: deliveries[index], deliveries: deliveries.length, lines, code, charge, first: shipped.length === 0 };
}
