/**
 * Coupons and points (spec 3 "Cart" detail.coupons, "Point"; spec 7 PATCH /v1/carts/coupons/add|delete,
 * PATCH /v1/carts/point, GET /v1/me/coupons, /v1/me/points, /v1/me/point-histories).
 * 1 point = 1 yen. Points are earned on the goods' price without tax, after the coupon.
 */

import { cartTokenSchema } from './cart.ts';
import { pagedQuerySchema } from './common.ts';
import { dbInt, requiredText } from './fields.ts';
import { z } from './zod.ts';

/** How long a coupon code may be (the seeded ones are 8-12 characters). */
export const COUPON_CODE_MAX = 32;

/** PATCH /v1/carts/coupons/add and /delete. The code is matched ignoring case and full-width letters. */
export const cartCouponRequestSchema = z
  .object({
    token: cartTokenSchema,
    code: requiredText(COUPON_CODE_MAX, { label: 'クーポンコード' }),
  })
  .meta({ id: 'CartCouponRequest' });
export type CartCouponRequest = z.infer<typeof cartCouponRequestSchema>;

/** PATCH /v1/carts/point: whole points, 0 to stop using points (members only). */
export const cartPointRequestSchema = z
  .object({
    token: cartTokenSchema,
    use_point: dbInt({ min: 0, label: 'ご利用ポイント' }),
  })
  .meta({ id: 'CartPointRequest' });
export type CartPointRequest = z.infer<typeof cartPointRequestSchema>;

/** A coupon as GET /v1/me/coupons lists it. */
export const myCouponSchema = z
  .object({
    id: z.number().int().positive(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    discount_type: z.enum(['amount', 'percent']),
    discount_value: z.number().int(),
    /** Cap of a percent discount, yen; null: none. */
    max_discount: z.number().int().nullable(),
    /** Goods total (tax included) the order must reach. */
    min_total: z.number().int(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    /** Given to this member (a member-only coupon), rather than open to everyone. */
    is_granted: z.boolean(),
    /** When this member used it; null: not used. */
    used_at: z.string().nullable(),
  })
  .meta({ id: 'MyCoupon' });
export type MyCoupon = z.infer<typeof myCouponSchema>;
export const myCouponListSchema = z.array(myCouponSchema);

/** GET /v1/me/coupons query: page and per (default 10). */
export const myCouponQuerySchema = pagedQuerySchema;

/** Points earned on one order and still pending, with why (「発送後に付与されます」, 「お支払い確認後に付与されます」…). */
export const pendingPointSchema = z
  .object({
    order_no: z.string(),
    amount: z.number().int().positive(),
    note: z.string(),
    ordered_at: z.string(),
  })
  .meta({ id: 'PendingPoint' });
export type PendingPoint = z.infer<typeof pendingPointSchema>;

/** GET /v1/me/points: the balance and what expires soon (points expire 1 year after they were earned). */
export const pointSummarySchema = z
  .object({
    point_balance: z.number().int().nonnegative(),
    /** Points of the balance that expire within `expiring_within_days`. */
    expiring_point: z.number().int().nonnegative(),
    /** The earliest expiry among them (ISO), or null. */
    expiring_at: z.string().nullable(),
    expiring_within_days: z.number().int().positive(),
    /** Percent of the goods' price without tax earned on an order. */
    point_rate: z.number().nonnegative(),
    /** Points earned on orders not paid or shipped yet (付与予定): not in `point_balance`, not usable yet. */
    pending_point: z.number().int().nonnegative(),
    /** The orders they wait on, newest first (at most 50). */
    pending: z.array(pendingPointSchema),
  })
  .meta({ id: 'PointSummary' });
export type PointSummary = z.infer<typeof pointSummarySchema>;

/** One movement of the balance. */
export const pointHistorySchema = z
  .object({
    id: z.number().int().positive(),
    amount: z.number().int(),
    reason: z.string(),
    order_no: z.string().nullable(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PointHistory' });
export type PointHistory = z.infer<typeof pointHistorySchema>;
export const pointHistoryListSchema = z.array(pointHistorySchema);
export const pointHistoryQuerySchema = pagedQuerySchema;
