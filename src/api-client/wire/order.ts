/** Decoder of an order (my-page history and detail, the thanks page). */
import type { Order, OrderItem, OrderShipping } from '#contracts/orders.ts';
import { array, type Decoder, int, literal, nullable, object, optional, string } from '../core/guard.ts';
import { cartOrderWire, deliveryAddressWire, taxRate } from './common.ts';
import { lineEmbroideryWire } from './embroidery.ts';
import { orderSocialGiftWire } from './social-gift.ts';

const orderItemWire: Decoder<OrderItem> = /* @__PURE__ */ object({
  key: string,
  code: string,
  name: string,
  image: nullable(string),
  unit_price: int,
  unit_price_with_tax: int,
  tax_rate: taxRate,
  quantity: int,
  tax_amount: int,
  subtotal_with_tax: int,
  embroidery: lineEmbroideryWire,
});

const orderShippingWire: Decoder<OrderShipping> = /* @__PURE__ */ object({
  address: deliveryAddressWire,
  product_keys: array(string),
  delivery_date: nullable(string),
  delivery_timezone_label: string,
  packing_name: nullable(string),
  packing_fee: int,
  noshi_type: nullable(string),
  noshi_name: nullable(string),
  noshi_fee: int,
  carriage: int,
});

export const orderWire: Decoder<Order> = /* @__PURE__ */ object({
  id: int,
  order_no: string,
  status: literal('ordered', 'shipped', 'cancelled'),
  status_label: string,
  ordered_at: string,
  payment_id: int,
  payment_name: string,
  items: array(orderItemWire),
  shippings: array(orderShippingWire),
  note: optional(string),
  order: cartOrderWire,
  user_order_total_payment: int,
  cancel_reason: nullable(string),
  cancel_only_ecd_key: nullable(string),
  social_gift: optional(nullable(orderSocialGiftWire)),
  earn_point_state: optional(object({ status: literal('pending', 'granted', 'cancelled'), note: nullable(string) })),
  coupons: optional(array(object({ code: string, name: string, discount: int }))),
});
