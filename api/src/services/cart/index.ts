/**
 * What the cart routes call: one function per operation of spec 7 "Cart", each answering with the
 * whole wire Cart. A change runs on the locked cart (access.ts) and is read back through view.ts.
 */
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import type { ChannelRow, UserRow } from '../../context.ts';
import type {
  Cart, CartAddProductRequest, CartAddSetRequest, CartDecisionResponse, CartDeleteProductRequest, CartInitRequest, CartModifyProductRequest,
  CartOrderModifyRequest, CartShippingAddRequest, CartShippingResetRequest,
} from '#contracts/cart.ts';
import type { PaymentMethod } from '#contracts/payments.ts';
import { listPayments } from '../payments.ts';
import { initCart, mutateCart, readCart, type CartRow } from './access.ts';
import { decideCart, type Decision } from './decision.ts';
import { addProduct, addSet, deleteProducts, modifyProduct, resetCart } from './lines.ts';
import { setPayment } from './payment.ts';
import { assertSelling } from './selling.ts';
import { addShipping, resetShippings } from './shipping.ts';
import { buildCart } from './view.ts';
import { GIFT_REFUSED_PAYMENT } from '../social-gift/cart.ts';

/** Who is asking, on which channel: everything a cart operation needs from the request. */
export interface CartScope { db: Db; env: ApiEnv; channel: ChannelRow; user: UserRow | null }

const show = (s: CartScope, cart: CartRow) => buildCart(s.db, cart, s.channel.id, s.user);
const change = async (s: CartScope, token: string, fn: Parameters<typeof mutateCart>[5]) =>
  show(s, await mutateCart(s.db, s.env, s.channel.id, s.user, token, fn));

/** POST /v1/carts/init: the usable cart (restored or merged at login), or a new one. */
export const initShopCart = async (s: CartScope, input: CartInitRequest): Promise<Cart> =>
  show(s, await initCart(s.db, s.env, s.channel.id, s.user, input));

/** GET /v1/carts/{token}. */
export const getCart = async (s: CartScope, token: string): Promise<Cart> =>
  show(s, await readCart(s.db, s.channel.id, s.user, token));

/** PATCH /v1/carts/reset. */
export const resetShopCart = (s: CartScope, { token }: { token: string }) => change(s, token, (tx, cart) => resetCart(tx, cart));

/** PATCH /v1/carts/products/add. */
export const addCartProduct = async (s: CartScope, { token, product_id, quantity }: CartAddProductRequest) => {
  await assertSelling(s.db, s.channel.id);
  return change(s, token, (tx, cart) => addProduct(tx, s.channel.id, cart, product_id, quantity));
};

/** PATCH /v1/carts/products/modify. */
export const modifyCartProduct = (s: CartScope, { token, key, quantity }: CartModifyProductRequest) =>
  change(s, token, (tx, cart) => modifyProduct(tx, s.channel.id, cart, key, quantity));

/** PATCH /v1/carts/add-set: all the products or none. */
export const addCartSet = async (s: CartScope, { token, products }: CartAddSetRequest) => {
  await assertSelling(s.db, s.channel.id);
  return change(s, token, (tx, cart) => addSet(tx, s.channel.id, cart, products));
};

/** PATCH /v1/carts/products/delete. */
export const deleteCartProducts = (s: CartScope, { token, key, ids }: CartDeleteProductRequest) =>
  change(s, token, (tx, cart) => deleteProducts(tx, cart, key, ids));

/** PATCH /v1/carts/shippings/add. */
export const addCartShipping = (s: CartScope, { token, user_address_id }: CartShippingAddRequest) =>
  change(s, token, (tx, cart) => addShipping(tx, cart, s.user, user_address_id));

/** PATCH /v1/carts/shippings/reset. */
export const resetCartShippings = (s: CartScope, { token }: { token: string }) => change(s, token, (tx, cart) => resetShippings(tx, cart));

/** PATCH /v1/carts/order/modify: the payment method. */
export const modifyCartOrder = (s: CartScope, { token, payment_id }: CartOrderModifyRequest) =>
  change(s, token, (tx, cart) => setPayment(tx, cart, payment_id));

/** POST /v1/carts/{token}/decision (signed-in member only). */
export async function decideShopCart(s: CartScope, token: string): Promise<CartDecisionResponse> {
  await assertSelling(s.db, s.channel.id);
  const { order_no, order_id, social_gift_url } = await decideCart(s.db, s.channel, s.user!, token, s.env.SITE_URL);
  return { order_no, order_id, ...(social_gift_url ? { social_gift_url } : {}) };
}

/** GET /v1/payments/carts/{token}: the methods usable for a cart the caller may see. */
export async function paymentsForCart(s: CartScope, token: string): Promise<PaymentMethod[]> {
  const cart = await readCart(s.db, s.channel.id, s.user, token);
  // Every active method suits every cart today; per-cart rules (e.g. a 代引 ceiling) go here.
  // A social gift cannot be paid at the door (the receiver would pay): no 代金引換.
  return (await listPayments(s.db)).filter((p) => !cart.is_social_gift || p.code !== GIFT_REFUSED_PAYMENT);
}
