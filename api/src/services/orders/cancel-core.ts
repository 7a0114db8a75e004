/**
 * The cancellation of an order, shared by the member's own cancel (cancel.ts) and the staff's
 * (services/admin/orders/actions/cancel.ts). `cancelCore` runs in the caller's transaction, the order
 * row locked FOR UPDATE and no claim in flight on its charge (charge.ts): the stock of each line back
 * (products in id order, like the decision takes them; a product back from 0 mails its restock
 * requests, raiseStock), points and coupons back (orders/benefits.ts returnOrderBenefits: pending
 * points dropped, granted points already spent recorded as orders.others.point_shortfall), a social
 * gift's link closed, the cancellation e-mail queued, the history written.
 *
 * The money: a card authorisation is claimed for a void, a captured card for a refund of what was
 * captured; the call runs AFTER the commit (settleCancelledCharge), so a rolled-back cancellation
 * never voids or refunds a charge the order still needs, and until the provider confirms the order
 * carries `cancel_only_ecd_key` payment_void_pending / payment_refund_pending. An offline payment the
 * shop had received (payment_status paid: bank transfer, konbini, 後払い confirmed, 代引 shipped) is
 * not pretended back: payment_status stays paid, others.manual_refund records the amount, and the
 * history and the mail say the refund is arranged separately (「ご返金については別途ご連絡いたします」).
 */
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { order_items, orders, social_gifts } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { queueMail, siteName, yen } from '../mail/index.ts';
import type { ChargeChange } from '../payments/provider.ts';
import { raiseStock } from '../product-requests/index.ts';
import { type ReturnedBenefits, returnOrderBenefits } from './benefits.ts';
import { cancelMailText, customerEmailOf, customerNameOf } from './cancel-mail.ts';
import { type ChargeRow, claimCharge, orderCharge, othersWith, REFUND_PENDING, VOID_PENDING } from './charge.ts';
import { completeClaim } from './charge-calls.ts';
import { type ActedBy, addOrderHistory } from './history.ts';
import type { OrderItemRow, OrderRow } from './index.ts';

/** Card charge states a cancellation voids (an authorisation, also one under fraud review or a failed void). */
const VOIDABLE = new Set(['authorized', 'fraud_suspected', 'void_failed']);
/** …and refunds (captured, or a refund that failed before). */
const REFUNDABLE = new Set(['captured', 'refund_failed']);

export interface CancelContext {
  siteUrl: string;
  channelName: string;
  now: Date;
}

export interface CancelOutcome {
  /** The charge claimed for a void or refund, to settle after the commit; null when none. */
  charge: ChargeRow | null;
  money: 'void' | 'refund' | 'manual' | 'none';
  /** Yen the shop must pay back by hand (an offline payment received), else 0. */
  manualRefund: number;
  benefits: ReturnedBenefits;
  lines: OrderItemRow[];
}

/** Claims the cancelled order's charge for its void or refund; 'none' when nothing is left to give back. */
export async function claimCancelCharge(
  tx: Tx,
  c: ChargeRow | null,
  now: Date,
): Promise<{ charge: ChargeRow | null; money: 'void' | 'refund' | 'none' }> {
  if (c && VOIDABLE.has(c.status)) return { charge: await claimCharge(tx, c, 'voiding', c.amount, now), money: 'void' };
  const left = c ? c.captured_amount - c.refunded_amount : 0;
  if (c && REFUNDABLE.has(c.status) && left > 0) return { charge: await claimCharge(tx, c, 'refunding', left, now), money: 'refund' };
  return { charge: null, money: 'none' };
}

