/**
 * Delivery calls (issue 8): several addresses, divide, dates and time slots, wrapping and のし, 備考,
 * the lead times per shipment and the business calendar. Cart operations answer the whole cart
 * (run them through useCartStore.getState().apply so the spec-8 recovery rules hold).
 */
import type { CartShippingAddRequest } from '#contracts/cart.ts';
import type {
  CartDivideRequest,
  CartLeadtimes,
  CartOtherModifyRequest,
  CartPackingAddRequest,
  CartShippingModifyRequest,
  LeadtimeChoiceMode,
} from '#contracts/delivery.ts';
import { type CartResult, cartCall } from '../cart/cart.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array, type Decoder, int, literal, nullable, object, string } from '../core/guard.ts';
import { request } from '../core/http.ts';

const timezone = object({ code: string, label: string });
const cartLeadtimesWire: Decoder<CartLeadtimes> = /* @__PURE__ */ object({
  choice_mode: literal('date', 'range'),
  leadtimes: array(
    object({
      shipping_key: string,
      order_shipping_id: int,
      packing_key: nullable(string),
      prefecture: string,
      product_keys: array(string),
      ship_date: nullable(string),
      earliest: nullable(string),
      latest: nullable(string),
      dates: array(string),
      timezones: array(timezone),
    }),
  ),
  packings: array(object({ key: string, name: string, description: string, fee: int })),
  noshi: object({ types: array(string), fee: int, name_max: int }),
});

/** GET /v1/shipping-leadtime/carts/{token}: per shipping, the choosable dates and slots, with wrapping and のし choices. */
export async function getCartLeadtimes(
  token: string,
  query: { keys?: number[]; choiceMode?: LeadtimeChoiceMode } = {},
  opts: CallOptions = {},
): Promise<CartLeadtimes> {
  return (
    await request('GET', `/v1/shipping-leadtime/carts/${seg(token)}`, {
      query: { keys: query.keys?.join(','), choiceMode: query.choiceMode },
      parse: cartLeadtimesWire,
      signal: opts.signal,
    })
  ).data;
}

/** PATCH /v1/carts/shippings/add with a saved address or a new one (several addresses: adds a shipping). */
export const addCartShippingChoice = (body: CartShippingAddRequest): Promise<CartResult> =>
  cartCall('PATCH', '/v1/carts/shippings/add', body, {});
/** PATCH /v1/carts/shippings/modify: one shipping's address, date or time slot. */
export const modifyCartShipping = (body: CartShippingModifyRequest): Promise<CartResult> =>
  cartCall('PATCH', '/v1/carts/shippings/modify', body, {});
/** PATCH /v1/carts/products/divide: moves some of a line to another shipping. */
export const divideCartProduct = (body: CartDivideRequest): Promise<CartResult> => cartCall('PATCH', '/v1/carts/products/divide', body, {});
/** PATCH /v1/carts/packings/add: a shipping's wrapping and のし. */
export const addCartPacking = (body: CartPackingAddRequest): Promise<CartResult> => cartCall('PATCH', '/v1/carts/packings/add', body, {});
/** PATCH /v1/carts/other/modify: the 備考. */
export const modifyCartOther = (body: CartOtherModifyRequest): Promise<CartResult> => cartCall('PATCH', '/v1/carts/other/modify', body, {});
