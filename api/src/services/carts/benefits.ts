/**
 * What the coupons, points and carriage settings bring to a cart's pricing, for the view (view.ts)
 * and the decision (checkout/decision.ts) alike, so the cart shows exactly what the order will record:
 * the coupon discount (tax included, spread over the goods by pricing), the points used (the
 * cart's use_point, never more than the member's balance now; a guest uses none), the carriage
 * rule in force, and the points the order earns.
 */

import type { CartCarriage, CartCoupon } from '#contracts/cart.ts';
import type { UserRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { earnedPoints } from '../points/earn.ts';
import { benefitSettings, benefitSettingsOf } from '../points/settings.ts';
import { priceWithTax } from '../tax/index.ts';
import { type EvaluatedCoupon, evaluateCoupons } from './coupons.ts';
import type { CarriageRule, PricingResult } from './pricing.ts';
import type { CartRow } from './types.ts';

export interface CartBenefits {
  coupons: EvaluatedCoupon[];
  /** Inputs of priceCart. */
  discount: number;
  usePoint: number;
  carriage: CarriageRule;
  pointRate: number;
  carriageView: CartCarriage;
}

interface Line {
  unit_price: number;
  tax_rate: number;
  quantity: number;
}

/** The benefits of `cart` over `lines` (the lines pricing will price) at `now`. */
export async function cartBenefits(
  conn: Db | Tx,
  cart: Pick<CartRow, 'coupon_codes' | 'use_point' | 'channel_settings'>,
  user: UserRow | null,
  channelId: string,
  lines: Line[],
  now = new Date(),
): Promise<CartBenefits> {
  const goods = lines.reduce((s, l) => s + priceWithTax(l.unit_price, l.tax_rate) * l.quantity, 0);
  // The settings read along with the cart row (carts/queries.ts) when there, else read now.
  const settings = cart.channel_settings ? benefitSettingsOf(cart.channel_settings, now) : await benefitSettings(conn, channelId, now);
  const coupons = await evaluateCoupons(conn, cart, user, channelId, goods, now);
  return {
    coupons,
    discount: coupons.reduce((s, c) => s + c.discount, 0),
    usePoint: user ? Math.max(0, Math.min(cart.use_point, user.point_balance)) : 0,
    carriage: settings.carriage,
    pointRate: settings.pointRate,
    carriageView: settings.carriageView,
  };
}

/** The coupons as the cart lists them (without their rows). */
export const wireCoupons = (b: CartBenefits): CartCoupon[] => b.coupons.map(({ coupon: _row, ...c }) => c);

/** A line's coupon share as `coupon_discount_parts` (one coupon per order: the one that gives a discount). */
export function couponParts(b: CartBenefits, share: number): { code: string; amount: number }[] {
  const giving = b.coupons.find((c) => c.discount > 0);
  return giving && share > 0 ? [{ code: giving.code, amount: share }] : [];
}

/** Points the priced order earns. */
export const earnPointOf = (b: CartBenefits, lines: { tax_rate: number }[], pricing: PricingResult) =>
  earnedPoints(
    lines.map((l, i) => ({
      tax_rate: l.tax_rate,
      subtotal_with_tax: pricing.lines[i].subtotal_with_tax,
      coupon_discount: pricing.lines[i].coupon_discount,
    })),
    b.pointRate,
  );
