/**
 * Decoders of the /v1 wire shapes the browser reads, split by resource (this folder) so a page
 * bundles only the decoders of the calls it makes. Each is declared against the contract's type
 * (a type-only import: no zod at run time), so a field added to or retyped in a contract without the
 * decoder following fails `npm run typecheck`. This module holds the pieces several resources share.
 */
import type { DeliveryAddress } from '#contracts/addresses.ts';
import type { AmountByTaxRate, CartOrder } from '#contracts/cart.ts';
import { array, boolean, type Decoder, int, literal, nullable, object, optional, string } from '../core/guard.ts';

export const taxRate = /* @__PURE__ */ literal(10, 8);

/** The fields of an address-book entry; a delivery address is the same without `name`. */
export const addressFields = {
  id: int,
  division_ct: int,
  shipping_name: string,
  last_name: string,
  first_name: string,
  last_name_kana: string,
  first_name_kana: string,
  postal_code: string,
  formatted_postal_code: string,
  prefecture: string,
  city: string,
  address1: string,
  address2: string,
  combined_address: string,
  full_address: string,
  phone_number: nullable(string),
  cell_phone_number: nullable(string),
  is_default: boolean,
};

export const deliveryAddressWire: Decoder<DeliveryAddress> = /* @__PURE__ */ object(addressFields);

const amountByTaxRate: Decoder<AmountByTaxRate> = /* @__PURE__ */ object({ tax_rate: taxRate, subtotal: int, tax: int, total: int });

/** The money block of a cart or an order. */
export const cartOrderWire: Decoder<CartOrder> = /* @__PURE__ */ object({
  subtotal: int,
  subtotal_with_tax: int,
  total_tax: int,
  total_carriage: int,
  total_packing: int,
  total_fee: int,
  total_discount: int,
  use_point: int,
  total_payment: int,
  amount_by_tax_rate: array(amountByTaxRate),
  earn_point: optional(int),
});
