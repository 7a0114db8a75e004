/**
 * What the cart routes call: one function per operation of spec 7 "Cart", each answering with the
 * whole wire Cart. A change runs on the locked cart (access.ts) and is read back through view.ts.
 */
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import type { ChannelRow, UserRow } from '../../context.ts';
import type {
  Cart, CartAccessoryAddRequest, CartAccessoryDeleteRequest, CartAccessoryModifyRequest, CartAddProductRequest, CartAddSetRequest, CartDecisionResponse, CartDeleteProductRequest, CartInitRequest, CartModifyProductRequest,
  CartOrderModifyRequest, CartShippingAddRequest, CartShippingResetRequest,
} from '#contracts/cart.ts';
import type { PaymentMethod } from '#contracts/payments.ts';
import type { CartDecisionAction, PaymentCheck, ThreeDsReturnRequest } from '#contracts/card-payments.ts';
import { decideWithPayment, returnFrom3ds, type Decide } from '../checkout/card.ts';
import { resolvePaymentChoice, savePaymentChoice, setTransactionError } from './payment-choice.ts';
import { checkPayment, usablePayments } from '../checkout/usable-payments.ts';
import { initCart, mutateCart, readCart, type CartRow } from './access.ts';
import { decideCart, type Decision } from '../checkout/decision.ts';
import { addProduct, addSet, deleteProducts, modifyProduct, resetCart } from './lines.ts';
import { addAccessory, deleteAccessory, modifyAccessory } from './accessories.ts';
import { setPayment } from './payment.ts';
import { assertCartSelling, assertSelling } from './selling.ts';
import { addShipping, resetShippings } from './shipping.ts';
import { buildCart } from './view.ts';

/** Who is asking, on which channel: everything a cart operation needs from the request. */
export interface CartScope { db: Db; env: ApiEnv; channel: ChannelRow; user: UserRow | null }

const show = (s: CartScope, cart: CartRow) => buildCart(s.db, cart, s.channel.id, s.user);
export const change = async (s: CartScope, token: string, fn: Parameters<typeof mutateCart>[5]) =>
  show(s, await mutateCart(s.db, s.env, s.channel.id, s.user, token, fn));

/** POST /v1/carts/init: the usable cart (restored or merged at login), or a new one. */
export const initShopCart = async (s: CartScope, input: CartInitRequest): Promise<Cart> =>
  show(s, await initCart(s.db, s.env, s.channel.id, s.user, input));

/** GET /v1/carts/{token}. */
export const getCart = async (s: CartScope, token: string): Promise<Cart> =>
  show(s, await readCart(s.db, s.channel.id, s.user, token));

/** PATCH /v1/carts/reset. */
export const resetShopCart = (s: CartScope, { token }: { token: string }) => change(s, token, (tx, cart) => resetCart(tx, cart));

/** PATCH /v1/carts/products/add (with the line's 名入れ刺繍, when asked for). */
// Additions check the selling stop on the locked cart, with the settings read along with its row.
export const addCartProduct = (s: CartScope, { token, product_id, quantity, embroidery }: CartAddProductRequest) =>
  change(s, token, async (tx, cart) => {
    await assertCartSelling(tx, cart);
    await addProduct(tx, s.channel.id, cart, product_id, quantity, embroidery ?? null);
  });

/** PATCH /v1/carts/add-set: all the products or none. */
export const addCartSet = (s: CartScope, { token, products }: CartAddSetRequest) =>
  change(s, token, async (tx, cart) => {
    await assertCartSelling(tx, cart);
    await addSet(tx, s.channel.id, cart, products);
  });

/** PATCH /v1/carts/accessories/add. */
export const addCartAccessory = (s: CartScope, { token, key, accessory_id, quantity }: CartAccessoryAddRequest) =>
  change(s, token, async (tx, cart) => {
    await assertCartSelling(tx, cart);
    await addAccessory(tx, s.channel.id, cart, key, accessory_id, quantity);
  });

/** PATCH /v1/carts/accessories/modify. */
export const modifyCartAccessory = (s: CartScope, { token, key, quantity }: CartAccessoryModifyRequest) =>
  change(s, token, (tx, cart) => modifyAccessory(tx, s.channel.id, cart, key, quantity));

