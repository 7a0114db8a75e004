/**
 * PUT /v1/me/orders/{id}/cancel: the member cancels an order that has not shipped.
 *
 * One transaction with the order row locked (FOR UPDATE) does everything in the shop's database, so
 * two cancellations (two tabs, a double click) cannot both run — the second waits and then finds the
 * order cancelled (422): status → cancelled with the reason, the stock of each line given back
 * (products locked in id order, like the decision takes them; a product back from 0 mails its restock
 * requests, raiseStock), points and coupons given back
 * (benefits/orders.ts returnOrderBenefits: pending points dropped; granted points already spent are
 * recorded as orders.others.point_shortfall and named in the mail), a social gift's link closed,
 * the cancellation e-mail queued in the outbox (sent only if the transaction commits).
 *
 * A card authorisation is voided at the provider AFTER the commit: a network call never runs while
 * rows are locked, and a rolled-back cancellation never voids a charge the order still needs. Until
 * the provider confirms, the committed order carries `cancel_only_ecd_key: payment_void_pending`
 * (cancelled in the shop only); the void's success clears it and marks the payment cancelled, its
 * failure (or a crash in between) leaves it, so the member sees the warning and the operator finds
 * the order (payment_transactions.status 'void_failed' or still 'authorized' on a cancelled order).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatJstDateTime } from '#contracts/datetimes.ts';
import type { Db } from '../../db/client.ts';
import { order_items, orders, payment_transactions, social_gifts } from '../../db/schema.ts';
import type { ApiEnv } from '../../env.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { CANCEL_WARNINGS, type Order } from '#contracts/orders.ts';
import { returnOrderBenefits } from '../benefits/orders.ts';
import { raiseStock } from '../discovery/product-requests.ts';
import { queueMail, siteName, yen } from '../mail.ts';
import { paymentProvider } from '../payments/provider.ts';
import { getOrder } from '../orders.ts';

export const cancelErrors = {
  cancelled: () => unprocessable('このご注文はすでにキャンセルされています。', 'order.cancel.already_cancelled'),
  shipped: () => unprocessable('このご注文は発送済みのため、キャンセルできません。お問い合わせフォームよりご連絡ください。', 'order.cancel.shipped'),
};

/** The key of `CANCEL_WARNINGS` while a card authorisation of a cancelled order is not voided yet. */
export const VOID_PENDING = 'payment_void_pending' satisfies keyof typeof CANCEL_WARNINGS;

/** orders.others with `cancel_only_ecd_key` set or removed. */
function othersWith(others: unknown, key: string | null): Record<string, unknown> {
  const { cancel_only_ecd_key: _drop, ...rest } = (others ?? {}) as Record<string, unknown>;
  return key ? { ...rest, cancel_only_ecd_key: key } : rest;
}

interface Customer { email?: string | null; last_name?: string; first_name?: string; username?: string }

export interface CancelScope { db: Db; env: ApiEnv; channel: { id: string; name: string }; userId: number }

