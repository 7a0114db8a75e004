/**
 * The guest purchase (非会員購入, spec 6 "Registered versus unregistered member"): GET /v1/users/dummy
 * gives the guest an unregistered member and a token for this checkout only. The token lives in the
 * client's guest store (options.ts: per tab, never in the member cookies), so the header, the member
 * gate and the session store keep treating the visitor as a guest, while cart and checkout calls
 * carry the token (http.ts sends it when there is no member session). 「この内容で会員登録する」
 * after the purchase turns the guest into a member: POST /v1/me/convert answers a member login.
 */
import type { LoginResponse } from '#contracts/auth.ts';
import type { User } from '#contracts/user.ts';
import { options, request } from '../core/http.ts';

export { isGuestCheckout } from '../core/options.ts';

import type { CallOptions } from '../core/call.ts';
import { computeExpiresAt } from '../core/token.ts';
import { loginResponseWire } from '../wire/auth.ts';

/** Starts a guest purchase: a new unregistered member whose token the guest store keeps. */
export async function startGuestCheckout(opts: CallOptions = {}): Promise<void> {
  const o = options();
  const res = await request('GET', '/v1/users/dummy', { parse: loginResponseWire, auth: false, refresh: false, signal: opts.signal });
  o.guestTokens.write({ accessToken: res.data.access_token, expiresAt: computeExpiresAt(res.data, o.now()) });
}

/** Ends the guest purchase in this tab (after conversion, or when the guest leaves it). */
export function endGuestCheckout(): void {
  options().guestTokens.clear();
}

/** The buyer's details of the guest purchase (PUT /v1/me/user with the guest's token). */
export interface GuestBuyer {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  email: string;
  phone_number: string;
}

/** Saves the guest's name, kana, e-mail and phone (the order mail goes to that e-mail). */
export async function saveGuestBuyer(buyer: GuestBuyer, opts: CallOptions = {}): Promise<void> {
  await request<User>('PUT', '/v1/me/user', { body: { ...buyer, newsletter: 0 }, signal: opts.signal });
}

/** POST /v1/me/convert: the guest becomes a member with the details given at checkout. */
export interface ConvertGuestInput {
  username: string;
  password: string;
  security_question_ct: number;
  security_answer: string;
}

/** Converts the guest; the answer is a member login (the caller adopts it and ends the guest purchase). */
export async function convertGuest(input: ConvertGuestInput, opts: CallOptions = {}): Promise<LoginResponse> {
  const res = await request('POST', '/v1/me/convert', {
    body: input,
    parse: loginResponseWire,
    refresh: false,
    credentials: 'include',
    signal: opts.signal,
  });
  return res.data;
}
