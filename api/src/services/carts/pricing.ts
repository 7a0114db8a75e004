/**
 * Cart pricing, pure, as a qualified invoice (適格請求書) must compute it:
 * - a line is its tax-inclusive unit price × quantity, so the unit price times the quantity is always
 *   the line total shown (総額表示);
 * - consumption tax is rounded once per tax rate per order (floor of the rate's tax-inclusive total ×
 *   rate / (100 + rate)), never per line; a line's `tax_amount` is its share of the tax in its rate's
 *   goods before discounts (for display and the tax-exclusive subtotal);
 * - a coupon discount and used points lower the taxable amount of the rates they are spread over
 *   (discounts before tax), the coupon over the goods lines (its per-line parts), the points over
 *   everything charged;
 * - carriage is charged per shipment (free from a threshold of that shipment's goods), and carriage,
 *   wrapping and the payment fee are taxed at the standard rate.
 * The cart, the decision and the stored order all use this one function so their figures agree.
 */

import type { AmountByTaxRate, CartOrder } from '#contracts/cart.ts';
import { CARRIAGE } from '#contracts/cart.ts';
import type { PaymentRow } from '../payments/index.ts';
import { feeFor, settingsOf } from '../payments/methods.ts';
import { includedTax, priceWithTax } from '../tax/index.ts';

export interface PricingLine {
  unit_price: number;
  tax_rate: 8 | 10;
  quantity: number;
  /** Index of the shipment the line goes with (default 0). */
  shipment?: number;
  /** Whether the coupon applies to this line (default true). */
  couponable?: boolean;
}
export interface PricedLine {
  unit_price_with_tax: number;
  /** This line's share of its rate's tax (information; the rate's tax is rounded once). */
  tax_amount: number;
  subtotal: number;
  subtotal_with_tax: number;
  /** This line's share of the coupon discount, yen. */
  coupon_discount: number;
}
export interface PricingShipment {
  /** Wrapping and のし fees of the shipment, tax included. */
  packingFee: number;
}
export interface CarriageRule {
  /** Carriage per shipment, tax included. */
  fee: number;
  /** A shipment whose goods reach this (tax included) ships free; null: never free. */
  freeFrom: number | null;
}
export interface PricingInput {
  lines: PricingLine[];
  /** The shipments the lines go to (default: one, without packing). */
  shipments?: PricingShipment[];
  /** The chosen payment method's fee, tax included; 0 when none is chosen. */
  paymentFee: number;
  /** Coupon discount, tax included (capped at the couponable goods). */
  discount?: number;
  /** Points used (1 point = 1 yen; capped at what is left to pay). */
  usePoint?: number;
  carriage?: CarriageRule;
}
export interface PricingResult {
  lines: PricedLine[];
  order: CartOrder;
  /** Carriage of each shipment, tax included. */
  shipmentCarriage: number[];
}

/** Rate that carriage, wrapping and payment fees are taxed at (standard rate). */
const SERVICE_TAX_RATE = 10;

/** Carriage for one shipment's goods worth `goodsWithTax`; nothing to ship, nothing to pay. */
export function carriageFor(goodsWithTax: number, lineCount: number, rule: CarriageRule = CARRIAGE): number {
  if (lineCount === 0) return 0;
  return rule.freeFrom != null && goodsWithTax >= rule.freeFrom ? 0 : rule.fee;
}

/**
 * Splits `amount` over `weights` in proportion, in whole yen, the remainders going to the largest
 * fractions (ties to the earlier): the parts always add up to `amount`, and no part exceeds its weight.
 */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const take = Math.min(amount, total);
  const exact = weights.map((w) => (take * w) / total);
  const parts = exact.map(Math.floor);
  let left = take - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    if (parts[i] < weights[i]) {
      parts[i] += 1;
      left -= 1;
    }
  }
  return parts;
}

