/**
 * What the cart routes call: one function per operation of spec 7 "Cart" on the cart itself (lines,
 * accessories, shippings and packings, coupons and points, the payment choice, the social gift),
 * each answering with the whole wire Cart. A change runs on the locked cart (access.ts) and is read
 * back through view.ts. Turning the cart into an order and a payment is services/checkout/.
 */

import type { CartCouponRequest, CartPointRequest } from '#contracts/benefits.ts';
import type {
  Cart,
  CartAccessoryAddRequest,
  CartAccessoryDeleteRequest,
  CartAccessoryModifyRequest,
  CartAddProductRequest,
  CartAddSetRequest,
  CartDeleteProductRequest,
  CartInitRequest,
  CartModifyProductRequest,
  CartOrderModifyRequest,
  CartShippingAddRequest,
  CartShippingResetRequest,
} from '#contracts/cart.ts';
import type {
  CartDivideRequest,
  CartOtherModifyRequest,
  CartPackingAddRequest,
  CartPackingModifyRequest,
  CartShippingModifyRequest,
} from '#contracts/delivery.ts';
import type { SocialReceiverRequest } from '#contracts/social-gift.ts';
import { initCart, mutateCart, readCart } from './access.ts';
import { addAccessory, deleteAccessory, modifyAccessory } from './accessories.ts';
import { addCoupon, deleteCoupon } from './coupons.ts';
import { addProduct, addSet, deleteProducts, modifyProduct, resetCart } from './lines.ts';
import { setPayment } from './payment.ts';
import { paymentChoiceChange, resolvePaymentChoice, setTransactionError } from './payment-choice.ts';
import { setUsePoint } from './points.ts';
import { assertCartSelling } from './selling.ts';
import { addShipping, divideLine, modifyShipping, resetShippings, setOtherNote, setPacking } from './shipping.ts';
import { setSocialReceiver } from './social-gift.ts';
import type { CartRow, CartScope } from './types.ts';
import { buildCart } from './view.ts';

/** The wire Cart of this row, for this scope. */
export const show = (s: CartScope, cart: CartRow) => buildCart(s.db, cart, s.channel.id, s.user);
/** Runs `fn` on the locked cart (access.ts mutateCart) and answers the wire Cart. */
export const change = async (s: CartScope, token: string, fn: Parameters<typeof mutateCart>[5]) =>
  show(s, await mutateCart(s.db, s.env, s.channel.id, s.user, token, fn));

/** POST /v1/carts/init: the usable cart (restored or merged at login), or a new one. */
export const initShopCart = async (s: CartScope, input: CartInitRequest): Promise<Cart> =>
  show(s, await initCart(s.db, s.env, s.channel.id, s.user, input));

/** GET /v1/carts/{token}. */
export const getCart = async (s: CartScope, token: string): Promise<Cart> => show(s, await readCart(s.db, s.channel.id, s.user, token));

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
  return change(s, token, async (tx, cart) => ({ ...(await setPayment(tx, cart, payment_id)), ...paymentChoiceChange(choice) }));
};

/** PATCH /v1/carts/transaction/error/delete: the shopper has seen the payment failure. */
export const deleteTransactionError = (s: CartScope, { token }: { token: string }) =>
  change(s, token, (tx, cart) => setTransactionError(tx, cart.id, null));

/** PATCH /v1/carts/shippings/modify. */
export const modifyCartShipping = (s: CartScope, { token, ...input }: CartShippingModifyRequest) =>
  change(s, token, (tx, cart) => modifyShipping(tx, s.channel.id, cart, s.user, { token, ...input }));

/** PATCH /v1/carts/products/divide. */
export const divideCartProduct = (s: CartScope, input: CartDivideRequest) =>
  change(s, input.token, (tx, cart) => divideLine(tx, cart, input));

/** PATCH /v1/carts/packings/add: sets the shipping's wrapping and のし (missing のし fields clear them). */
export const addCartPacking = (s: CartScope, input: CartPackingAddRequest) =>
  change(s, input.token, (tx, cart) => setPacking(tx, s.channel.id, cart, input, true));

/** PATCH /v1/carts/packings/modify: changes only the fields given. */
export const modifyCartPacking = (s: CartScope, input: CartPackingModifyRequest) =>
  change(s, input.token, (tx, cart) => setPacking(tx, s.channel.id, cart, input, false));

/** PATCH /v1/carts/other/modify: the 備考. */
export const modifyCartOther = (s: CartScope, { token, note }: CartOtherModifyRequest) =>
  change(s, token, (tx, cart) => setOtherNote(tx, cart, note));

/** PATCH /v1/carts/coupons/add. */
export const addCartCoupon = (s: CartScope, { token, code }: CartCouponRequest) =>
  change(s, token, (tx, cart) => addCoupon(tx, cart, s.user, s.channel.id, code));

/** PATCH /v1/carts/coupons/delete. */
export const deleteCartCoupon = (s: CartScope, { token, code }: CartCouponRequest) =>
  change(s, token, (tx, cart) => deleteCoupon(tx, cart, code));

/** PATCH /v1/carts/point (members only). */
export async function setCartPoint(s: CartScope, { token, use_point }: CartPointRequest): Promise<Cart> {
  // What the order costs before points, as the cart shows it (coupon, carriage and fee included).
  const shown = await buildCart(s.db, await readCart(s.db, s.channel.id, s.user, token), s.channel.id, s.user);
  const payable = shown.detail.order.total_payment + shown.detail.order.use_point;
  return change(s, token, (tx, cart) => setUsePoint(tx, cart, s.user, use_point, payable));
}

/** PATCH /v1/carts/social/receiver: buy the cart as a social gift (or not), with the sender's name and message. */
export async function setCartSocialReceiver(s: CartScope, { token, ...input }: SocialReceiverRequest): Promise<Cart> {
  const cart = await mutateCart(s.db, s.env, s.channel.id, s.user, token, (tx, row) => setSocialReceiver(tx, row, input));
  return buildCart(s.db, cart, s.channel.id, s.user);
}
