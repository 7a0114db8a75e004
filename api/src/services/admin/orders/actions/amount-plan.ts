/**
 * 金額変更, priced (pure): an order's lines with their new quantities (0 removes a line) and the shop's
 * 値引き, priced with the shop's own rules exactly as the decision priced the order
 * (services/carts/pricing.ts through priceWithPaymentFee: tax once per rate, amount_by_tax_rate, the
 * 代引 fee band, carriage per delivery). The decisions this encodes (docs/api.md "Back office"):
 * - a line keeps the unit price and tax rate it was ordered at;
 * - the coupon stays used: an amount coupon gives the same yen, a percent coupon its percent of the
 *   new goods (capped at its max_discount); its minimum order is not checked again;
 * - the 値引き spreads over the goods like the coupon (it lowers the taxable amount and the points
 *   earned), and the coupon and 値引き together never exceed the goods;
 * - the points used stay, capped at what the new total leaves to pay (the rest goes back to the member);
 * - the points earned are recomputed at the rate in force when the order was placed.
 */
import type { CouponRow } from '../../../carts/coupons.ts';
import { couponDiscount } from '../../../carts/coupons.ts';
import type { CarriageRule, PricedLine, PricingResult } from '../../../carts/pricing.ts';
import { priceWithPaymentFee } from '../../../carts/pricing.ts';
import type { OrderCoupon } from '../../../orders/benefits.ts';
import type { PaymentRow } from '../../../payments/index.ts';
import { earnedPoints } from '../../../points/earn.ts';
import { asTaxRate, priceWithTax } from '../../../tax/index.ts';
import { amountErrors } from './errors.ts';

export interface PlanLine {
  id: number;
  product_id: number | null;
  name: string;
  code: string;
  unit_price: number;
  tax_rate: number;
  quantity: number;
  shipping_index: number;
}
/** One stored delivery (orders.shippings[n]); older snapshots and a gift's lack the fee fields. */
export type StoredDelivery = Record<string, unknown> & { packing_fee?: number; noshi_fee?: number; carriage?: number };

export interface PlanInput {
  items: PlanLine[];
  changes: { item_id: number; quantity: number }[];
  /** The requested 値引き; undefined keeps the order's. */
  discount: number | undefined;
  current: { shop_discount: number; use_point: number; coupons: OrderCoupon[]; shippings: StoredDelivery[] };
  coupon: Pick<CouponRow, 'discount_type' | 'discount_value' | 'max_discount'> | null;
  payment: Pick<PaymentRow, 'fee' | 'settings'>;
  carriage: CarriageRule;
  pointRate: number;
}

export interface AmountPlan {
  kept: { line: PlanLine; quantity: number; priced: PricedLine }[];
  removed: PlanLine[];
  /** Whether anything changes at all (quantities or the 値引き). */
  changed: boolean;
  couponDiscount: number;
  shopDiscount: number;
  pricing: PricingResult;
  earned: number;
  /** The points used after the change, and what goes back to the member. */
  usePoint: number;
  returnedPoint: number;
  coupons: OrderCoupon[];
  shippings: StoredDelivery[];
  /** Stock to take (positive) or give back (negative), by product. */
  stock: Map<number, number>;
}

export type PlanResult = { ok: true; plan: AmountPlan } | { ok: false; errors: Record<string, string[]> };

export function planAmount(p: PlanInput): PlanResult {
  const errors: Record<string, string[]> = {};
  const byId = new Map(p.items.map((l) => [l.id, l]));
  const wanted = new Map<number, number>();
  p.changes.forEach((c, i) => {
    if (!byId.has(c.item_id)) errors[`lines.${i}.item_id`] = ['明細が見つかりません'];
    else if (wanted.has(c.item_id)) errors[`lines.${i}.item_id`] = ['同じ明細が2回指定されています'];
    else wanted.set(c.item_id, c.quantity);
  });
  const next = p.items.map((line) => ({ line, quantity: wanted.get(line.id) ?? line.quantity }));
  const keep = next.filter((n) => n.quantity > 0);
  if (!keep.length) errors.lines = ['明細を1つ以上残してください（すべて取り消す場合はキャンセルしてください）'];
  if (Object.keys(errors).length) return { ok: false, errors };

  const goods = keep.reduce((s, n) => s + priceWithTax(n.line.unit_price, n.line.tax_rate) * n.quantity, 0);
  const recorded = p.current.coupons[0]?.discount ?? 0;
  const coupon = !p.current.coupons.length ? 0 : p.coupon ? couponDiscount(p.coupon, goods) : Math.min(recorded, goods);
  const shop = p.discount ?? p.current.shop_discount;
  if (coupon + shop > goods) return { ok: false, errors: { discount: [amountErrors.discountTooLarge(Math.max(0, goods - coupon))] } };

  const count = Math.max(1, p.current.shippings.length, ...p.items.map((l) => l.shipping_index + 1));
  const used = new Set(keep.map((n) => n.line.shipping_index));
  const fees = Array.from({ length: count }, (_, i) =>
    used.has(i) ? (p.current.shippings[i]?.packing_fee ?? 0) + (p.current.shippings[i]?.noshi_fee ?? 0) : 0,
  );
  const pricing = priceWithPaymentFee(p.payment, {
    lines: keep.map((n) => ({
      unit_price: n.line.unit_price,
      tax_rate: asTaxRate(n.line.tax_rate),
      quantity: n.quantity,
      shipment: n.line.shipping_index,
    })),
    shipments: fees.map((packingFee) => ({ packingFee })),
    paymentFee: p.payment.fee,
    discount: coupon + shop,
    usePoint: p.current.use_point,
    carriage: p.carriage,
  });
  const earned = earnedPoints(
    keep.map((n, i) => ({
      tax_rate: n.line.tax_rate,
      subtotal_with_tax: pricing.lines[i].subtotal_with_tax,
      coupon_discount: pricing.lines[i].coupon_discount,
    })),
    p.pointRate,
  );

  const stock = new Map<number, number>();
  for (const n of next) {
    if (n.line.product_id == null || n.quantity === n.line.quantity) continue;
    stock.set(n.line.product_id, (stock.get(n.line.product_id) ?? 0) + n.quantity - n.line.quantity);
  }
  const shippings = p.current.shippings.map((d, i) =>
    'carriage' in d || 'packing_fee' in d
      ? { ...d, carriage: pricing.shipmentCarriage[i] ?? 0, ...(used.has(i) ? {} : { packing_fee: 0, noshi_fee: 0 }) }
      : d,
  );
  return {
    ok: true,
    plan: {
      kept: keep.map((n, i) => ({ ...n, priced: pricing.lines[i] })),
      removed: next.filter((n) => n.quantity === 0).map((n) => n.line),
      changed: next.some((n) => n.quantity !== n.line.quantity) || shop !== p.current.shop_discount,
      couponDiscount: coupon,
      shopDiscount: shop,
      pricing,
      earned,
      usePoint: pricing.order.use_point,
      returnedPoint: p.current.use_point - pricing.order.use_point,
      coupons: p.current.coupons.map((c, i) => ({ ...c, discount: i === 0 ? coupon : 0 })),
      shippings,
      stock,
    },
  };
}
