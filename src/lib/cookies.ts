/**
 * The spec's cookie keys (section 9) for page and server code. The implementation is the API
 * client's cookie jar (src/api-client/core/cookie-jar.ts), so the storefront writes and reads its cookies
 * one way; this module adds the per-message dismissal cookie, which only screens use.
 */
import { COOKIE_NAMES, readCookie, writeCookie } from '#api-client/core/cookie-jar.ts';

export {
  type CartCache,
  clearCartCookies,
  clearSession,
  parseCartCache,
  readCartCache,
  readCartToken,
  readIsDoPayment,
  readSession,
  type StoredSession,
  writeCartCache,
  writeCartToken,
  writeIsDoPayment,
  writeSession,
} from '#api-client/core/cookie-jar.ts';

export const COOKIE_KEYS = {
  ...COOKIE_NAMES,
  /** Prefix of the per-message dismissal key (one cookie per message code). */
  messageDismissal: 'message_dismissed_',
} as const;

const MESSAGE_CODE = /^[\w.-]{1,100}$/;

/** The updated_at stored when the message was dismissed, or null. */
export function readMessageDismissal(code: string): string | null {
  if (!MESSAGE_CODE.test(code)) return null;
  const value = readCookie(COOKIE_KEYS.messageDismissal + code);
  return value && value.length <= 64 ? value : null;
}

/** Remembers that the message with this updated_at was dismissed (for a year). */
export function writeMessageDismissal(code: string, updatedAt: string): void {
  if (MESSAGE_CODE.test(code)) writeCookie(COOKIE_KEYS.messageDismissal + code, updatedAt, 365);
}
