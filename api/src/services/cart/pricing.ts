/**
 * Cart pricing, pure: per-line consumption tax (floored per line), totals per tax rate, carriage
 * (660 yen incl. tax, free from 5,500 yen of goods incl. tax) and the payment fee. The cart, the
 * decision and the stored order all use this one function so their figures always agree.
 */
import { CARRIAGE } from '#contracts/cart.ts';
import type { AmountByTaxRate, CartOrder } from '#contracts/cart.ts';
import { includedTax, lineTax, priceWithTax } from '../tax.ts';

export interface PricingLine { unit_price: number; tax_rate: 8 | 10; quantity: number }
export interface PricedLine {
  unit_price_with_tax: number;
  tax_amount: number;
  subtotal: number;
  subtotal_with_tax: number;
}
export interface PricingInput {
  lines: PricingLine[];
  /** The chosen payment method's fee, tax included; 0 when none is chosen. */
  paymentFee: number;
  discount?: number;
  usePoint?: number;
}
export interface PricingResult { lines: PricedLine[]; order: CartOrder }

/** Rate that carriage and payment fees are taxed at (standard rate). */
const SERVICE_TAX_RATE = 10;

/** Carriage for goods worth `subtotalWithTax` (tax incl.); nothing to ship, nothing to pay. */
export function carriageFor(subtotalWithTax: number, lineCount: number): number {
  if (lineCount === 0) return 0;
  return subtotalWithTax >= CARRIAGE.freeFrom ? 0 : CARRIAGE.fee;
}

/** Prices every line and the cart totals. */
export function priceCart({ lines, paymentFee, discount = 0, usePoint = 0 }: PricingInput): PricingResult {
  const priced = lines.map((l): PricedLine => {
    const subtotal = l.unit_price * l.quantity;
    const tax_amount = lineTax(l.unit_price, l.quantity, l.tax_rate);
    return { unit_price_with_tax: priceWithTax(l.unit_price, l.tax_rate), tax_amount, subtotal, subtotal_with_tax: subtotal + tax_amount };
  });

  const buckets = new Map<number, AmountByTaxRate>();
  const bucket = (rate: 8 | 10) => {
    let b = buckets.get(rate);
    if (!b) buckets.set(rate, (b = { tax_rate: rate, subtotal: 0, tax: 0, total: 0 }));
    return b;
  };
  lines.forEach((l, i) => {
    const b = bucket(l.tax_rate);
    b.subtotal += priced[i].subtotal;
    b.tax += priced[i].tax_amount;
    b.total += priced[i].subtotal_with_tax;
  });

  const subtotal = priced.reduce((s, l) => s + l.subtotal, 0);
  const subtotal_with_tax = priced.reduce((s, l) => s + l.subtotal_with_tax, 0);
  const total_carriage = carriageFor(subtotal_with_tax, lines.length);
  // An empty cart owes no fee either: there is nothing to pay for.
  const total_fee = lines.length === 0 ? 0 : paymentFee;
  for (const amount of [total_carriage, total_fee]) {
    if (amount <= 0) continue;
    const b = bucket(SERVICE_TAX_RATE);
    const tax = includedTax(amount, SERVICE_TAX_RATE);
    b.subtotal += amount - tax;
    b.tax += tax;
    b.total += amount;
  }
  const amount_by_tax_rate = [...buckets.values()].sort((a, b) => b.tax_rate - a.tax_rate);
  const total_tax = amount_by_tax_rate.reduce((s, b) => s + b.tax, 0);
  const gross = subtotal_with_tax + total_carriage + total_fee;
  const total_discount = Math.min(discount, gross);
  const use_point = Math.min(usePoint, gross - total_discount);
  return {
    lines: priced,
    order: {
      subtotal, subtotal_with_tax, total_tax, total_carriage, total_fee, total_discount, use_point,
      total_payment: gross - total_discount - use_point, amount_by_tax_rate,
    },
  };
}
