/**
 * Decoders of the /v1 wire shapes the browser reads, one per contract type. Each is declared as
 * `Decoder<ContractType>` (a type-only import: no zod at run time), so a field added to or retyped
 * in a contract without the decoder following fails `npm run typecheck`. Resource modules convert
 * the decoded wire value to the storefront's own types (types.ts). The constructions are marked
 * pure so a bundle keeps only the decoders it uses.
 */
import type { Address, DeliveryAddress } from '#contracts/addresses.ts';
import type { LoginResponse } from '#contracts/auth.ts';
import type { AmountByTaxRate, Cart as WireCart, CartDecisionResponse, CartOrder, CartProduct } from '#contracts/cart.ts';
import type { Order, OrderItem } from '#contracts/orders.ts';
import type { PaymentMethod } from '#contracts/payments.ts';
import type { Product, ProductModel, ProductRef } from '#contracts/products.ts';
import type { User } from '#contracts/user.ts';
import { array, boolean, int, literal, nullable, object, record, string, unknown, type Decoder } from './guard.ts';

const taxRate = /* @__PURE__ */ literal(10, 8);
const ref: Decoder<ProductRef> = /* @__PURE__ */ object({ id: int, key: string, name: string });

export const productModelWire: Decoder<ProductModel> = /* @__PURE__ */ object({
  id: int, key: string, name: string,
  categories: array(ref),
  products: array(object({ id: int, key: string, name: string, product_price_with_tax: int, is_stock_available: boolean })),
});

export const productWire: Decoder<Product> = /* @__PURE__ */ object({
  id: int, key: string, name: string, code: string, description: string,
  product_price: int, before_price: nullable(int), product_price_with_tax: int, tax_rate: taxRate,
  brand: nullable(ref), maker: nullable(ref), product_model: nullable(productModelWire),
  image: string, images: array(string), is_stock_available: boolean, is_favorite: boolean, created_at: string,
});

const addressFields = {
  id: int, division_ct: int, shipping_name: string, last_name: string, first_name: string,
  last_name_kana: string, first_name_kana: string, postal_code: string, formatted_postal_code: string,
  prefecture: string, city: string, address1: string, address2: string, combined_address: string,
  full_address: string, phone_number: nullable(string), cell_phone_number: nullable(string), is_default: boolean,
};
export const deliveryAddressWire: Decoder<DeliveryAddress> = /* @__PURE__ */ object(addressFields);
export const addressWire: Decoder<Address> = /* @__PURE__ */ object({ ...addressFields, name: string });

const amountByTaxRate: Decoder<AmountByTaxRate> = /* @__PURE__ */ object({ tax_rate: taxRate, subtotal: int, tax: int, total: int });
export const cartOrderWire: Decoder<CartOrder> = /* @__PURE__ */ object({
  subtotal: int, subtotal_with_tax: int, total_tax: int, total_carriage: int, total_fee: int,
  total_discount: int, use_point: int, total_payment: int, amount_by_tax_rate: array(amountByTaxRate),
});

const cartProductWire: Decoder<CartProduct> = /* @__PURE__ */ object({
  key: string, product_info: productWire, unit_price: int, unit_price_with_tax: int, tax_rate: taxRate,
  quantity: int, tax_amount: int, subtotal: int, subtotal_with_tax: int, coupon_discount_parts: array(unknown),
});

export const cartWire: Decoder<WireCart> = /* @__PURE__ */ object({
  token: string,
  expires_at: string,
  detail: object({
    products: array(cartProductWire),
    shippings: array(object({
      id: int, user_address_id: nullable(int), address: deliveryAddressWire,
      delivery_date: nullable(string), delivery_timezone: nullable(string),
    })),
    coupons: array(object({ code: string })),
    order: cartOrderWire,
    others: record(unknown),
  }),
  payment_id: nullable(int),
  payment_name: nullable(string),
  order_no: nullable(string),
  flags: object({ is_decidable: boolean, needs_shipping: boolean, needs_payment: boolean, needs_login: boolean }),
});

export const cartDecisionWire: Decoder<CartDecisionResponse> = /* @__PURE__ */ object({ order_no: string, order_id: int });

const orderItemWire: Decoder<OrderItem> = /* @__PURE__ */ object({
  key: string, code: string, name: string, image: nullable(string), unit_price: int, unit_price_with_tax: int,
  tax_rate: taxRate, quantity: int, tax_amount: int, subtotal_with_tax: int,
});

export const orderWire: Decoder<Order> = /* @__PURE__ */ object({
  id: int, order_no: string, status: literal('ordered', 'shipped', 'cancelled'), status_label: string, ordered_at: string,
  payment_id: int, payment_name: string, items: array(orderItemWire),
  shippings: array(object({ address: deliveryAddressWire })),
  order: cartOrderWire, user_order_total_payment: int, cancel_reason: nullable(string), cancel_only_ecd_key: nullable(string),
});

export const paymentMethodWire: Decoder<PaymentMethod> = /* @__PURE__ */ object({ id: int, code: string, name: string, description: string, fee: int });

export const loginResponseWire: Decoder<LoginResponse> = /* @__PURE__ */ object({
  access_token: string, expires_in: int, expires_at: string, is_registered_member: boolean,
  has_password_expired: boolean, has_mail_error_count_over: boolean, user_id: int, is_verify: boolean,
  verify_code: nullable(string),
});

export const userWire: Decoder<User> = /* @__PURE__ */ object({
  id: int, username: string, email: string, last_name: string, first_name: string, last_name_kana: string,
  first_name_kana: string, school: nullable(string), phone_number: nullable(string), cell_phone_number: nullable(string),
  contact_phone_number: nullable(string), fax: nullable(string), job: nullable(string), gender: nullable(int),
  birthday: nullable(string), newsletter: int, is_registered_member: boolean, security_question_ct: nullable(int), created_at: string,
});
