/** Decoders of the member's coupons and point history, declared against the contract's types (the balance: wire/points.ts). */
import type { MyCoupon, PointHistory } from '#contracts/benefits.ts';
import { boolean, type Decoder, int, literal, nullable, object, string } from '../core/guard.ts';

export const myCouponWire: Decoder<MyCoupon> = /* @__PURE__ */ object({
  id: int,
  code: string,
  name: string,
  description: string,
  discount_type: literal('amount', 'percent'),
  discount_value: int,
  max_discount: nullable(int),
  min_total: int,
  starts_at: nullable(string),
  ends_at: nullable(string),
  is_granted: boolean,
  used_at: nullable(string),
});

export const pointHistoryWire: Decoder<PointHistory> = /* @__PURE__ */ object({
  id: int,
  amount: int,
  reason: string,
  order_no: nullable(string),
  expires_at: nullable(string),
  created_at: string,
});
