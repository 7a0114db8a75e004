/** Orders (spec 3 "Order"; GET /v1/me/orders, /v1/me/orders/{id}, /v1/carts/order/{order_no}). */

import { cartOrderSchema, cartShippingSchema } from './cart.ts';
import { pagedQuerySchema } from './common.ts';
import { lineEmbroiderySchema } from './embroidery.ts';
import { requiredText } from './fields.ts';
import { CANCEL_REASON_MAX, RECEIPT_NAME_MAX } from './order-limits.ts';
import { taxRateSchema } from './products.ts';
import { orderSocialGiftSchema } from './social-gift.ts';
import { z } from './zod.ts';

export { CANCEL_REASON_MAX, CANCEL_WARNINGS, RECEIPT_NAME_MAX } from './order-limits.ts';

export const orderStatusSchema = z.enum(['ordered', 'shipped', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Japanese label of each status, as shown in the order history. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  ordered: 'ご注文受付',
  shipped: '発送済み',
  cancelled: 'キャンセル',
};

/** A line of an order: a snapshot taken at the decision, unaffected by later price changes. */
export const orderItemSchema = z
  .object({
    key: z.string(),
    code: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    unit_price: z.number().int(),
    unit_price_with_tax: z.number().int(),
    tax_rate: taxRateSchema,
    quantity: z.number().int().positive(),
    tax_amount: z.number().int(),
    subtotal_with_tax: z.number().int(),
    /** The line's 名入れ刺繍 as ordered, or null. */
    embroidery: lineEmbroiderySchema.nullable().optional(),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * One shipment of an order as it was decided: the address, its lines (keys of `items`), the delivery
 * date and time slot, wrapping, のし and carriage (a snapshot, unaffected by later changes).
 */
export const orderShippingSchema = cartShippingSchema
  .pick({
    address: true,
    product_keys: true,
    delivery_date: true,
    delivery_timezone_label: true,
    packing_name: true,
    packing_fee: true,
    noshi_type: true,
    noshi_name: true,
    noshi_fee: true,
    carriage: true,
  })
  .meta({ id: 'OrderShipping' });
export type OrderShipping = z.infer<typeof orderShippingSchema>;

/** Where the points earned on an order stand; `note` says why pending ones wait (null otherwise). */
export const earnPointStateSchema = z
  .object({
    status: z.enum(['pending', 'granted', 'cancelled']),
    note: z.string().nullable(),
  })
  .meta({ id: 'EarnPointState' });
export type EarnPointState = z.infer<typeof earnPointStateSchema>;

export const orderSchema = z
  .object({
    id: z.number().int().positive(),
    order_no: z.string(),
    status: orderStatusSchema,
    status_label: z.string(),
    ordered_at: z.string(),
    payment_id: z.number().int(),
    payment_name: z.string(),
    /** none | pending (bank, konbini, deferred, cod) | paid (confirmed by the shop) | authorized | captured | failed | cancelled | fraud_suspected. */
    payment_status: z.string().optional(),
    /**
     * What the shopper needs to pay: bank_account + deadline (銀行振込), store_name + payment_number +
     * deadline (コンビニ), notice (後払い), brand + last4 (card), amount and fee.
     */
    payment_detail: z.record(z.string(), z.unknown()).optional(),
    items: z.array(orderItemSchema),
    shippings: z.array(orderShippingSchema),
    /** The 備考 the shopper wrote at checkout ('' when none). */
    note: z.string().optional(),
    order: cartOrderSchema,
    user_order_total_payment: z.number().int(),
    cancel_reason: z.string().nullable(),
    cancel_only_ecd_key: z.string().nullable(),
    /** A social gift's status (受け取り待ち, お届け先入力済み, 期限切れ); its `shippings` stay empty for the sender. */
    social_gift: orderSocialGiftSchema.nullable().optional(),
    /** The points earned (`order.earn_point`): pending until paid or shipped (with why), granted, or cancelled; absent: none earned. */
    earn_point_state: earnPointStateSchema.optional(),
    /** The coupons used and what each gave (yen, tax included); `order.earn_point` is the points earned. */
    coupons: z.array(z.object({ code: z.string(), name: z.string(), discount: z.number().int() })).optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.array(orderSchema);

/** GET /v1/me/orders query: page and per (no per=all). */
export const orderListQuerySchema = pagedQuerySchema;
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

/** PUT /v1/me/orders/{id}/cancel: the member's reason (required). */
export const orderCancelRequestSchema = z
  .object({
    cancel_reason: requiredText(CANCEL_REASON_MAX, { label: 'キャンセル理由' }),
  })
  .meta({ id: 'OrderCancelRequest' });
export type OrderCancelRequest = z.input<typeof orderCancelRequestSchema>;

/** GET /v1/me/orders/{id}/download/receipt query: the addressee printed as 「○○ 様」. */
export const receiptQuerySchema = z.object({
  name: requiredText(RECEIPT_NAME_MAX, { label: '宛名' }),
});
export type ReceiptQuery = z.input<typeof receiptQuerySchema>;
