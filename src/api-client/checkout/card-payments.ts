/**
 * Card and provider payment calls (issue 8): the payment service settings the browser needs, the
 * decision that may answer a 3-D Secure redirect, and the saved cards the payment step offers. The
 * return from 3-D Secure (card-authentication.ts), my page's card screen (user-cards.ts) and an order's
 * payment detail for the thanks page (order-payment.ts) have modules of their own: a shared module's
 * chunk carries every function any island uses, and the payment step would load theirs. The card
 * itself never passes through here: it goes to the provider's own origin through the provider's
 * script (islands/checkout/card-token.ts).
 */
import type { PaymentServiceSettings, UserCard } from '#contracts/card-payments.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array, boolean, type Decoder, int, nullable, object, optional, string } from '../core/guard.ts';
import { request } from '../core/http.ts';

const settingsWire: Decoder<PaymentServiceSettings> = /* @__PURE__ */ object({
  code: string,
  name: string,
  provider: optional(nullable(object({ code: string, script_url: string, origin: string, public_key: string }))),
  stores: optional(array(object({ code: string, name: string }))),
  ceiling: optional(nullable(int)),
  fee_bands: optional(array(object({ below: int, fee: int }))),
  notice: optional(string),
  deadline_days: optional(int),
});

/** GET /v1/settings/payment-service/{code}: the card provider's script and key, the konbini stores, … */
export async function getPaymentService(code: string, opts: CallOptions = {}): Promise<PaymentServiceSettings> {
  return (await request('GET', `/v1/settings/payment-service/${seg(code)}`, { parse: settingsWire, signal: opts.signal })).data;
}

/** The order decision (the cart store's decide): card-decision.ts, in the first load of the checkout pages. */
export { decideCartWithPayment } from './card-decision.ts';

/** A saved card (also read by user-cards.ts). */
export const userCardWire: Decoder<UserCard> = /* @__PURE__ */ object({
  id: int,
  is_main: boolean,
  name: string,
  brand: string,
  masked_number: string,
  expiration: string,
});

/** GET /v1/me/user-cards: the member's saved cards, main first. */
export async function listUserCards(opts: CallOptions = {}): Promise<UserCard[]> {
  return (await request('GET', '/v1/me/user-cards', { parse: array(userCardWire), signal: opts.signal })).data;
}

/** POST /v1/me/user-cards: saves the card a provider token stands for. */
export async function addUserCard(token: string): Promise<UserCard> {
  return (await request('POST', '/v1/me/user-cards', { body: { token }, parse: userCardWire })).data;
}
