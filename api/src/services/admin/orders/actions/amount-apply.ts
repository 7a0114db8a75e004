/**
 * Writes a priced 金額変更 (amount-plan.ts) in the caller's transaction, the order row locked: the
 * stock moves with the quantities (products in id order: more taken with the guarded `stock >= q`
 * update the decision uses, the rest given back with raiseStock so restock mails fire), the lines and
 * the order's totals, then the member's points (their row last, as every order path locks it): the
 * points used beyond the new total back to the balance, the points earned recomputed (a pending row
 * changes its amount; a row granted already moves the balance by the difference, never below 0).
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/client.ts';
import { order_items, point_histories, products, users } from '../../../../db/schema/index.ts';
import type { OrderRow } from '../../../orders/index.ts';
import { POINT_REASONS, pointExpiryFrom } from '../../../points/ledger.ts';
import { raiseStock } from '../../../product-requests/index.ts';
import type { AmountPlan } from './amount-plan.ts';
import { amountErrors } from './errors.ts';

/** The ledger reason of points used that a lower total gives back. */
export const AMOUNT_RETURNED_REASON = 'ご注文金額変更によるご利用ポイントの返還';

export async function moveStock(tx: Tx, plan: AmountPlan, siteUrl: string, now: Date): Promise<void> {
  for (const [productId, delta] of [...plan.stock].sort((a, b) => a[0] - b[0])) {
    if (delta > 0) {
      const [row] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${delta}`, updated_at: now })
        .where(and(eq(products.id, productId), gte(products.stock, delta)))
        .returning({ id: products.id });
      if (!row) {
        const [p] = await tx.select({ name: products.name, stock: products.stock }).from(products).where(eq(products.id, productId));
        throw amountErrors.stock(p?.name ?? '', p?.stock ?? 0);
      }
    } else if (delta < 0) {
      await raiseStock(tx, productId, -delta, siteUrl);
    }
  }
}

/** The order's new totals and lines as written (also the audit's "after"). */
export function orderTotals(plan: AmountPlan, order: OrderRow) {
  const t = plan.pricing.order;
  const detail = {
    ...(order.payment_detail as Record<string, unknown>),
    amount: t.total_payment,
    ...('fee' in ((order.payment_detail as object) ?? {}) ? { fee: t.total_fee } : {}),
  };
  return {
    subtotal: t.subtotal,
    total_tax: t.total_tax,
    total_carriage: t.total_carriage,
    total_packing: t.total_packing,
    total_fee: t.total_fee,
    total_discount: t.total_discount,
    shop_discount: plan.shopDiscount,
    use_point: t.use_point,
    total_payment: t.total_payment,
    amount_by_tax_rate: t.amount_by_tax_rate,
    coupons: plan.coupons,
    shippings: plan.shippings,
    payment_detail: detail,
  };
}

export async function writeLines(tx: Tx, plan: AmountPlan): Promise<void> {
  for (const k of plan.kept) {
    await tx
      .update(order_items)
      .set({
        quantity: k.quantity,
        tax_amount: k.priced.tax_amount,
        subtotal: k.priced.subtotal,
        coupon_discount: k.priced.coupon_discount,
      })
      .where(eq(order_items.id, k.line.id));
  }
  if (plan.removed.length)
    await tx.delete(order_items).where(
      inArray(
        order_items.id,
        plan.removed.map((l) => l.id),
      ),
    );
}

/** Moves the member's points; answers the points earned the order records now. */
export async function movePoints(tx: Tx, order: OrderRow, plan: AmountPlan, now: Date): Promise<number> {
  const userId = order.user_id;
  if (userId == null) return plan.earned;
  const [row] = await tx
    .select()
    .from(point_histories)
    .where(and(eq(point_histories.order_id, order.id), eq(point_histories.reason, POINT_REASONS.earned)))
    .limit(1)
    .for('update');
  if (plan.returnedPoint > 0) {
    await tx
      .update(users)
      .set({ point_balance: sql`${users.point_balance} + ${plan.returnedPoint}` })
      .where(eq(users.id, userId));
    await tx.insert(point_histories).values({
      user_id: userId,
      amount: plan.returnedPoint,
      reason: AMOUNT_RETURNED_REASON,
      order_id: order.id,
      expires_at: pointExpiryFrom(now),
      created_at: now,
    });
  }
  if (!row) {
    if (plan.earned > 0) {
      await tx.insert(point_histories).values({
        user_id: userId,
        amount: plan.earned,
        reason: POINT_REASONS.earned,
        order_id: order.id,
        status: 'pending',
        created_at: now,
      });
    }
    return plan.earned;
  }
  if (row.status !== 'granted') {
    await tx
      .update(point_histories)
      .set({ amount: plan.earned, status: plan.earned > 0 ? 'pending' : 'cancelled' })
      .where(eq(point_histories.id, row.id));
    return plan.earned;
  }
  // Granted already (a card order past its cancel window): the balance moves by the difference.
  let delta = plan.earned - row.amount;
  if (delta < 0) {
    const [member] = await tx.select({ balance: users.point_balance }).from(users).where(eq(users.id, userId)).for('update');
    delta = -Math.min(-delta, member?.balance ?? 0);
  }
  if (delta !== 0) {
    await tx
      .update(users)
      .set({ point_balance: sql`${users.point_balance} + ${delta}` })
      .where(eq(users.id, userId));
    await tx
      .update(point_histories)
      .set({ amount: row.amount + delta })
      .where(eq(point_histories.id, row.id));
  }
  return row.amount + delta;
}
