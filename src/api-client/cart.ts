/**
 * Cart calls (spec 7 "Cart"). Every operation answers with the whole cart, parsed with the contract.
 * The rules around them (cookies, expiry, product-not-found resets) live in src/stores/cart.ts.
 */
import {
  cartSchema, cartDecisionResponseSchema, type Cart, type CartInitRequest, type CartAddProductRequest,
  type CartModifyProductRequest, type CartDeleteProductRequest, type CartShippingAddRequest,
  type CartShippingResetRequest, type CartOrderModifyRequest, type CartDecisionResponse,
} from '#contracts/cart.ts';
import { orderSchema, type Order } from '#contracts/orders.ts';
import { request } from './http.ts';
import { seg, type CallOptions } from './call.ts';

const cartCall = async (method: string, path: string, body: unknown, opts: CallOptions): Promise<Cart> =>
  (await request(method, path, { body, schema: cartSchema, signal: opts.signal })).data;

/** POST /v1/carts/init: the cart of `token`, or a new one when it is missing, unknown, expired or ordered. */
export function initCart(body: CartInitRequest, opts: CallOptions = {}): Promise<Cart> {
  return cartCall('POST', '/v1/carts/init', { token: body.token ?? null, ...(body.invalid_product ? { invalid_product: true } : {}) }, opts);
}

/** GET /v1/carts/{token}; an expired cart rejects with code cart.common.is_expired. */
export async function getCart(token: string, opts: CallOptions = {}): Promise<Cart> {
  return (await request('GET', `/v1/carts/${seg(token)}`, { schema: cartSchema, signal: opts.signal })).data;
}

/** PATCH /v1/carts/reset: empties the cart. */
export function resetCart(token: string, opts: CallOptions = {}): Promise<Cart> {
  return cartCall('PATCH', '/v1/carts/reset', { token }, opts);
}

/** PATCH /v1/carts/products/add (adding a product already in the cart raises its quantity). */
export function addCartProduct(body: CartAddProductRequest, opts: CallOptions = {}): Promise<Cart> {
  return cartCall('PATCH', '/v1/carts/products/add', body, opts);
}

/** PATCH /v1/carts/products/modify: sets a line's quantity. */
export function modifyCartProduct(body: CartModifyProductRequest, opts: CallOptions = {}): Promise<Cart> {
  return cartCall('PATCH', '/v1/carts/products/modify', body, opts);
}

/** PATCH /v1/carts/products/delete by line key or product ids. */
export function deleteCartProduct(body: CartDeleteProductRequest, opts: CallOptions = {}): Promise<Cart> {
  return cartCall('PATCH', '/v1/carts/products/delete', body, opts);
}

/** PATCH /v1/carts/shippings/add: delivers to one of the member's saved addresses. */
export function addCartShipping(body: CartShippingAddRequest, opts: CallOptions = {}): Promise<Cart> {
  return cartCall('PATCH', '/v1/carts/shippings/add', body, opts);
}

/** PATCH /v1/carts/shippings/reset. */
export function resetCartShippings(body: CartShippingResetRequest, opts: CallOptions = {}): Promise<Cart> {
  return cartCall('PATCH', '/v1/carts/shippings/reset', body, opts);
}

/** PATCH /v1/carts/order/modify: chooses the payment method. */
export function modifyCartOrder(body: CartOrderModifyRequest, opts: CallOptions = {}): Promise<Cart> {
  return cartCall('PATCH', '/v1/carts/order/modify', body, opts);
}

/**
 * POST /v1/carts/{token}/decision → {order_no, order_id}. Not cancelled by navigation: the order
 * may already exist, and a repeated decision returns the same order_no.
 */
export async function decideCart(token: string): Promise<CartDecisionResponse> {
  const res = await request('POST', `/v1/carts/${seg(token)}/decision`, { body: {}, schema: cartDecisionResponseSchema, cancelOnNavigation: false });
  return res.data;
}

/** GET /v1/carts/order/{order_no}: the member's order just placed (completion screen). */
export async function getCartOrder(orderNo: string, opts: CallOptions = {}): Promise<Order> {
  return (await request('GET', `/v1/carts/order/${seg(orderNo)}`, { schema: orderSchema, signal: opts.signal })).data;
}

/** Total quantity of all lines (what the header's cart count shows). */
export function cartQuantity(cart: Cart | null | undefined): number {
  return cart ? cart.detail.products.reduce((sum, p) => sum + p.quantity, 0) : 0;
}
