/**
 * The staff's order events (POST /admin/v1/orders/{id}/ship and /paid; a payment service's "paid"
 * notice calls markOrderPaid too): the order is shipped, or its payment is confirmed, and the points
 * earned on it, pending until then, are granted (benefits/grant.ts). One transaction with the order
 * row locked FOR UPDATE, taken before the member's row as the cancellation takes them, so a shipment,
 * a payment and a cancellation of one order run one after the other: the points are granted once,
 * or dropped once. Repeating an event changes nothing (the answer says what was granted: 0).
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import type { OrderEventResult } from '#contracts/admin-orders.ts';
import { grantOrderPoints } from '../benefits/grant.ts';

const cancelled = () => unprocessable('このご注文はキャンセルされています。', 'order.cancelled');

type OrderRow = typeof orders.$inferSelect;

/** Runs `change` on the channel's order, locked; a cancelled order is 422, another channel's or none 404. */
async function withOrder(db: Db, channelId: string, orderId: number, change: (tx: Tx, o: OrderRow) => Promise<Partial<OrderRow>>, now: Date): Promise<OrderEventResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.channel_id, channelId))).for('update');
    if (!order) throw notFound('ご注文');
    if (order.status === 'cancelled') throw cancelled();
    const set = await change(tx, order);
    if (Object.keys(set).length) await tx.update(orders).set(set).where(eq(orders.id, orderId));
    const granted = await grantOrderPoints(tx, orderId, now);
    const next = { ...order, ...set };
    return { id: next.id, order_no: next.order_no, status: next.status, payment_status: next.payment_status, granted_point: granted };
  });
}

/** The order is shipped (発送): status shipped, the pending points granted. */
export const markOrderShipped = (db: Db, channelId: string, orderId: number, now = new Date()) =>
  withOrder(db, channelId, orderId, async (_tx, o) => (o.status === 'shipped' ? {} : { status: 'shipped' }), now);

/** The order's payment is confirmed (入金確認): an unpaid order becomes paid, the pending points granted. */
export const markOrderPaid = (db: Db, channelId: string, orderId: number, now = new Date()) =>
  withOrder(db, channelId, orderId, async (_tx, o) => (o.payment_status === 'pending' ? { payment_status: 'paid' } : {}), now);
