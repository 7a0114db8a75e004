/**
 * What the routes call to turn a cart into an order and a payment: the decision (with a card's
 * authorisation and 3-D Secure around it, card.ts), and which payment methods suit the cart now
 * (usable-payments.ts). The order itself is written by decision.ts in one transaction.
 */

import type { CartDecisionAction, PaymentCheck, ThreeDsReturnRequest } from '#contracts/card-payments.ts';
import type { CartDecisionResponse } from '#contracts/cart.ts';
import type { PaymentMethod } from '#contracts/payments.ts';
import { readCart } from '../carts/access.ts';
import { show } from '../carts/index.ts';
import { assertSelling } from '../carts/selling.ts';
import type { CartScope } from '../carts/types.ts';
import { type Decide, decideWithPayment, returnFrom3ds } from './card.ts';
import { type Decision, decideCart } from './decision.ts';
import { checkPayment, usablePayments } from './usable-payments.ts';

const decideWith =
  (s: CartScope, token: string): Decide =>
  (settle) =>
    decideCart(s.db, s.channel, s.user!, token, s.env.SITE_URL, settle);
const decisionWire = ({ order_no, order_id, social_gift_url }: Decision): CartDecisionResponse => ({
  order_no,
  order_id,
  ...(social_gift_url ? { social_gift_url } : {}),
});

/** POST /v1/carts/{token}/decision (signed-in member only): the order, or a card's 3-D Secure redirect. */
// The selling stop is checked on the cart as read before a card is charged (card.ts) and
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