export async function cancelCore(tx: Tx, order: OrderRow, reason: string, by: ActedBy, ctx: CancelContext): Promise<CancelOutcome> {
  const { now } = ctx;
  const lines = await tx.select().from(order_items).where(eq(order_items.order_id, order.id)).orderBy(asc(order_items.id));
  const back = new Map<number, number>();
  for (const l of lines) if (l.product_id != null) back.set(l.product_id, (back.get(l.product_id) ?? 0) + l.quantity);
  for (const [productId, quantity] of [...back].sort((a, b) => a[0] - b[0])) await raiseStock(tx, productId, quantity, ctx.siteUrl);

  const benefits = await returnOrderBenefits(tx, order.id, now);
  const shortfall = benefits.shortfall_point > 0 ? { point_shortfall: benefits.shortfall_point } : {};
  const { charge, money: cardMoney } = await claimCancelCharge(tx, await orderCharge(tx, order.id), now);
  const manualRefund = !charge && order.payment_status === 'paid' ? order.total_payment : 0;
  const money = charge ? cardMoney : manualRefund > 0 ? 'manual' : 'none';
  // returnOrderBenefits may have written point_shortfall: read others again under the lock.
  const [fresh] = await tx.select({ others: orders.others }).from(orders).where(eq(orders.id, order.id));
  const others = {
    ...(fresh?.others as Record<string, unknown>),
    ...shortfall,
    ...(manualRefund ? { manual_refund: { amount: manualRefund, at: now.toISOString() } } : {}),
  };
  await tx
    .update(orders)
    .set({
      status: 'cancelled',
      cancel_reason: reason,
      cancelled_at: now,
      payment_status: charge || manualRefund ? order.payment_status : 'cancelled',
      others: othersWith(others, money === 'void' ? VOID_PENDING : money === 'refund' ? REFUND_PENDING : null),
    })
    .where(eq(orders.id, order.id));

  // A gift's link stops working (the receiver's calls answer 「取り消されたため」).
  if (order.is_social_gift) await tx.update(social_gifts).set({ status: 'cancelled' }).where(eq(social_gifts.order_id, order.id));

  const to = customerEmailOf(order.customer);
  if (to) {
    const shop = await siteName(tx, order.channel_id, ctx.channelName);
    const text = cancelMailText({
      shop,
      customerName: customerNameOf(order.customer),
      order,
      lines,
      reason,
      at: now,
      money,
      shortfallPoint: benefits.shortfall_point,
    });
    await queueMail(tx, { channelId: order.channel_id, to, template: 'order_cancellation', ...text });
  }
  const moneyLine = {
    void: 'カードの与信を取り消します',
    refund: `カードの売上${yen(charge?.claim_amount ?? 0)}を返金します`,
    manual: `入金済みの${yen(manualRefund)}は別途返金が必要です`,
    none: '',
  }[money];
  await addOrderHistory(
    tx,
    order.id,
    by,
    {
      action: 'cancel',
      message: `キャンセルしました（理由：${reason.replace(/\s+/g, ' ').slice(0, 100)}）${moneyLine ? `。${moneyLine}` : ''}`,
      detail: {
        reason,
        money,
        manual_refund: manualRefund,
        was: order.status,
        returned_point: benefits.returned_point,
        revoked_point: benefits.revoked_point,
        shortfall_point: benefits.shortfall_point,
        coupons: benefits.coupons,
        stock: Object.fromEntries(back),
      },
    },
    now,
  );
  return { charge, money, manualRefund, benefits, lines };
}

/** The void or refund a cancellation claimed, after its commit; the history says how it went. */
export async function settleCancelledCharge(db: Db, env: ApiEnv, charge: ChargeRow, by: ActedBy): Promise<ChargeChange> {
  const r = await completeClaim(db, env, charge);
  if (!r.ok && charge.order_id != null) {
    const orderId = charge.order_id;
    await db.transaction((tx) =>
      addOrderHistory(tx, orderId, by, {
        action: 'payment_failed',
        message: `${charge.status === 'refunding' ? 'カードの返金' : 'カードの与信取消'}に失敗しました（${r.reason}）`,
        detail: { charge_status: charge.status, code: r.code ?? null },
      }),
    );
  }
  return r;
}
