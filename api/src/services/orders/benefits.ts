/**
 * What an order does with coupons and points, inside the decision's (or the cancellation's)
 * transaction. The balance and the coupon counters move only here, each with a guarded UPDATE, so
 * concurrent orders can never overspend: `point_balance >= used` (and the column's own check,
 * never below 0), `used_count < usage_limit`, and one user_coupons row per member and coupon whose
 * `used_at` is set only when empty, plus one use per mailbox (services/carts/coupon-mailbox.ts).
 * Rows are locked in one order (coupon, member coupon, mailbox, member) after the stock, as every
 * decision does, so two decisions cannot deadlock.
 */
import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { coupons, orders, point_histories, user_coupons, users } from '../../db/schema/index.ts';
import { unprocessable } from '../../lib/errors.ts';
import { type CartBenefits, earnPointOf } from '../carts/benefits.ts';
import { claimCouponMailbox, freeCouponMailboxes } from '../carts/coupon-mailbox.ts';
import { couponError, couponMessages } from '../carts/coupons.ts';
import type { PricingResult } from '../carts/pricing.ts';
import { POINT_REASONS, pointExpiryFrom } from '../points/ledger.ts';

/** orders.coupons: what each coupon gave. */
export interface OrderCoupon {
  code: string;
  name: string;
  discount: number;
}

export interface OrderBenefits {
  coupons: OrderCoupon[];
  earned_point: number;
  use_point: number;
}

/** What a cancellation gave back: points returned, granted points taken back, what of them was spent already, coupons freed. */
export interface ReturnedBenefits {
  returned_point: number;
  revoked_point: number;
  shortfall_point: number;
  coupons: number;
}

/**
 * Records the order's benefits: refuses a coupon that no longer qualifies (the shopper removes it
 * and sees the new total first), takes the coupon use and the points used, and writes the points
 * earned as a `pending` row (付与予定: not in the balance until the order is paid or shipped,
 * points/grant.ts).
 */
export async function recordOrderBenefits(
  tx: Tx,
  o: {
    userId: number;
    email: string | null;
    orderId: number;
    benefits: CartBenefits;
    lines: { tax_rate: number }[];
    pricing: PricingResult;
    now: Date;
  },
): Promise<OrderBenefits> {
  const refused = o.benefits.coupons.find((c) => c.notice || !c.coupon);
  if (refused) {
    const why = refused.notice ?? couponMessages.invalid;
    throw unprocessable(
      `ご利用いただけないクーポンがあります（${refused.code}：${why}）。クーポンを解除してからご注文ください。`,
      'cart.coupon.invalid',
      { code: [why] },
    );
  }
  const used: OrderCoupon[] = [];
  for (const c of o.benefits.coupons) {
    const coupon = c.coupon!;
    const counted = await tx
      .update(coupons)
      .set({ used_count: sql`${coupons.used_count} + 1` })
      .where(
        and(
          eq(coupons.id, coupon.id),
          eq(coupons.is_active, true),
          or(isNull(coupons.usage_limit), lt(coupons.used_count, coupons.usage_limit)),
        ),
      )
      .returning({ id: coupons.id });
    if (!counted.length) throw couponError(couponMessages.limit);
    // A member's first use inserts the row; a granted coupon's row is updated only while unused.
    const mine = await tx
      .insert(user_coupons)
      .values({ user_id: o.userId, coupon_id: coupon.id, used_at: o.now, order_id: o.orderId, granted_at: o.now })
      .onConflictDoUpdate({
        target: [user_coupons.user_id, user_coupons.coupon_id],
        set: { used_at: o.now, order_id: o.orderId },
        setWhere: isNull(user_coupons.used_at),
      })
      .returning({ id: user_coupons.coupon_id });
    if (!mine.length) throw couponError(couponMessages.used);
    if (!(await claimCouponMailbox(tx, { couponId: coupon.id, email: o.email, orderId: o.orderId, now: o.now })))
      throw couponError(couponMessages.mailboxUsed);
    used.push({ code: c.code, name: c.name, discount: used.length ? 0 : o.pricing.order.total_discount });
  }

  const usePoint = o.pricing.order.use_point;
  const earned = earnPointOf(o.benefits, o.lines, o.pricing);
  if (usePoint > 0) {
    const moved = await tx
      .update(users)
      .set({ point_balance: sql`${users.point_balance} - ${usePoint}` })
      .where(and(eq(users.id, o.userId), gte(users.point_balance, usePoint)))
      .returning({ id: users.id });
    if (!moved.length) {
      const message = '保有ポイントが不足しています。ご利用ポイントを変更してからご注文ください。';
      throw unprocessable(message, 'cart.point.insufficient', { use_point: [message] });
    }
  }
  if (usePoint > 0 || earned > 0) {
    await tx
      .insert(point_histories)
      .values([
        ...(usePoint > 0
          ? [{ user_id: o.userId, amount: -usePoint, reason: POINT_REASONS.used, order_id: o.orderId, created_at: o.now }]
          : []),
        ...(earned > 0
          ? [{ user_id: o.userId, amount: earned, reason: POINT_REASONS.earned, order_id: o.orderId, status: 'pending', created_at: o.now }]
          : []),
      ]);
  }
  return { coupons: used, earned_point: earned, use_point: usePoint };
}

