/**
 * Cart (spec 3 "Cart", spec 7 /v1/carts/…). Every cart operation answers with the whole Cart.
 * Money is integer yen; "excl" is tax-exclusive, "with_tax" tax-inclusive; a line is its tax-inclusive
 * unit price × quantity, and tax is rounded once per rate per order (a qualified invoice).
 */

import { addressInputSchema, deliveryAddressSchema } from './addresses.ts';
import { cartPaymentChoiceFields, cartPaymentInputSchema, cartTransactionErrorSchema } from './card-payments.ts';
import { lineEmbroideryInputSchema, lineEmbroiderySchema } from './embroidery.ts';
import { dbIdNumber, flag, keyText, quantity } from './fields.ts';
import { errorFor } from './issues.ts';
import { messages } from './messages.ts';
import { productSchema, taxRateSchema } from './products.ts';
import { cartSocialGiftSchema } from './social-gift.ts';
import { z } from './zod.ts';

const yen = z.number().int();

/** One line of the cart. `key` identifies the line for modify/delete. */
export const cartProductSchema = z
  .object({
    key: z.string(),
    product_info: productSchema,
    /** Tax-exclusive unit price. */
    unit_price: yen,
    unit_price_with_tax: yen,
    tax_rate: taxRateSchema,
    quantity: z.number().int().positive(),
    /** The line's share of the tax in its rate's goods (the tax itself is rounded once per rate per order). */
    tax_amount: yen,
    subtotal: yen,
    subtotal_with_tax: yen,
    /** The line's share of each coupon, yen (tax included). */
    coupon_discount_parts: z.array(z.object({ code: z.string(), amount: yen })),
    /** Set on an accessory's line: the key of the line it belongs to (PATCH /v1/carts/accessories/…). */
    parent_key: z.string().nullable().optional(),
    /** The shipping the line goes with (null: the first, or none chosen yet). */
    shipping_id: z.number().int().positive().nullable().optional(),
    /** The line's 名入れ刺繍, or null (a product with two different embroideries is two lines). */
    embroidery: lineEmbroiderySchema.nullable().optional(),
  })
  .meta({ id: 'CartProduct' });
export type CartProduct = z.infer<typeof cartProductSchema>;

/**
 * One shipment: where it goes, which lines (product_keys), when (指定なし is null), its wrapping and
 * のし with their fees (tax included) and its carriage. Lines without a shipping go with the first.
 */
export const cartShippingSchema = z
  .object({
    id: z.number().int().positive(),
    /** The shipping's id as a string (spec 3 shipping_key). */
    key: z.string(),
    user_address_id: z.number().int().positive().nullable(),
    address: deliveryAddressSchema,
    product_keys: z.array(z.string()),
    delivery_date: z.string().nullable(),
    delivery_timezone: z.string().nullable(),
    /** 「午前中」…, or 「指定なし」. */
    delivery_timezone_label: z.string(),
    packing_key: z.string().nullable(),
    packing_name: z.string().nullable(),
    packing_fee: yen,
    noshi_type: z.string().nullable(),
    noshi_name: z.string().nullable(),
    noshi_fee: yen,
    carriage: yen,
  })
  .meta({ id: 'CartShipping' });
export type CartShipping = z.infer<typeof cartShippingSchema>;

/** Totals of one tax rate; carriage and payment fee count in the 10 % bucket. */
export const amountByTaxRateSchema = z
  .object({
    tax_rate: taxRateSchema,
    subtotal: yen,
    tax: yen,
    total: yen,
  })
  .meta({ id: 'AmountByTaxRate' });
export type AmountByTaxRate = z.infer<typeof amountByTaxRateSchema>;

/** The cart's (and an order's) totals. */
export const cartOrderSchema = z
  .object({
    /** Sum of the lines, tax-exclusive. */
    subtotal: yen,
    subtotal_with_tax: yen,
    /** Tax of the lines plus the tax contained in carriage and fee. */
    total_tax: yen,
    /** Carriage, tax included. */
    total_carriage: yen,
    /** Gift wrapping and のし fees, tax included. */
    total_packing: yen,
    /** Payment fee, tax included. */
    total_fee: yen,
    total_discount: yen,
    use_point: yen,
    total_payment: yen,
    amount_by_tax_rate: z.array(amountByTaxRateSchema),
    /** Points this order earns (the cart: before purchase; an order: granted at the decision). */
    earn_point: yen.optional(),
  })
  .meta({ id: 'CartOrder' });
export type CartOrder = z.infer<typeof cartOrderSchema>;

export const cartFlagsSchema = z
  .object({
    /** Everything needed for the decision is present (items, shipping, payment, login). */
    is_decidable: z.boolean(),
    needs_shipping: z.boolean(),
    needs_payment: z.boolean(),
    needs_login: z.boolean(),
  })
  .meta({ id: 'CartFlags' });
