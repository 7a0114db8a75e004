/**
 * One order as the staff's screen shows it (GET /admin/v1/orders/{id}): lines, deliveries with their
 * shipments, payment, points and coupons, the customer, the customer's messages, the history, and
 * which actions the order's state allows now, so the screen offers only buttons that can work.
 * Never a password hash, a card number, a security answer or a payment provider's reference.
 */

import { deliveryAddressSchema } from './addresses.ts';
import { ADMIN_ORDER_STATES, yen } from './admin-orders.ts';
import { lineEmbroiderySchema } from './embroidery.ts';
import { earnPointStateSchema } from './orders.ts';
import { orderSocialGiftSchema } from './social-gift.ts';
import { z } from './zod.ts';

/** One line; `id` is what POST …/amount names as `item_id`. */
export const adminOrderLineSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Tax excluded, and with tax. */
  unit_price: yen,
  unit_price_with_tax: yen,
  tax_rate: z.number().int(),
  quantity: z.number().int(),
  subtotal_with_tax: yen,
  /** The line's share of the coupon discount. */
  coupon_discount: yen,
  /** The delivery (index into `deliveries`) it goes with. */
  shipping_index: z.number().int(),
  embroidery: lineEmbroiderySchema.nullable(),
});

/** A delivery's shipment (order_shipments), once shipped. */
export const adminShipmentSchema = z.object({
  carrier: z.string(),
  carrier_name: z.string(),
  tracking_no: z.string(),
  /** The carrier's tracking page, or null (その他). */
  tracking_url: z.string().nullable(),
  shipped_at: z.string(),
  editor_name: z.string().nullable(),
});

/** One delivery (orders.shippings[index]) with its shipment. */
export const adminDeliverySchema = z.object({
  index: z.number().int(),
  address: deliveryAddressSchema,
  delivery_date: z.string().nullable(),
  /** 0812 | 1416 | 1618 | 1820 | 1921, or null (指定なし). */
  delivery_timezone: z.string().nullable(),
  delivery_timezone_label: z.string(),
  packing_name: z.string().nullable(),
  packing_fee: yen,
  noshi_type: z.string().nullable(),
  noshi_name: z.string().nullable(),
  noshi_fee: yen,
  carriage: yen,
  shipment: adminShipmentSchema.nullable(),
  /** POST …/shipments/{index}/ship can work now. */
  can_ship: z.boolean(),
});

export const adminPaymentSchema = z.object({
  code: z.string().nullable(),
  name: z.string(),
  status: z.string(),
  status_label: z.string(),
  /** What the shopper was told (bank account, konbini number, card brand and last 4, deadline), without the provider's reference. */
  detail: z.record(z.string(), z.unknown()),
  /** Each attempt with the provider (authorisation, capture, void, refund), oldest first; no reference. */
  transactions: z.array(
    z.object({
      id: z.number().int(),
      method: z.string(),
      status: z.string(),
      amount: yen,
      captured_amount: yen,
      refunded_amount: yen,
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
});

export const adminOrderCustomerSchema = z.object({
  user_id: z.number().int().nullable(),
  /** A guest purchase (its member row is a placeholder). */
  is_guest: z.boolean(),
  username: z.string().nullable(),
  last_name: z.string(),
  first_name: z.string(),
  last_name_kana: z.string(),
  first_name_kana: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  cell_phone_number: z.string().nullable(),
});

/** An inquiry (contact form) that names this order's number. */
export const adminOrderInquirySchema = z.object({
  number: z.string(),
  created_at: z.string(),
  category_name: z.string(),
  name: z.string(),
  email: z.string(),
  body: z.string(),
});

export const adminOrderHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  message: z.string(),
  /** Who acted: a staff member (named as they were then), the customer, or the shop's own processes. */
  by: z.enum(['staff', 'customer', 'system']),
  editor_name: z.string().nullable(),
});

export const adminOrderActionsSchema = z.object({
  /** 入金確認 (銀行振込, コンビニ払い, 後払い while unpaid). */
  can_pay: z.boolean(),
  /** At least one delivery can be shipped. */
  can_ship: z.boolean(),
  can_cancel: z.boolean(),
  /** 金額変更: before any shipment. */
  can_change_amount: z.boolean(),
  /** 返金済みにする: cancelled with a received payment (others.manual_refund) not yet recorded as refunded. */
  can_mark_refunded: z.boolean(),
});
export type AdminOrderActions = z.infer<typeof adminOrderActionsSchema>;

export const adminOrderDetailSchema = z
  .object({
    id: z.number().int(),
    order_no: z.string(),
    channel_id: z.string(),
    ordered_at: z.string(),
    status: z.string(),
    state: z.enum(ADMIN_ORDER_STATES),
    state_label: z.string(),
    customer: adminOrderCustomerSchema,
    lines: z.array(adminOrderLineSchema),
    deliveries: z.array(adminDeliverySchema),
    /** A social gift's link state (its delivery appears once the receiver entered the address). */
    social_gift: orderSocialGiftSchema.nullable(),
    totals: z.object({
      subtotal_with_tax: yen,
      total_tax: yen,
      total_carriage: yen,
      total_packing: yen,
      total_fee: yen,
      /** Every discount: the coupons' and the shop's 値引き (金額変更). */
      total_discount: yen,
      /** The shop's 値引き alone (what POST …/amount's `discount` sets). */
      shop_discount: yen,
      use_point: yen,
      total_payment: yen,
    }),
    payment: adminPaymentSchema,
    points: z.object({ used: yen, earned: yen, earned_state: earnPointStateSchema.nullable() }),
    coupons: z.array(z.object({ code: z.string(), name: z.string(), discount: yen })),
    /** The customer's 備考 (orders.others.note) and the inquiries naming this order. */
    messages: z.object({ note: z.string(), inquiries: z.array(adminOrderInquirySchema) }),
    cancel_reason: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    /**
     * What staff must still do by hand, one Japanese line each: a received payment to refund
     * (others.manual_refund, until 返金済み is recorded), a card void or refund not confirmed by the provider yet
     * (cancel_only_ecd_key), points already spent that a cancellation could not take back.
     */
    warnings: z.array(z.string()),
    /** Newest first; the last entry is the order itself (「ご注文」 at ordered_at). */
    history: z.array(adminOrderHistoryEntrySchema),
    actions: adminOrderActionsSchema,
  })
  .meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;
