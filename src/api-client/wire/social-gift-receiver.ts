/** Decoders of the social gift receiver's calls (contracts/social-gift.ts; used by social-gift.ts only). */
import type {
  SocialGiftAddressCheck,
  SocialGiftComplete,
  SocialGiftDelivery,
  SocialGiftLeadtime,
  SocialGiftProduct,
  SocialGiftShipping,
} from '#contracts/social-gift.ts';
import { array, type Decoder, int, nullable, object, string } from '../core/guard.ts';
import { giftStatus as status } from './social-gift.ts';

export const socialGiftProductsWire: Decoder<SocialGiftProduct[]> = /* @__PURE__ */ array(
  object({
    product_info: object({
      id: nullable(int),
      key: nullable(string),
      name: string,
      code: string,
      image: nullable(string),
      color: nullable(string),
      size: nullable(string),
    }),
    quantity: int,
  }),
);

export const socialGiftShippingWire: Decoder<SocialGiftShipping> = /* @__PURE__ */ object({
  id: int,
  status,
  status_label: string,
  sender_name: string,
  message: string,
  expires_at: string,
  shop_name: string,
});

export const socialGiftAddressCheckWire: Decoder<SocialGiftAddressCheck> = /* @__PURE__ */ object({
  address: object({
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
    phone_number: string,
    full_address: string,
  }),
});

export const socialGiftLeadtimeWire: Decoder<SocialGiftLeadtime> = /* @__PURE__ */ object({
  dates: array(string),
  timezones: array(object({ code: string, label: string })),
  earliest: nullable(string),
});

const deliveryFields = { delivery_date: nullable(string), delivery_timezone: nullable(string), delivery_timezone_label: string };
export const socialGiftDeliveryWire: Decoder<SocialGiftDelivery> = /* @__PURE__ */ object(deliveryFields);
export const socialGiftCompleteWire: Decoder<SocialGiftComplete> = /* @__PURE__ */ object({
  status,
  status_label: string,
  received_at: nullable(string),
  ...deliveryFields,
});