/** PATCH /v1/carts/accessories/delete. */
export const deleteCartAccessory = (s: CartScope, { token, key }: CartAccessoryDeleteRequest) =>
  change(s, token, (tx, cart) => deleteAccessory(tx, cart, key));

/** PATCH /v1/carts/products/modify. */
export const modifyCartProduct = (s: CartScope, { token, key, quantity }: CartModifyProductRequest) =>
  change(s, token, (tx, cart) => modifyProduct(tx, s.channel.id, cart, key, quantity));

/** PATCH /v1/carts/products/delete. */
export const deleteCartProducts = (s: CartScope, { token, key, ids }: CartDeleteProductRequest) =>
  change(s, token, (tx, cart) => deleteProducts(tx, cart, key, ids));

/** PATCH /v1/carts/shippings/add. */
export const addCartShipping = (s: CartScope, { token, ...choice }: CartShippingAddRequest) =>
  change(s, token, (tx, cart) => addShipping(tx, s.channel.id, cart, s.user, choice));

/** PATCH /v1/carts/shippings/reset. */
export const resetCartShippings = (s: CartScope, { token, is_removing_address }: CartShippingResetRequest) =>
  change(s, token, (tx, cart) => resetShippings(tx, cart, is_removing_address === true));

/** PATCH /v1/carts/order/modify: the payment method and its details (card token or saved card, konbini store). */
export const modifyCartOrder = async (s: CartScope, { token, payment_id, ...details }: CartOrderModifyRequest) => {
  // The provider is asked about the token before the cart's row lock is taken.
  const choice = await resolvePaymentChoice(s.db, s.env, s.user, details);
  return change(s, token, async (tx, cart) => {
    await setPayment(tx, cart, payment_id);
    await savePaymentChoice(tx, cart, choice);
  });
};

/** PATCH /v1/carts/transaction/error/delete: the shopper has seen the payment failure. */
export const deleteTransactionError = (s: CartScope, { token }: { token: string }) =>
  change(s, token, (tx, cart) => setTransactionError(tx, cart.id, null));

const decideWith = (s: CartScope, token: string): Decide => (settle) => decideCart(s.db, s.channel, s.user!, token, s.env.SITE_URL, settle);
const decisionWire = ({ order_no, order_id, social_gift_url }: Decision): CartDecisionResponse =>
  ({ order_no, order_id, ...(social_gift_url ? { social_gift_url } : {}) });

/** POST /v1/carts/{token}/decision (signed-in member only): the order, or a card's 3-D Secure redirect. */
// The selling stop is checked on the cart as read before a card is charged (payments/card.ts) and
// again on the locked cart (decision.ts).
export async function decideShopCart(s: CartScope, token: string): Promise<CartDecisionResponse | CartDecisionAction> {
  const result = await decideWithPayment(s, token, decideWith(s, token));
  return 'redirect_url' in result ? result : decisionWire(result);
}

/** POST /v1/carts/{token}/payment/3ds: back from 3-D Secure, the authorisation completes and the order is placed. */
export async function completeCardAuthentication(s: CartScope, token: string, input: ThreeDsReturnRequest): Promise<CartDecisionResponse> {
  await assertSelling(s.db, s.channel.id);
  return decisionWire(await returnFrom3ds(s, token, input, decideWith(s, token)));
}

/** GET /v1/carts/{token}/payment/{payment_id}/check. */
export async function checkCartPayment(s: CartScope, token: string, paymentId: number): Promise<PaymentCheck> {
  const cart = await readCart(s.db, s.channel.id, s.user, token);
  return checkPayment(s.db, s.env, cart, await show(s, cart), paymentId);
}

/** GET /v1/payments/carts/{token}: the methods usable for a cart the caller may see. */
export async function paymentsForCart(s: CartScope, token: string): Promise<PaymentMethod[]> {
  const cart = await readCart(s.db, s.channel.id, s.user, token);
  // Each method's own rules on this cart's total, with its fee for this cart: ceilings, and no method
  // the receiver of a social gift would have to pay (`social_gift: false`: 代金引換, 後払い).
  return usablePayments(s.db, s.env, cart, await show(s, cart));
}
