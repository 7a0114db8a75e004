/** The cart operations of coupons and points, each answering with the whole Cart (like services/cart/index.ts). */
import type { Cart } from '#contracts/cart.ts';
import type { CartCouponRequest, CartPointRequest } from '#contracts/benefits.ts';
import type { CartScope } from '../carts/index.ts';
import { mutateCart, readCart } from '../carts/access.ts';
import { addCoupon, deleteCoupon } from '../carts/coupons.ts';
import { setUsePoint } from '../carts/points.ts';
import { buildCart } from '../carts/view.ts';

const change = async (s: CartScope, token: string, fn: Parameters<typeof mutateCart>[5]): Promise<Cart> =>
  buildCart(s.db, await mutateCart(s.db, s.env, s.channel.id, s.user, token, fn), s.channel.id, s.user);

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