export async function cancelOrder(s: CancelScope, orderId: number, reason: string): Promise<Order> {
  const now = new Date();
  const auth = await s.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.user_id, s.userId))).for('update');
    if (!order) throw notFound('ご注文');
    if (order.status === 'cancelled') throw cancelErrors.cancelled();
    if (order.status !== 'ordered') throw cancelErrors.shipped();

    // The stock back, product by product in id order (the decision's locking order: no deadlock).
    const lines = await tx.select().from(order_items).where(eq(order_items.order_id, order.id)).orderBy(asc(order_items.id));
    const back = new Map<number, number>();
    for (const l of lines) if (l.product_id != null) back.set(l.product_id, (back.get(l.product_id) ?? 0) + l.quantity);
    // A product that comes back from 0 mails its 「再入荷をお知らせ」 requests in the same transaction.
    for (const [productId, quantity] of [...back].sort((a, b) => a[0] - b[0])) {
      await raiseStock(tx, productId, quantity, s.env.SITE_URL);
    }

    const benefits = await returnOrderBenefits(tx, order.id, now);
    const shortfall = benefits.shortfall_point > 0 ? { point_shortfall: benefits.shortfall_point } : {};

    // A card authorisation still open is voided after the commit; until then the order says so.
    const [card] = await tx.select().from(payment_transactions)
      .where(and(eq(payment_transactions.order_id, order.id), inArray(payment_transactions.status, ['authorized', 'captured']))).limit(1);
    await tx.update(orders).set({
      status: 'cancelled', cancel_reason: reason, cancelled_at: now,
      payment_status: card ? order.payment_status : 'cancelled',
      others: othersWith({ ...(order.others as Record<string, unknown>), ...shortfall }, card ? VOID_PENDING : null),
    }).where(eq(orders.id, order.id));

    // A gift's link stops working (the receiver's calls answer 「取り消されたため」).
    if (order.is_social_gift) await tx.update(social_gifts).set({ status: 'cancelled' }).where(eq(social_gifts.order_id, order.id));

    const customer = (order.customer ?? {}) as Customer;
    if (customer.email) {
      const shop = await siteName(tx, order.channel_id, s.channel.name);
      const name = `${customer.last_name ?? ''} ${customer.first_name ?? ''}`.trim() || customer.username || '';
      const body = [
        `${name} 様`,
        '',
        `${shop}をご利用いただき、ありがとうございます。`,
        '以下のご注文のキャンセルを承りました。',
        '',
        `■ ご注文番号：${order.order_no}`,
        `■ ご注文日時：${formatJstDateTime(order.created_at)}`,
        `■ キャンセル日時：${formatJstDateTime(now)}`,
        `■ キャンセル理由：${reason}`,
        '',
        '■ ご注文内容',
        ...lines.map((l) => `${l.name}（${l.code}） × ${l.quantity}　${yen(l.subtotal + l.tax_amount)}`),
        `お支払い金額合計：${yen(order.total_payment)}（${order.payment_name}）`,
        '',
        ...(card ? ['クレジットカードのご利用分は取り消します。カード会社のご利用明細への反映には時間がかかる場合があります。']
          : order.payment_status === 'pending' ? ['お支払いはまだ済んでいないため、お振込・お支払いは不要です。'] : []),
        ...(order.use_point > 0 ? [`ご利用ポイント（${order.use_point.toLocaleString('ja-JP')}ポイント）はお返ししました。`] : []),
        ...(benefits.shortfall_point > 0 ? [`このご注文で付与したポイントのうち${benefits.shortfall_point.toLocaleString('ja-JP')}ポイントはすでにご利用済みのため、`
          + `${benefits.shortfall_point.toLocaleString('ja-JP')}円（1ポイント＝1円）をご返金額から差し引かせていただきます（ご返金がない場合は別途ご請求いたします）。`] : []),
        '',
        shop,
      ].join('\n');
      await queueMail(tx, { channelId: order.channel_id, to: customer.email, template: 'order_cancellation', subject: `【${shop}】ご注文キャンセルのお知らせ`, body });
    }
    return card ? { id: card.id, ref: card.provider_ref, orderId: order.id } : null;
  });

  if (auth?.ref) await voidAfterCancel(s, auth.id, auth.ref, auth.orderId);
  return getOrder(s.db, s.userId, orderId);
}

/** Voids the cancelled order's card authorisation; the warning stays on the order unless the provider confirms. */
async function voidAfterCancel(s: CancelScope, txnId: number, ref: string, orderId: number): Promise<void> {
  let ok = false;
  try {
    ok = (await paymentProvider(s.env).void(ref)).ok;
  } catch {
    ok = false;
  }
  await s.db.transaction(async (tx) => {
    await tx.update(payment_transactions).set({ status: ok ? 'voided' : 'void_failed', updated_at: new Date() }).where(eq(payment_transactions.id, txnId));
    if (!ok) return;
    const [order] = await tx.select({ others: orders.others }).from(orders).where(eq(orders.id, orderId)).for('update');
    await tx.update(orders).set({ payment_status: 'cancelled', others: othersWith(order?.others, null) }).where(eq(orders.id, orderId));
  });
}
