/**
 * Cart calls (spec 7 "Cart"). Every operation answers with the whole cart, decoded and reshaped
 * into the storefront's Cart. The rules around them (cookies, expiry, product-not-found resets)
 * live in src/stores/cart.ts.
 */
import type {
  CartAccessoryAddRequest,
  CartAccessoryDeleteRequest,
  CartAccessoryModifyRequest,
  CartAddProductRequest,
  CartAddSetRequest,
  CartDecisionResponse,
  CartDeleteProductRequest,
  CartInitRequest,
  CartModifyProductRequest,
  CartOrderModifyRequest,
  CartShippingAddRequest,
  CartShippingResetRequest,
} from '#contracts/cart.ts';
import type { SocialReceiverRequest } from '#contracts/social-gift.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { request } from '../core/http.ts';
import type { Cart } from '../core/types.ts';
import { type CartWire, cartDecisionWire, cartWire } from '../wire/cart.ts';
import { toCart } from './reshape.ts';

/** The wire cart as decoded, kept with the storefront cart so a draft can be saved and re-decoded. */
export interface CartResult {
  cart: Cart;
  wire: CartWire;
}

const parseCart = (body: unknown): CartResult => {
  const wire = cartWire(body);
  return { cart: toCart(wire), wire };
};

/** One cart operation: the call, its answer decoded and reshaped (also used by src/api-client/checkout/delivery.ts). */
export const cartCall = async (
  method: string,
  path: string,
  body: unknown,
  opts: CallOptions & { bearer?: string | null },
): Promise<CartResult> => (await request(method, path, { body, parse: parseCart, signal: opts.signal, bearer: opts.bearer })).data;

/**
 * POST /v1/carts/init: the cart of `token`, or a new one when it is missing, unknown, expired or
 * ordered. With a bearer token the API restores the member's open cart and merges the guest cart
 * given as `token` into it (login).
 */
export function initCart(body: CartInitRequest, opts: CallOptions & { bearer?: string | null } = {}): Promise<CartResult> {
  return cartCall(
    'POST',
    '/v1/carts/init',
    { token: body.token ?? null, ...(body.invalid_product ? { invalid_product: true } : {}) },
    opts,
  );
}

/** GET /v1/carts/{token}; an expired cart rejects with code cart.common.is_expired. */
export async function getCart(token: string, opts: CallOptions = {}): Promise<CartResult> {
  return (await request('GET', `/v1/carts/${seg(token)}`, { parse: parseCart, signal: opts.signal })).data;
}

/** PATCH /v1/carts/reset: empties the cart. */
export function resetCart(token: string, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/reset', { token }, opts);
}

/** PATCH /v1/carts/products/add (adding a product already in the cart raises its quantity). */
export function addCartProduct(body: CartAddProductRequest, opts: CallOptions & { bearer?: string | null } = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/products/add', body, opts);
}

/** PATCH /v1/carts/add-set: several products at once, all or none. */
export function addCartSet(body: CartAddSetRequest, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/add-set', body, opts);
}

/** PATCH /v1/carts/accessories/add: an accessory of a line's product, as its own line. */
export function addCartAccessory(body: CartAccessoryAddRequest, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/accessories/add', body, opts);
}

/** PATCH /v1/carts/accessories/modify. */
export function modifyCartAccessory(body: CartAccessoryModifyRequest, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/accessories/modify', body, opts);
}

/** PATCH /v1/carts/accessories/delete. */
export function deleteCartAccessory(body: CartAccessoryDeleteRequest, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/accessories/delete', body, opts);
}

/** PATCH /v1/carts/products/modify: sets a line's quantity. */
export function modifyCartProduct(body: CartModifyProductRequest, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/products/modify', body, opts);
}

/** PATCH /v1/carts/products/delete by line key or product ids. */
export function deleteCartProduct(body: CartDeleteProductRequest, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/products/delete', body, opts);
}

/** PATCH /v1/carts/shippings/add: delivers to one of the member's saved addresses. */
export function addCartShipping(body: CartShippingAddRequest, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/shippings/add', body, opts);
}

/** PATCH /v1/carts/shippings/reset. */
export function resetCartShippings(body: CartShippingResetRequest, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/shippings/reset', body, opts);
}

/** PATCH /v1/carts/order/modify: chooses the payment method. */
export function modifyCartOrder(body: CartOrderModifyRequest, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/order/modify', body, opts);
}

/** PATCH /v1/carts/social/receiver: buy the cart as a social gift (no address; the receiver enters it), or not. */
export function setCartSocialReceiver(body: SocialReceiverRequest, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/social/receiver', body, opts);
}

/**
 * POST /v1/carts/{token}/decision → {order_no, order_id}. Not cancelled by navigation: the order
 * may already exist, and a repeated decision returns the same order_no.
 */
export async function decideCart(token: string): Promise<CartDecisionResponse> {
  return (await request('POST', `/v1/carts/${seg(token)}/decision`, { body: {}, parse: cartDecisionWire, cancelOnNavigation: false })).data;
}

/** PATCH /v1/carts/coupons/add: uses a coupon code (one per order); a refusal carries the reason on `code`. */
export function addCartCoupon(body: { token: string; code: string }, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/coupons/add', body, opts);
}

/** PATCH /v1/carts/coupons/delete. */
export function deleteCartCoupon(body: { token: string; code: string }, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/coupons/delete', body, opts);
}

/** PATCH /v1/carts/point: whole points to use (members only); a refusal carries the reason on `use_point`. */
export function setCartPoint(body: { token: string; use_point: number }, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/point', body, opts);
}

/**
 * PATCH /v1/carts/transaction/error/delete: the shopper has seen the last payment failure, so a reload
 * does not show it again; answers the whole cart, which the store keeps.
 */
export function deleteCartTransactionError(token: string, opts: CallOptions = {}): Promise<CartResult> {
  return cartCall('PATCH', '/v1/carts/transaction/error/delete', { token }, opts);
}
