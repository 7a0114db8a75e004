/**
 * What every staff action on an order shares: who acts and where (the scope), the order row locked
 * FOR UPDATE on the staff's channel (another channel's order is 404), and the audit entry each
 * action writes beside its order_histories row, in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../../db/client.ts';
import { orders } from '../../../../db/schema/index.ts';
import type { ApiEnv } from '../../../../env.ts';
import { notFound } from '../../../../lib/errors.ts';
import type { ActedBy } from '../../../orders/history.ts';
import type { OrderRow } from '../../../orders/index.ts';
import { type Actor, recordAudit } from '../../audit/record.ts';

export interface ActionScope {
  db: Db;
  env: ApiEnv;
  channel: { id: string; name: string };
  actor: Actor;
}

/** The staff member as the order's history names them. */
export const staffOf = (s: ActionScope): ActedBy => ({ kind: 'staff', id: s.actor.id, name: s.actor.name });

/** The channel's order, locked (the first lock of every action: order, then products, then the member). */
export async function lockOrder(tx: Tx, s: ActionScope, orderId: number): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.channel_id, s.channel.id)))
    .for('update');
  if (!order) throw notFound('ご注文');
  return order;
}

/** The order's state as the audit log pictures it before and after an action. */
export const auditPicture = (o: Pick<OrderRow, 'status' | 'payment_status' | 'total_payment'>, extra: Record<string, unknown> = {}) => ({
  status: o.status,
  payment_status: o.payment_status,
  total_payment: o.total_payment,
  ...extra,
});

export const auditOrder = (
  tx: Tx,
  s: ActionScope,
  order: Pick<OrderRow, 'id' | 'order_no'>,
  action: string,
  before: unknown,
  after: unknown,
) =>
  recordAudit(tx, s.actor, {
    action,
    targetType: 'order',
    targetId: order.id,
    before: { order_no: order.order_no, ...(before as object) },
    after,
  });
