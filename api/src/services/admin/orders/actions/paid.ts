/** 入金確認 (POST /admin/v1/orders/{id}/paid): bank transfer, konbini, 後払い pending → paid, pending points granted. */
import type { OrderActionResult } from '#contracts/admin-order-actions.ts';
import { actionResult, confirmPaymentLocked } from '../../../orders/fulfil.ts';
import { type ActionScope, auditOrder, auditPicture, lockOrder, staffOf } from './scope.ts';

export async function confirmOrderPayment(s: ActionScope, orderId: number, now = new Date()): Promise<OrderActionResult> {
  return s.db.transaction(async (tx) => {
    const order = await lockOrder(tx, s, orderId);
    const done = await confirmPaymentLocked(tx, order, staffOf(s), now);
    if (done.changed)
      await auditOrder(tx, s, order, 'order.paid', auditPicture(order), auditPicture(done.order, { granted_point: done.granted }));
    return actionResult(done.order, done.granted, done.changed ? '入金を確認しました。' : 'すでに入金確認済みです。');
  });
}