/** Prices every line and the cart totals. */
export function priceCart({ lines, shipments, paymentFee, discount = 0, usePoint = 0, carriage = CARRIAGE }: PricingInput): PricingResult {
  const shipmentList = shipments?.length ? shipments : [{ packingFee: 0 }];
  const gross = lines.map((l) => priceWithTax(l.unit_price, l.tax_rate) * l.quantity);

  // The coupon over the goods it applies to.
  const couponParts = allocate(
    discount,
    lines.map((l, i) => (l.couponable === false ? 0 : gross[i])),
  );
  const total_discount = couponParts.reduce((s, p) => s + p, 0);

  // Charges: carriage per shipment (on its goods before the coupon), wrapping, the payment fee.
  const shipmentCarriage = shipmentList.map((_, n) => {
    const own = lines.map((l, i) => ((l.shipment ?? 0) === n ? i : -1)).filter((i) => i >= 0);
    return carriageFor(
      own.reduce((s, i) => s + gross[i], 0),
      own.length,
      carriage,
    );
  });
  const total_carriage = shipmentCarriage.reduce((s, c) => s + c, 0);
  const total_packing = lines.length === 0 ? 0 : shipmentList.reduce((s, x) => s + x.packingFee, 0);
  // An empty cart owes no fee either: there is nothing to pay for.
  const total_fee = lines.length === 0 ? 0 : paymentFee;
  const charges = total_carriage + total_packing + total_fee;

  // Points over everything still to pay: the goods after the coupon, then the charges.
  const afterCoupon = gross.map((g, i) => g - couponParts[i]);
  const pointParts = allocate(usePoint, [...afterCoupon, charges]);
  const use_point = pointParts.reduce((s, p) => s + p, 0);

  // Tax-inclusive amounts per rate after discounts, then one rounding per rate.
  const buckets = new Map<number, { gross: number; net: number }>();
  const add = (rate: number, g: number, net: number) => {
    const b = buckets.get(rate) ?? { gross: 0, net: 0 };
    b.gross += g;
    b.net += net;
    buckets.set(rate, b);
  };
  lines.forEach((l, i) => {
    add(l.tax_rate, gross[i], afterCoupon[i] - pointParts[i]);
  });
  if (charges > 0) add(SERVICE_TAX_RATE, charges, charges - pointParts[lines.length]);
  const amount_by_tax_rate: AmountByTaxRate[] = [...buckets]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, b]) => {
      const tax = includedTax(b.net, rate);
      return { tax_rate: rate as 8 | 10, subtotal: b.net - tax, tax, total: b.net };
    });
  const total_tax = amount_by_tax_rate.reduce((s, b) => s + b.tax, 0);

  // Each line's share of the tax in its rate's goods before discounts (rounded once per rate too):
  // the line's tax-exclusive figure, for display and the order's subtotal.
  const lineTax = new Array<number>(lines.length).fill(0);
  for (const rate of new Set(lines.map((l) => l.tax_rate))) {
    const idx = lines.map((l, i) => (l.tax_rate === rate ? i : -1)).filter((i) => i >= 0);
    const shares = allocate(
      includedTax(
        idx.reduce((s, i) => s + gross[i], 0),
        rate,
      ),
      idx.map((i) => gross[i]),
    );
    idx.forEach((i, k) => {
      lineTax[i] = shares[k];
    });
  }

  const priced = lines.map(
    (l, i): PricedLine => ({
      unit_price_with_tax: priceWithTax(l.unit_price, l.tax_rate),
      tax_amount: lineTax[i],
      subtotal: gross[i] - lineTax[i],
      subtotal_with_tax: gross[i],
      coupon_discount: couponParts[i],
    }),
  );
  const subtotal_with_tax = gross.reduce((s, g) => s + g, 0);
  return {
    lines: priced,
    shipmentCarriage,
    order: {
      subtotal: priced.reduce((s, l) => s + l.subtotal, 0),
      subtotal_with_tax,
      total_tax,
      total_carriage,
      total_packing,
      total_fee,
      total_discount,
      use_point,
      total_payment: subtotal_with_tax + charges - total_discount - use_point,
      amount_by_tax_rate,
    },
  };
}

/**
 * Prices the cart with the chosen method's fee: first without a fee (the amount the bands are read
 * on: goods, carriage and wrapping after coupons and points), then with the fee of that amount.
 */
export function priceWithPaymentFee(payment: Pick<PaymentRow, 'fee' | 'settings'> | null, input: PricingInput): PricingResult {
  if (!payment) return priceCart({ ...input, paymentFee: 0 });
  if (!settingsOf(payment).fee_bands?.length) return priceCart({ ...input, paymentFee: payment.fee });
  const base = priceCart({ ...input, paymentFee: 0 });
  return priceCart({ ...input, paymentFee: feeFor(payment, base.order.total_payment) });
}
