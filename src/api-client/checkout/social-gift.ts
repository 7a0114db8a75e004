/**
 * Social gift calls of the receiver (spec 7 "Social gift"; the sender's PATCH /v1/carts/social/receiver is
 * in cart.ts). The receiver's calls take the link's key and go without
 * the visitor's login (the link is the credential); failures come back to the screen, which shows
 * the server's Japanese message (an expired or used link, a field error).
 */
import type { SocialGiftAddressInput, SocialGiftDeliveryCheckRequest, SocialGiftInput } from '#contracts/social-gift.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { request } from '../core/http.ts';
import {
  socialGiftAddressCheckWire,
  socialGiftCompleteWire,
  socialGiftDeliveryWire,
  socialGiftLeadtimeWire,
  socialGiftProductsWire,
  socialGiftShippingWire,
} from '../wire/social-gift-receiver.ts';

/** The receiver's calls: no bearer token, no refresh, errors to the screen. */
const receiverCall = { auth: false, refresh: false, silent: true } as const;
const gift = (key: string, rest = '') => `/v1/social-gifts/${seg(key)}${rest}`;

/** GET /v1/social-gifts/{key}/products. */
export async function getSocialGiftProducts(key: string, opts: CallOptions = {}) {
  return (await request('GET', gift(key, '/products'), { ...receiverCall, parse: socialGiftProductsWire, signal: opts.signal })).data;
}

/** GET /v1/social-gifts/{key}/shipping: who sent it, the message and the expiry. */
export async function getSocialGiftShipping(key: string, opts: CallOptions = {}) {
  return (await request('GET', gift(key, '/shipping'), { ...receiverCall, parse: socialGiftShippingWire, signal: opts.signal })).data;
}

/** POST /v1/social-gifts/check/shipping: the address as it will be stored, or a 422 by field. */
export async function checkSocialGiftShipping(body: SocialGiftAddressInput) {
  return (await request('POST', '/v1/social-gifts/check/shipping', { ...receiverCall, body, parse: socialGiftAddressCheckWire })).data;
}

/** GET /v1/shipping-leadtime/input/{key}?pref=: the dates and time slots for that prefecture. */
export async function getSocialGiftLeadtime(key: string, prefecture: string, opts: CallOptions = {}) {
  return (
    await request('GET', `/v1/shipping-leadtime/input/${seg(key)}`, {
      ...receiverCall,
      query: { pref: prefecture },
      parse: socialGiftLeadtimeWire,
      signal: opts.signal,
    })
  ).data;
}

/** POST /v1/social-gifts/check/delivery. */
export async function checkSocialGiftDelivery(body: SocialGiftDeliveryCheckRequest) {
  return (await request('POST', '/v1/social-gifts/check/delivery', { ...receiverCall, body, parse: socialGiftDeliveryWire })).data;
}

/** PUT /v1/social-gifts/{key}: stores the address and delivery choice (once). */
export async function receiveSocialGift(key: string, body: SocialGiftInput) {
  return (await request('PUT', gift(key), { ...receiverCall, body, parse: socialGiftCompleteWire, cancelOnNavigation: false })).data;
}

/** GET /v1/social-gifts/{key}/complete. */
export async function getSocialGiftComplete(key: string, opts: CallOptions = {}) {
  return (await request('GET', gift(key, '/complete'), { ...receiverCall, parse: socialGiftCompleteWire, signal: opts.signal })).data;
}
