/**
 * The cart as the storefront reads it: only the fields the cart and checkout screens use (and the
 * cart draft keeps), each typed as a Pick of the contract's Cart, so a rename or retype there still
 * fails the type check. The line's product is id, key, name and image: the full product decoder
 * (variants, categories, brand, maker) would cost every cart page for data no screen shows.
 */
import type { Cart, CartDecisionResponse, CartOrder, CartProduct } from '#contracts/cart.ts';
import type { Product } from '#contracts/products.ts';
import { array, boolean, type Decoder, int, nullable, object, optional, string, unknown } from '../core/guard.ts';
import { cartOrderWire, deliveryAddressWire, taxRate } from './common.ts';
import { cartSocialGiftWire } from './social-gift.ts';

/** A cart line's product: what the line shows and links to. */
export type CartLineProduct = Pick<Product, 'id' | 'key' | 'name' | 'image'>;

export type CartLineWire = Pick<
  CartProduct,
  'key' | 'unit_price_with_tax' | 'tax_rate' | 'quantity' | 'subtotal_with_tax' | 'parent_key'
> & {
  product_info: CartLineProduct;
  /**
   * The line's 名入れ刺繍 as sent, checked by embroideryOf (contracts/embroidery-choices.ts) where it is
   * shown: decoding it here would put the font and colour tables in the chunk every checkout page loads.
   */
  embroidery?: unknown;
};

type Shipping = Cart['detail']['shippings'][number];
/** A shipment's lines, date, wrapping and のし (optional: a cart draft saved before them has none). */
type ShipmentDetail = Pick<
  Shipping,
  | 'product_keys'
  | 'delivery_date'
  | 'delivery_timezone'
  | 'delivery_timezone_label'
  | 'packing_key'
  | 'packing_name'
  | 'packing_fee'
  | 'noshi_type'
  | 'noshi_name'
  | 'noshi_fee'
  | 'carriage'
>;
const shipmentDetail = {
  product_keys: optional(array(string)),
  delivery_date: optional(nullable(string)),
  delivery_timezone: optional(nullable(string)),
  delivery_timezone_label: optional(string),
  packing_key: optional(nullable(string)),
  packing_name: optional(nullable(string)),
  packing_fee: optional(int),
  noshi_type: optional(nullable(string)),
  noshi_name: optional(nullable(string)),
  noshi_fee: optional(int),
  carriage: optional(int),
};

/** The decoded cart: the contract's Cart narrowed to what the storefront reads. */
export type CartWire = Pick<Cart, 'token' | 'payment_id' | 'payment_name' | 'order_no'> & {
  /** The last card payment failure until the shopper has seen it (optional: a draft saved before it has none). */
  transaction_error?: Cart['transaction_error'];
  detail: {
    products: CartLineWire[];
    shippings: Array<Pick<Shipping, 'id' | 'user_address_id' | 'address'> & Partial<ShipmentDetail>>;
    order: CartOrder;
    /** Optional: a cart draft saved before coupons has none. */
    coupons?: Cart['detail']['coupons'];
    /** 備考 (PATCH /v1/carts/other/modify). */
    others?: { note?: string };
  };
  flags: Pick<Cart['flags'], 'is_decidable' | 'needs_shipping' | 'needs_payment'>;
  /** Optional: a cart draft saved before social gifts has neither. */
  is_social_gift?: Cart['is_social_gift'];
  social_gift?: Cart['social_gift'];
  carriage?: Cart['carriage'];
};

const cartLineWire: Decoder<CartLineWire> = /* @__PURE__ */ object({
  key: string,
  unit_price_with_tax: int,
  tax_rate: taxRate,
  quantity: int,
  subtotal_with_tax: int,
  product_info: object({ id: int, key: string, name: string, image: string }),
  parent_key: optional(nullable(string)),
  embroidery: unknown,
});

export const cartWire: Decoder<CartWire> = /* @__PURE__ */ object({
  token: string,
  detail: object({
    products: array(cartLineWire),
    shippings: array(object({ id: int, user_address_id: nullable(int), address: deliveryAddressWire, ...shipmentDetail })),
    order: cartOrderWire,
    coupons: optional(array(object({ code: string, name: string, discount: int, notice: nullable(string) }))),
    others: optional(object({ note: optional(string) })),
  }),
  payment_id: nullable(int),
  payment_name: nullable(string),
  order_no: nullable(string),
  flags: object({ is_decidable: boolean, needs_shipping: boolean, needs_payment: boolean }),
  is_social_gift: optional(boolean),
  social_gift: optional(nullable(cartSocialGiftWire)),
  carriage: optional(object({ fee: int, free_from: nullable(int), campaign: nullable(string) })),
  transaction_error: optional(nullable(object({ message: string, code: string }))),
});

export const cartDecisionWire: Decoder<CartDecisionResponse> = /* @__PURE__ */ object({
  order_no: string,
  order_id: int,
  social_gift_url: optional(string),
});