/**
 * Gives an order's benefits back when it is cancelled (the my-page cancel calls this in its
 * transaction, the order row locked first): the points used come back (with a new year of
 * validity); points earned still pending are dropped (the row becomes `cancelled`, the balance never
 * held them); points earned and already granted are taken back as far as the balance holds them
 * after the used points came back — the balance never goes below 0, and what the member had spent
 * already (`shortfall_point`, 1 point = 1 yen) is recorded on the order (orders.others.point_shortfall)
 * for the shop to deduct from the refund or bill. The coupon use is freed and its counter goes down.
 * Idempotent: a second call finds the order's reversal rows, or nothing left to free, and changes nothing.
 */
export async function returnOrderBenefits(tx: Tx, orderId: number, now = new Date()): Promise<ReturnedBenefits> {
  const [order] = await tx
    .select({
      id: orders.id,
      user_id: orders.user_id,
      use_point: orders.use_point,
      earned_point: orders.earned_point,
      others: orders.others,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) return { returned_point: 0, revoked_point: 0, shortfall_point: 0, coupons: 0 };

  const freed = await tx
    .update(user_coupons)
    .set({ used_at: null, order_id: null })
    .where(eq(user_coupons.order_id, orderId))
    .returning({ coupon_id: user_coupons.coupon_id });
  await freeCouponMailboxes(tx, orderId);
  if (freed.length) {
    await tx
      .update(coupons)
      .set({ used_count: sql`greatest(${coupons.used_count} - 1, 0)` })
      .where(
        inArray(
          coupons.id,
          freed.map((f) => f.coupon_id),
        ),
      );
  }

  let returned = 0;
  let revoked = 0;
  let shortfall = 0;
  const userId = order.user_id;
  if (userId != null && (order.use_point > 0 || order.earned_point > 0)) {
    const done = await tx
      .select({ id: point_histories.id })
      .from(point_histories)
      .where(and(eq(point_histories.order_id, orderId), inArray(point_histories.reason, [POINT_REASONS.returned, POINT_REASONS.revoked])))
      .limit(1);
    if (!done.length) {
      const [member] = await tx.select({ balance: users.point_balance }).from(users).where(eq(users.id, userId)).for('update');
      if (member) {
        // Pending points never reached the balance: the row is dropped, nothing is taken back.
        const dropped = await tx
          .update(point_histories)
          .set({ status: 'cancelled' })
          .where(
            and(
              eq(point_histories.order_id, orderId),
              eq(point_histories.reason, POINT_REASONS.earned),
              eq(point_histories.status, 'pending'),
            ),
          )
          .returning({ id: point_histories.id });
        const granted = dropped.length ? 0 : order.earned_point;
        returned = order.use_point;
        revoked = Math.min(granted, member.balance + returned);
        shortfall = granted - revoked;
        await tx
          .update(users)
          .set({ point_balance: sql`${users.point_balance} + ${returned} - ${revoked}` })
          .where(eq(users.id, userId));
        // Both rows are written (a 0 when nothing could be taken back), so a repeated call sees them.
        await tx.insert(point_histories).values([
          ...(order.use_point > 0
            ? [
                {
                  user_id: userId,
                  amount: returned,
                  reason: POINT_REASONS.returned,
                  order_id: orderId,
                  expires_at: pointExpiryFrom(now),
                  created_at: now,
                },
              ]
            : []),
          ...(order.earned_point > 0
            ? [{ user_id: userId, amount: -revoked, reason: POINT_REASONS.revoked, order_id: orderId, created_at: now }]
            : []),
        ]);
        if (shortfall > 0) {
          await tx
            .update(orders)
            .set({ others: { ...((order.others as Record<string, unknown>) ?? {}), point_shortfall: shortfall } })
            .where(eq(orders.id, orderId));
        }
      }
    }
  }
  return { returned_point: returned, revoked_point: revoked, shortfall_point: shortfall, coupons: freed.length };
}
