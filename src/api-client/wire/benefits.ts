/** Decoders of the member's coupons and points, declared against the contract's types. */
import type { MyCoupon, PointHistory, PointSummary } from '#contracts/benefits.ts';
import { boolean, int, literal, nullable, number, object, string, type Decoder } from '../guard.ts';

export const myCouponWire: Decoder<MyCoupon> = /* @__PURE__ */ object({
  id: int, code: string, name: string, description: string, discount_type: literal('amount', 'percent'), discount_value: int,
  max_discount: nullable(int), min_total: int, starts_at: nullable(string), ends_at: nullable(string), is_granted: boolean, used_at: nullable(string),
});

export const pointSummaryWire: Decoder<PointSummary> = /* @__PURE__ */ object({
  point_balance: int, expiring_point: int, expiring_at: nullable(string), expiring_within_days: int, point_rate: number,
});

export const pointHistoryWire: Decoder<PointHistory> = /* @__PURE__ */ object({
  id: int, amount: int, reason: string, order_no: nullable(string), expires_at: nullable(string), created_at: string,
});
