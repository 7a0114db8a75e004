/** My page's クレジットカード screen (spec 9): the saved cards with their limit, deleting one, choosing the main one. */
import type { UserCard } from '#contracts/card-payments.ts';
import { LIMIT_HEADER } from '#contracts/constants.ts';
import { userCardWire } from '../checkout/card-payments.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { request } from '../core/http.ts';

/** The member's saved cards and how many may be saved (x-limit, spec 9; undefined when the API gives none). */
export interface UserCardList {
  cards: UserCard[];
  limit: number | undefined;
}

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