export type CartFlags = z.infer<typeof cartFlagsSchema>;

/** A coupon in the cart; one that no longer qualifies stays listed with `notice` and gives 0. */
export const cartCouponSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    /** Discount it gives now, yen (tax included). */
    discount: yen,
    /** Why it gives nothing now (Japanese), or null. */
    notice: z.string().nullable(),
  })
  .meta({ id: 'CartCoupon' });
export type CartCoupon = z.infer<typeof cartCouponSchema>;

/** The carriage rule in force for this cart (settings, with a running campaign applied). */
export const cartCarriageSchema = z
  .object({
    /** Per shipment, tax included. */
    fee: yen,
    /** Goods (tax included) from which a shipment ships free; null: never free. */
    free_from: yen.nullable(),
    /** The running campaign's name (Japanese), or null. */
    campaign: z.string().nullable(),
  })
  .meta({ id: 'CartCarriage' });
export type CartCarriage = z.infer<typeof cartCarriageSchema>;

export const cartSchema = z
  .object({
    token: z.string(),
    expires_at: z.string(),
    detail: z.object({
      products: z.array(cartProductSchema),
      shippings: z.array(cartShippingSchema),
      coupons: z.array(cartCouponSchema),
      order: cartOrderSchema,
      others: z.record(z.string(), z.unknown()),
    }),
    payment_id: z.number().int().nullable(),
    payment_name: z.string().nullable(),
    order_no: z.string().nullable(),
    /** The payment details chosen (card brand and last 4, saved card, konbini store). */
    payment_input: cartPaymentInputSchema.nullable().optional(),
    /** The last payment failure (Japanese), until PATCH /v1/carts/transaction/error/delete. */
    transaction_error: cartTransactionErrorSchema.nullable().optional(),
    /** Bought as a social gift (PATCH /v1/carts/social/receiver): no address, the receiver enters it. */
    is_social_gift: z.boolean(),
    social_gift: cartSocialGiftSchema.nullable(),
    flags: cartFlagsSchema,
    carriage: cartCarriageSchema.optional(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;

// ------------------------------------------------------------------ requests
export const cartTokenSchema = keyText(200);
export const quantitySchema = quantity();
const lineKey = keyText(64, { label: 'カートの明細' });

/** POST /v1/carts/init. A missing, unknown, expired or ordered token gives a new cart. */
export const cartInitRequestSchema = z
  .object({
    token: cartTokenSchema.nullable().optional(),
    invalid_product: flag().optional(),
  })
  .meta({ id: 'CartInitRequest' });
export type CartInitRequest = z.infer<typeof cartInitRequestSchema>;

/** PATCH /v1/carts/reset. */
export const cartTokenRequestSchema = z.object({ token: cartTokenSchema }).meta({ id: 'CartTokenRequest' });
export type CartTokenRequest = z.infer<typeof cartTokenRequestSchema>;

/**
 * PATCH /v1/carts/products/add. Adding a product already in the cart raises that line's quantity,
 * when the line has the same `embroidery` (名入れ刺繍, only for a product with `embroiderable`; none
 * matches none); a different one makes a line of its own.
 */
export const cartAddProductRequestSchema = z
  .object({
    token: cartTokenSchema,
    product_id: dbIdNumber(),
    quantity: quantitySchema,
    embroidery: lineEmbroideryInputSchema.nullable().optional(),
  })
  .meta({ id: 'CartAddProductRequest' });
export type CartAddProductRequest = z.infer<typeof cartAddProductRequestSchema>;

/**
 * PATCH /v1/carts/add-set: several products at once (a set, a coordinate), all or none: one that
 * cannot be added leaves the cart as it was. The same product twice counts once with both quantities.
 */
export const cartAddSetRequestSchema = z
  .object({
    token: cartTokenSchema,
    products: z
      .array(z.object({ product_id: dbIdNumber(), quantity: quantitySchema }), errorFor('セット商品'))
      .min(1)
      .max(20),
  })
  .meta({ id: 'CartAddSetRequest' });
export type CartAddSetRequest = z.infer<typeof cartAddSetRequestSchema>;

/** PATCH /v1/carts/accessories/add: an accessory of the line `key`'s product, as a line of its own. */
export const cartAccessoryAddRequestSchema = z
  .object({
    token: cartTokenSchema,
    key: lineKey,
    accessory_id: dbIdNumber(),
    quantity: quantitySchema,
  })
  .meta({ id: 'CartAccessoryAddRequest' });
export type CartAccessoryAddRequest = z.infer<typeof cartAccessoryAddRequestSchema>;

/** PATCH /v1/carts/accessories/modify: the accessory line `key`'s quantity. */
export const cartAccessoryModifyRequestSchema = z
  .object({ token: cartTokenSchema, key: lineKey, quantity: quantitySchema })
  .meta({ id: 'CartAccessoryModifyRequest' });
export type CartAccessoryModifyRequest = z.infer<typeof cartAccessoryModifyRequestSchema>;

/** PATCH /v1/carts/accessories/delete: removes the accessory line `key`. */
export const cartAccessoryDeleteRequestSchema = z
  .object({ token: cartTokenSchema, key: lineKey })
  .meta({ id: 'CartAccessoryDeleteRequest' });
export type CartAccessoryDeleteRequest = z.infer<typeof cartAccessoryDeleteRequestSchema>;

/** PATCH /v1/carts/products/modify: sets the line's quantity. */
export const cartModifyProductRequestSchema = z
  .object({
    token: cartTokenSchema,
    key: lineKey,
    quantity: quantitySchema,
  })
  .meta({ id: 'CartModifyProductRequest' });
export type CartModifyProductRequest = z.infer<typeof cartModifyProductRequestSchema>;

/** PATCH /v1/carts/products/delete: by line key, or by product ids. */
export const cartDeleteProductRequestSchema = z
  .object({
    token: cartTokenSchema,
    key: lineKey.optional(),
    ids: z
      .array(dbIdNumber({ label: '商品' }), errorFor())
      .max(100)
      .optional(),
  })
  .refine((v) => v.key !== undefined || (v.ids?.length ?? 0) > 0, { message: messages.requiredWithoutAll(), path: ['key'] })
  .meta({ id: 'CartDeleteProductRequest' });
export type CartDeleteProductRequest = z.infer<typeof cartDeleteProductRequestSchema>;

/** A delivery address entered during checkout: the address book's fields without label, division or default flag. */
export const shippingAddressInputSchema = addressInputSchema
  .omit({ division_ct: true, name: true, is_default: true })
  .meta({ id: 'ShippingAddressInput' });
export type ShippingAddressInput = z.input<typeof shippingAddressInputSchema>;

/**
 * PATCH /v1/carts/shippings/add: a saved address (`user_address_id`, login required, the member's;
 * its label is not copied) or a new one entered during checkout (`address`). With
 * ORDER.SHIPPING.IS_ALLOW_MULTIPLE off it replaces the earlier address; on, it adds a shipping
 * (the first one gets every line, a later one starts empty; a saved address already there is not added twice).
 */
export const cartShippingAddRequestSchema = z
  .object({
    token: cartTokenSchema,
    user_address_id: dbIdNumber().optional(),
    address: shippingAddressInputSchema.optional(),
  })
  .refine((v) => (v.user_address_id === undefined) !== (v.address === undefined), {
    message: 'お届け先を選択するか、新しいお届け先を入力してください',
    path: ['user_address_id'],
  })
  .meta({ id: 'CartShippingAddRequest' });
export type CartShippingAddRequest = z.infer<typeof cartShippingAddRequestSchema>;

/** PATCH /v1/carts/shippings/reset. */
export const cartShippingResetRequestSchema = z
  .object({
    token: cartTokenSchema,
    is_removing_address: flag().optional(),
  })
  .meta({ id: 'CartShippingResetRequest' });
export type CartShippingResetRequest = z.infer<typeof cartShippingResetRequestSchema>;

/**
 * PATCH /v1/carts/order/modify: chooses the payment method, with its details: a card token from the
 * provider's script or a saved card, the konbini store. A card number is never accepted (unknown
 * fields are dropped; a token that looks like a number is refused).
 */
export const cartOrderModifyRequestSchema = z
  .object({
    token: cartTokenSchema,
    payment_id: dbIdNumber(),
    ...cartPaymentChoiceFields,
  })
  .meta({ id: 'CartOrderModifyRequest' });
export type CartOrderModifyRequest = z.infer<typeof cartOrderModifyRequestSchema>;

/** POST /v1/carts/{token}/decision answer. */
export const cartDecisionResponseSchema = z
  .object({
    order_no: z.string(),
    order_id: z.number().int().positive(),
    /** A social gift's link for the receiver, given once at the decision (only its hash is stored). */
    social_gift_url: z.string().optional(),
  })
  .meta({ id: 'CartDecisionResponse' });
export type CartDecisionResponse = z.infer<typeof cartDecisionResponseSchema>;

export const cartTokenParamSchema = z.object({ token: cartTokenSchema });
export const orderNoParamSchema = z.object({ order_no: keyText(64) });

// Defined in the zod-free constants so browser code can read it without loading zod.
export { CARRIAGE } from './constants.ts';
