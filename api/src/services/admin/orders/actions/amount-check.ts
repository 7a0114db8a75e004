/**
 * What a 金額変更 needs, read under the order's row lock: the order not shipped (no delivery shipped,
 * status ordered), its payment still open (pending, or a card authorised and not captured: a payment
 * received already is not silently re-priced), no card call in flight, and the change priced
 * (amount-plan.ts) with the rules in force when the order was placed (POINT.RATE, the carriage rule)
 * and the method's fee and ceiling. A request changing nothing is answered as it is.
 */
import { eq } from 'drizzle-orm';
import type { AmountChangeRequest, OrderActionResult } from '#contracts/admin-order-actions.ts';
import type { Tx } from '../../../../db/client.ts';
import { coupons, order_items, order_shipments } from '../../../../db/schema/index.ts';
import { validationFailed } from '../../../../lib/errors.ts';
import { yen } from '../../../mail/index.ts';
import type { OrderCoupon } from '../../../orders/benefits.ts';
import { assertNoClaim, type ChargeRow, orderCharge } from '../../../orders/charge.ts';
import { actionResult, fulfilErrors, paymentCodeOf } from '../../../orders/fulfil.ts';
import type { OrderRow } from '../../../orders/index.ts';
import { paymentById } from '../../../payments/index.ts';
import { settingsOf } from '../../../payments/methods.ts';
import { benefitSettings } from '../../../points/settings.ts';
import { type AmountPlan, planAmount, type StoredDelivery } from './amount-plan.ts';
import { amountErrors } from './errors.ts';
import { type ActionScope, lockOrder } from './scope.ts';

export interface AmountReady {
  order: OrderRow;
  plan: AmountPlan;
  code: string;
  charge: ChargeRow | null;
}

const PAYMENT_STATE_LABELS: Record<string, string> = {
  paid: '入金済み',
  captured: '売上確定済み',
  fraud_suspected: '不正利用の疑い',
  failed: '決済失敗',
};

export async function prepareAmount(
  tx: Tx,
  s: ActionScope,
  orderId: number,
  req: AmountChangeRequest,
): Promise<AmountReady | { answer: OrderActionResult }> {
  const order = await lockOrder(tx, s, orderId);
  if (order.status === 'cancelled') throw fulfilErrors.cancelled();
  const [shipped] = await tx
    .select({ id: order_shipments.id })
    .from(order_shipments)
    .where(eq(order_shipments.order_id, order.id))
    .limit(1);
  if (shipped || order.status !== 'ordered') throw amountErrors.shipped();
  if (!['pending', 'authorized'].includes(order.payment_status))
    throw amountErrors.paymentState(PAYMENT_STATE_LABELS[order.payment_status] ?? order.payment_status);
  const code = await paymentCodeOf(tx, order.payment_id);
  const charge = code === 'card' ? await orderCharge(tx, order.id) : null;
  assertNoClaim(charge);
  if (code === 'card' && charge?.status !== 'authorized') throw amountErrors.paymentState(charge?.status ?? order.payment_status);

  const items = await tx.select().from(order_items).where(eq(order_items.order_id, order.id)).orderBy(order_items.id);
  const payment = await paymentById(tx, order.payment_id);
  const rules = await benefitSettings(tx, order.channel_id, order.created_at);
  const used = (Array.isArray(order.coupons) ? order.coupons : []) as OrderCoupon[];
  const [coupon] = used.length ? await tx.select().from(coupons).where(eq(coupons.code, used[0].code)).limit(1) : [];
  const result = planAmount({
    items,
    changes: req.lines,
    discount: req.discount,
    current: {
      shop_discount: order.shop_discount,
      use_point: order.use_point,
      coupons: used,
      shippings: (order.shippings ?? []) as StoredDelivery[],
    },
    coupon: coupon ?? null,
    payment: payment ?? { fee: order.total_fee, settings: {} },
    carriage: rules.carriage,
    pointRate: rules.pointRate,
  });
  if (!result.ok) throw validationFailed(result.errors);
  if (!result.plan.changed) return { answer: actionResult(order, 0, '変更はありません。') };
  const ceiling = payment ? settingsOf(payment).ceiling : undefined;
  if (ceiling != null && result.plan.pricing.order.total_payment > ceiling) {
    throw amountErrors.notAvailable(`${order.payment_name}のご利用上限（${yen(ceiling)}）を超えます。`);
  }
  return { order, plan: result.plan, code, charge };
}
