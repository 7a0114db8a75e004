/**
 * 返金済み (POST /admin/v1/orders/{id}/refunded): a cancelled order whose offline payment had been
 * received (others.manual_refund, services/orders/cancel-core.ts) is refunded by the shop by hand;
 * staff record that it was. Sets manual_refund.refunded_at and who, payment_status 'refunded', the
 * history line and the audit entry in one transaction with the order row locked; a repeat changes
 * nothing; any other order is refused (422 order.refunded.not_applicable).
 */
import { eq } from 'drizzle-orm';
import type { OrderActionResult } from '#contracts/admin-order-actions.ts';
import { orders } from '../../../../db/schema/index.ts';
import { yen } from '../../../mail/index.ts';
import { actionResult } from '../../../orders/fulfil.ts';
import { addOrderHistory } from '../../../orders/history.ts';
import { manualRefundOf } from '../state.ts';
import { refundedErrors } from './errors.ts';
import { type ActionScope, auditOrder, auditPicture, lockOrder, staffOf } from './scope.ts';

export async function markOrderRefunded(s: ActionScope, orderId: number, reason = '', now = new Date()): Promise<OrderActionResult> {
  return s.db.transaction(async (tx) => {
    const order = await lockOrder(tx, s, orderId);
    const refund = order.status === 'cancelled' ? manualRefundOf(order.others) : null;
    if (!refund) throw refundedErrors.notApplicable();
    if (refund.refunded_at) return actionResult(order, 0, 'すでに返金済みです。');
    const others = order.others as Record<string, unknown>;
    const manual_refund = {
      ...(others.manual_refund as object),
      refunded_at: now.toISOString(),
      refunded_by: { id: s.actor.id, name: s.actor.name },
      ...(reason ? { memo: reason } : {}),
    };
    const after = { ...order, payment_status: 'refunded', others: { ...others, manual_refund } };
    await tx.update(orders).set({ payment_status: after.payment_status, others: after.others }).where(eq(orders.id, order.id));
    await addOrderHistory(
      tx,
      order.id,
      staffOf(s),
      {
        action: 'refunded',
        message: `返金済みにしました（${yen(refund.amount)}）${reason ? `：${reason}` : ''}`,
        detail: { amount: refund.amount, memo: reason || null },
      },
      now,
    );
    await auditOrder(
      tx,
      s,
      order,
      'order.refunded',
      auditPicture(order, { manual_refund: others.manual_refund }),
      auditPicture(after, { manual_refund }),
    );
    return actionResult(after, 0, `返金済みにしました（${yen(refund.amount)}）。`);
  });
}
