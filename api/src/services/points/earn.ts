/**
 * Points an order earns (pure): POINT.RATE percent of the goods' price without tax, after the coupon
 * (the coupon lowers the price of the goods; used points are a way of paying, so they do not lower
 * it). The goods of each tax rate are taken tax-included after the coupon, their tax removed once
 * per rate (as the invoice does), and the result floored to whole points. Carriage, wrapping and
 * fees earn nothing.
 */
import { includedTax } from '../tax/index.ts';

export interface EarnLine {
  tax_rate: number;
  subtotal_with_tax: number;
  coupon_discount: number;
}

/** Whole points earned on `lines` at `ratePercent` (e.g. 1 for 1 %). */
export function earnedPoints(lines: EarnLine[], ratePercent: number): number {
  if (!(ratePercent > 0)) return 0;
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.tax_rate, (byRate.get(l.tax_rate) ?? 0) + l.subtotal_with_tax - l.coupon_discount);
  let base = 0;
  for (const [rate, gross] of byRate) base += gross - includedTax(gross, rate);
  // The rate in hundredths of a percent, so 1.5 % stays exact in integer arithmetic.
  return Math.max(0, Math.floor((base * Math.round(ratePercent * 100)) / 10_000));
}
