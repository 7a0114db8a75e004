/**
 * PUT /v1/me/orders/{id}/cancel: the member cancels an order that has not shipped.
 *
 * One transaction with the order row locked (FOR UPDATE) does everything in the shop's database
 * (cancel-core.ts, shared with the staff's cancel), so two cancellations (two tabs, a double click)
 * cannot both run — the second waits and then finds the order cancelled (422). A staff action whose
 * card call is in flight on the order (a capture at shipment, a re-authorisation) makes the member
 * wait: 409 order.cancel.busy.
 *
 * A card authorisation is voided at the provider AFTER the commit: a network call never runs while
 * rows are locked, and a rolled-back cancellation never voids a charge the order still needs. Until
 * the provider confirms, the committed order carries `cancel_only_ecd_key: payment_void_pending`
 * (cancelled in the shop only); the void's success clears it and marks the payment cancelled, its
 * failure leaves it, so the member sees the warning and the operator finds the order
 * (payment_transactions.status 'void_failed', or 'voiding' after a crash, on a cancelled order).
 */
import { and, eq } from 'drizzle-orm';
import type { Order } from '#contracts/orders.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { ApiError, notFound, unprocessable } from '../../lib/errors.ts';
import { cancelCore, settleCancelledCharge } from './cancel-core.ts';
import { assertNoClaim, orderCharge } from './charge.ts';
import { withRecovery } from './charge-calls.ts';
import { getOrder } from './index.ts';

export { VOID_PENDING } from './charge.ts';

export const cancelErrors = {
  cancelled: () => unprocessable('このご注文はすでにキャンセルされています。', 'order.cancel.already_cancelled'),
  shipped: () =>
    unprocessable('このご注文は発送済みのため、キャンセルできません。お問い合わせフォームよりご連絡ください。', 'order.cancel.shipped'),
  busy: () => new ApiError(409, 'ただいまこのご注文を処理しています。しばらくしてから再度お試しください。', { code: 'order.cancel.busy' }),
};

export interface CancelScope {
  db: Db;
  env: ApiEnv;
  channel: { id: string; name: string };
  userId: number;
}

export async function cancelOrder(s: CancelScope, orderId: number, reason: string): Promise<Order> {
  const now = new Date();
  const claimed = await withRecovery(s.db, s.env, orderId, () =>
    s.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.user_id, s.userId)))
        .for('update');
      if (!order) throw notFound('ご注文');
      if (order.status === 'cancelled') throw cancelErrors.cancelled();
      if (order.status !== 'ordered') throw cancelErrors.shipped();
      assertNoClaim(await orderCharge(tx, order.id), cancelErrors.busy);
      const out = await cancelCore(tx, order, reason, { kind: 'customer' }, { siteUrl: s.env.SITE_URL, channelName: s.channel.name, now });
      return out.charge;
    }),
  );
  if (claimed) await settleCancelledCharge(s.db, s.env, claimed, { kind: 'customer' });
  return getOrder(s.db, s.userId, orderId);
}
