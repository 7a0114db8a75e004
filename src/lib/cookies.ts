/**
 * The spec's cookie keys (section 9), typed. Every read is parsed with zod and falls back to "absent"
 * on anything unexpected, so a tampered or stale cookie can never crash a screen. On the server
 * (no document) reads return the fallback and writes do nothing: the session lives in the browser.
 */
import Cookies from 'js-cookie';
import { z } from 'zod';

export const COOKIE_KEYS = {
  accessToken: 'access_token',
  expiresAt: 'expires_at',
  cartToken: 'cartToken',
  cartCache: 'cart_cache',
  isDoPayment: 'isDoPayment',
  /** Prefix of the per-message dismissal key (one cookie per message code). */
  messageDismissal: 'message_dismissed_',
} as const;

/** Long enough to outlive the access token: an expired token is still the cue to refresh. */
const SESSION_DAYS = 30;

const hasDocument = () => typeof document !== 'undefined';

function attributes(days?: number): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return { path: '/', sameSite: 'Lax', secure, ...(days ? { expires: days } : {}) };
}

function read<T>(name: string, schema: z.ZodType<T>): T | null {
  if (!hasDocument()) return null;
  const raw = Cookies.get(name);
  if (raw === undefined) return null;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

function write(name: string, value: string, days?: number): void {
  if (hasDocument()) Cookies.set(name, value, attributes(days));
}

function remove(name: string): void {
  if (hasDocument()) Cookies.remove(name, { path: '/' });
}

const tokenSchema = z.string().min(1).max(2000);
const epochMsSchema = z.string().regex(/^\d{1,16}$/).transform(Number);

export const storedSessionSchema = z.object({ accessToken: tokenSchema, expiresAt: z.number().int().nonnegative() });
/** The access token and its expiry (epoch ms, already 5 s before the server's). */
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** Access token plus expiry, or null when either is missing or malformed. */
export function readSession(): StoredSession | null {
  const accessToken = read(COOKIE_KEYS.accessToken, tokenSchema);
  const expiresAt = read(COOKIE_KEYS.expiresAt, epochMsSchema);
  return accessToken && expiresAt !== null ? { accessToken, expiresAt } : null;
}

/** Stores access_token and expires_at. */
export function writeSession(session: StoredSession): void {
  write(COOKIE_KEYS.accessToken, session.accessToken, SESSION_DAYS);
  write(COOKIE_KEYS.expiresAt, String(session.expiresAt), SESSION_DAYS);
}

/** Removes access_token and expires_at. */
export function clearSession(): void {
  remove(COOKIE_KEYS.accessToken);
  remove(COOKIE_KEYS.expiresAt);
}

/** The guest-or-member cart token, or null. */
export function readCartToken(): string | null {
  return read(COOKIE_KEYS.cartToken, tokenSchema);
}

/** Stores the cart token. */
export function writeCartToken(token: string): void {
  write(COOKIE_KEYS.cartToken, token, SESSION_DAYS);
}

export const cartCacheSchema = z.object({ count: z.number().int().nonnegative() });
/** What the header's tiny script reads to show the cart count without React. */
export type CartCache = z.infer<typeof cartCacheSchema>;

const jsonCartCacheSchema = z.string().transform((raw, ctx) => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not JSON' });
    return z.NEVER;
  }
}).pipe(cartCacheSchema);

/** `cart_cache` as {count}, or null. */
export function readCartCache(): CartCache | null {
  return read(COOKIE_KEYS.cartCache, jsonCartCacheSchema);
}

/** Stores `cart_cache` = {"count": n}. */
export function writeCartCache(cache: CartCache): void {
  write(COOKIE_KEYS.cartCache, JSON.stringify(cache), SESSION_DAYS);
}

/** Removes cartToken and cart_cache. */
export function clearCartCookies(): void {
  remove(COOKIE_KEYS.cartToken);
  remove(COOKIE_KEYS.cartCache);
}

/** Whether a payment is in progress (set before the decision, cleared after). */
export function readIsDoPayment(): boolean {
  return read(COOKIE_KEYS.isDoPayment, z.enum(['1', 'true'])) !== null;
}

/** Sets or clears the payment-in-progress flag. */
export function writeIsDoPayment(on: boolean): void {
  if (on) write(COOKIE_KEYS.isDoPayment, '1');
  else remove(COOKIE_KEYS.isDoPayment);
}

const messageCodeSchema = z.string().regex(/^[\w.-]{1,100}$/);

/** The updated_at stored when the message was dismissed, or null. */
export function readMessageDismissal(code: string): string | null {
  if (!messageCodeSchema.safeParse(code).success) return null;
  return read(COOKIE_KEYS.messageDismissal + code, z.string().min(1).max(64));
}

/** Remembers that the message with this updated_at was dismissed. */
export function writeMessageDismissal(code: string, updatedAt: string): void {
  if (messageCodeSchema.safeParse(code).success) write(COOKIE_KEYS.messageDismissal + code, updatedAt, 365);
}
