/**
 * Card and provider payment calls (issue 8): the payment service settings the browser needs, the
 * decision that may answer a 3-D Secure redirect, the return from 3-D Secure and saved cards (an
 * order's payment detail for the thanks page: order-payment.ts). The card itself never passes through here: it goes
 * to the provider's own origin through the provider's script (islands/checkout/card-token.ts).
 */
import type { CartDecisionResponse } from '#contracts/cart.ts';
import type { PaymentServiceSettings, UserCard } from '#contracts/card-payments.ts';
import { request } from './http.ts';
import { seg, type CallOptions } from './call.ts';
import { array, int, nullable, object, optional, string, boolean, type Decoder } from './guard.ts';
import { cartDecisionWire } from './wire/cart.ts';
import { LIMIT_HEADER } from '#contracts/constants.ts';

const settingsWire: Decoder<PaymentServiceSettings> = /* @__PURE__ */ object({
  code: string, name: string,
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

/** POST /v1/carts/{token}/payment/3ds: back from the provider's 3-D Secure page; places the order. */
export async function completeCardAuthentication(token: string, input: { payment_ref: string; payment_result: string }): Promise<CartDecisionResponse> {
  return (await request('POST', `/v1/carts/${seg(token)}/payment/3ds`, { body: input, parse: cartDecisionWire, cancelOnNavigation: false })).data;
}

/** PATCH /v1/carts/transaction/error/delete: the shopper has seen the payment failure. */
export async function deleteTransactionError(token: string): Promise<void> {
  await request('PATCH', '/v1/carts/transaction/error/delete', { body: { token } });
}

const userCardWire: Decoder<UserCard> = /* @__PURE__ */ object({ id: int, is_main: boolean, name: string, brand: string, masked_number: string, expiration: string });

/** GET /v1/me/user-cards: the member's saved cards, main first. */
export async function listUserCards(opts: CallOptions = {}): Promise<UserCard[]> {
  return (await request('GET', '/v1/me/user-cards', { parse: array(userCardWire), signal: opts.signal })).data;
}

/** POST /v1/me/user-cards: saves the card a provider token stands for. */
export async function addUserCard(token: string): Promise<UserCard> {
  return (await request('POST', '/v1/me/user-cards', { body: { token }, parse: userCardWire })).data;
}

/** The member's saved cards and how many may be saved (x-limit, spec 9; undefined when the API gives none). */
export interface UserCardList { cards: UserCard[]; limit: number | undefined }

/** GET /v1/me/user-cards with its x-limit header (the クレジットカード screen). */
export async function listUserCardsWithLimit(opts: CallOptions = {}): Promise<UserCardList> {
  const res = await request('GET', '/v1/me/user-cards', { parse: array(userCardWire), signal: opts.signal });
  // Read here rather than with pagination.ts's readLimit: that module sits in the order pages' chunk,
  // which the payment page (also importing this file) must not load.
  const raw = res.headers.get(LIMIT_HEADER)?.trim() ?? '';
  return { cards: res.data, limit: /^\d{1,15}$/.test(raw) ? Number(raw) : undefined };
}

/** DELETE /v1/me/user-cards/{id}: 204 (when the main card goes, the API makes the oldest other main). */
export async function deleteUserCard(id: number): Promise<void> {
  await request('DELETE', `/v1/me/user-cards/${seg(id)}`);
}

/** PATCH /v1/me/user-cards/{id}/use: this card becomes the only main one (いつものカード). */
export async function setMainUserCard(id: number): Promise<UserCard> {
  return (await request('PATCH', `/v1/me/user-cards/${seg(id)}/use`, { parse: userCardWire })).data;
}
