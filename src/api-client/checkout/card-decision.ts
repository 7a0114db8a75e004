/**
 * POST /v1/carts/{token}/decision (issue 8), on its own: the cart store places the order with it, so it
 * is in the first load of every cart and checkout page, while the rest of card-payments.ts (provider
 * settings, saved cards, 3-D Secure return, order payment detail) is loaded only by the islands using it.
 */

import type { CartDecisionAction } from '#contracts/card-payments.ts';
import type { CartDecisionResponse } from '#contracts/cart.ts';
import { seg } from '../core/call.ts';
import { type Decoder, literal, object, string } from '../core/guard.ts';
import { request } from '../core/http.ts';
import { cartDecisionWire } from '../wire/cart.ts';

const actionWire: Decoder<CartDecisionAction> = /* @__PURE__ */ object({ status: literal('requires_action'), redirect_url: string });
const decisionOrAction = (body: unknown): CartDecisionResponse | CartDecisionAction =>
  body && typeof body === 'object' && 'redirect_url' in body ? actionWire(body) : cartDecisionWire(body);

/**
 * POST /v1/carts/{token}/decision: the order, or (card with 3-D Secure, 202) where to send the
 * shopper. Not cancelled by navigation: the order may already exist.
 */
export async function decideCartWithPayment(token: string): Promise<CartDecisionResponse | CartDecisionAction> {
  return (await request('POST', `/v1/carts/${seg(token)}/decision`, { body: {}, parse: decisionOrAction, cancelOnNavigation: false })).data;
}
