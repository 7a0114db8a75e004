/**
 * The storefront's one cookie implementation: the spec's cookies (section 9), read and written in
 * the browser with js-cookie (the owner's stack), with the shop's attributes (path=/, SameSite=Lax,
 * Secure over https). Every value read is checked (length, digits, JSON shape) so a tampered cookie
 * reads as absent. src/lib/cookies.ts re-exports it for page code; public/header.js reads the same
 * cookies; the /cart/add/ endpoint writes them through Astro's cookies with js-cookie's encoding.
 * On the server (no document) js-cookie reads nothing and writes nothing.
 */
import Cookies from 'js-cookie';
import { attempt, type Decoder, int, object } from './guard.ts';

export const COOKIE_NAMES = {
  accessToken: 'access_token',
  expiresAt: 'expires_at',
  cartToken: 'cartToken',
  cartCache: 'cart_cache',
  isDoPayment: 'isDoPayment',
} as const;

/** The access token and its expiry (epoch ms, already 5 s before the server's). */
export interface StoredSession {
  accessToken: string;
  expiresAt: number;
}

/** What the header script reads to show the cart count. */
export interface CartCache {
  count: number;
}

/** Long enough to outlive the access token: an expired token is still the cue to refresh. */
const SESSION_DAYS = 30;

/** js-cookie's value encoding (for cookies written elsewhere, e.g. Astro's, in the same format). */
export function encodeCookieValue(value: string): string {
  return Cookies.converter.write(value, '');
}

// Secure is decided per write: the same bundle serves http (local) and https shops.
const attributes = (days?: number): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'Lax',
  expires: days,
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
});

/** A cookie's decoded value in the browser, or null (always null on the server). */
export function readCookie(name: string): string | null {
  return Cookies.get(name) ?? null;
}

/** Sets a cookie with the shop's attributes, for `days` (a session cookie without). */
export function writeCookie(name: string, value: string, days?: number): void {
  Cookies.set(name, value, attributes(days));
}

/** Removes a cookie set by writeCookie. */
export function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
}

const validToken = (v: string | null): string | null => (v && v.length <= 2000 ? v : null);

/** Access token plus expiry, or null when either is missing or malformed. */
export function readSession(): StoredSession | null {
  const accessToken = validToken(readCookie(COOKIE_NAMES.accessToken));
  const expires = readCookie(COOKIE_NAMES.expiresAt);
  return accessToken && expires && /^\d{1,16}$/.test(expires) ? { accessToken, expiresAt: Number(expires) } : null;
}

/** Stores access_token and expires_at. */
export function writeSession(session: StoredSession): void {
  writeCookie(COOKIE_NAMES.accessToken, session.accessToken, SESSION_DAYS);
  writeCookie(COOKIE_NAMES.expiresAt, String(session.expiresAt), SESSION_DAYS);
}

/** Removes access_token and expires_at. */
export function clearSession(): void {
  removeCookie(COOKIE_NAMES.accessToken);
  removeCookie(COOKIE_NAMES.expiresAt);
}

/** The guest-or-member cart token, or null. */
export function readCartToken(): string | null {
  return validToken(readCookie(COOKIE_NAMES.cartToken));
}

/** Stores the cart token. */
export function writeCartToken(token: string): void {
  writeCookie(COOKIE_NAMES.cartToken, token, SESSION_DAYS);
}

const cartCacheDecoder: Decoder<CartCache> = object({ count: int });

/** Parses a `cart_cache` value ({"count": n}); null when it is anything else. */
export function parseCartCache(raw: string | null): CartCache | null {
  if (!raw) return null;
  try {
    const cache = attempt(cartCacheDecoder, JSON.parse(raw));
    return cache && cache.count >= 0 ? cache : null;
  } catch {
    return null;
  }
}

/** `cart_cache` as {count}, or null. */
export function readCartCache(): CartCache | null {
  return parseCartCache(readCookie(COOKIE_NAMES.cartCache));
}

/** Stores `cart_cache` = {"count": n}. */
export function writeCartCache(cache: CartCache): void {
  writeCookie(COOKIE_NAMES.cartCache, JSON.stringify({ count: cache.count }), SESSION_DAYS);
}

/** Removes cartToken and cart_cache. */
export function clearCartCookies(): void {
  removeCookie(COOKIE_NAMES.cartToken);
  removeCookie(COOKIE_NAMES.cartCache);
}

/** Whether a payment is in progress (set before the decision, cleared after). */
export function readIsDoPayment(): boolean {
  const v = readCookie(COOKIE_NAMES.isDoPayment);
  return v === '1' || v === 'true';
}

/** Sets or clears the payment-in-progress flag. */
export function writeIsDoPayment(on: boolean): void {
  if (on) writeCookie(COOKIE_NAMES.isDoPayment, '1');
  else removeCookie(COOKIE_NAMES.isDoPayment);
}
