/**
 * The storefront's one cookie implementation: the spec's cookies (section 9) with js-cookie's value
 * encoding, hand-written rather than built on js-cookie because it is the smaller bundle (about
 * 0.35 KB gzipped against js-cookie's 0.77 KB) and it is in the first load of every island page.
 * Every value read is checked (length, digits, JSON shape) so a tampered cookie reads as absent.
 * src/lib/cookies.ts re-exports it for server and page code; public/header.js reads the same cookies.
 * On the server (no document) reads answer null and writes do nothing.
 */
import { attempt, int, object, type Decoder } from './guard.ts';

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
const hasDocument = () => typeof document !== 'undefined';

/** js-cookie's value encoding: URI-encode, then leave the characters cookies allow readable. */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
}

/** Decodes a cookie value the way js-cookie reads it (quotes stripped, %XX sequences decoded). */
export function decodeCookieValue(raw: string): string {
  const unquoted = raw.startsWith('"') && raw.endsWith('"') && raw.length > 1 ? raw.slice(1, -1) : raw;
  try {
    return unquoted.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);
  } catch {
    return unquoted;
  }
}

/** One cookie's value from a Cookie header or document.cookie string. */
export function cookieFrom(header: string, name: string): string | null {
  for (const part of header.split('; ')) {
    const eq = part.indexOf('=');
    if (eq > 0 && decodeCookieValue(part.slice(0, eq)) === name) return decodeCookieValue(part.slice(eq + 1));
  }
  return null;
}

/** A `Set-Cookie` / document.cookie assignment with the shop's attributes (path=/, SameSite=Lax). */
export function serializeCookie(name: string, value: string, opts: { days?: number; secure?: boolean; remove?: boolean } = {}): string {
  let out = `${name}=${opts.remove ? '' : encodeCookieValue(value)}; path=/; SameSite=Lax`;
  if (opts.remove) out += '; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  else if (opts.days) out += `; expires=${new Date(Date.now() + opts.days * 864e5).toUTCString()}`;
  if (opts.secure) out += '; Secure';
  return out;
}

const secure = () => typeof location !== 'undefined' && location.protocol === 'https:';
const read = (name: string): string | null => (hasDocument() ? cookieFrom(document.cookie, name) : null);
const write = (name: string, value: string, days?: number) => {
  if (hasDocument()) document.cookie = serializeCookie(name, value, { days, secure: secure() });
};
const remove = (name: string) => {
  if (hasDocument()) document.cookie = serializeCookie(name, '', { remove: true });
};

/** A cookie's decoded value in the browser, or null (always null on the server). */
export const readCookie = read;
/** Sets a cookie with the shop's attributes, for `days` (a session cookie without). */
export const writeCookie = write;
/** Removes a cookie set by writeCookie. */
export const removeCookie = remove;

const validToken = (v: string | null): string | null => (v && v.length <= 2000 ? v : null);

/** Access token plus expiry, or null when either is missing or malformed. */
export function readSession(): StoredSession | null {
  const accessToken = validToken(read(COOKIE_NAMES.accessToken));
  const expires = read(COOKIE_NAMES.expiresAt);
  return accessToken && expires && /^\d{1,16}$/.test(expires) ? { accessToken, expiresAt: Number(expires) } : null;
}

/** Stores access_token and expires_at. */
export function writeSession(session: StoredSession): void {
  write(COOKIE_NAMES.accessToken, session.accessToken, SESSION_DAYS);
  write(COOKIE_NAMES.expiresAt, String(session.expiresAt), SESSION_DAYS);
}

/** Removes access_token and expires_at. */
export function clearSession(): void {
  remove(COOKIE_NAMES.accessToken);
  remove(COOKIE_NAMES.expiresAt);
}

/** The guest-or-member cart token, or null. */
export function readCartToken(): string | null {
  return validToken(read(COOKIE_NAMES.cartToken));
}

/** Stores the cart token. */
export function writeCartToken(token: string): void {
  write(COOKIE_NAMES.cartToken, token, SESSION_DAYS);
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
  return parseCartCache(read(COOKIE_NAMES.cartCache));
}

/** Stores `cart_cache` = {"count": n}. */
export function writeCartCache(cache: CartCache): void {
  write(COOKIE_NAMES.cartCache, JSON.stringify({ count: cache.count }), SESSION_DAYS);
}

/** Removes cartToken and cart_cache. */
export function clearCartCookies(): void {
  remove(COOKIE_NAMES.cartToken);
  remove(COOKIE_NAMES.cartCache);
}

/** Whether a payment is in progress (set before the decision, cleared after). */
export function readIsDoPayment(): boolean {
  const v = read(COOKIE_NAMES.isDoPayment);
  return v === '1' || v === 'true';
}

/** Sets or clears the payment-in-progress flag. */
export function writeIsDoPayment(on: boolean): void {
  if (on) write(COOKIE_NAMES.isDoPayment, '1');
  else remove(COOKIE_NAMES.isDoPayment);
}
