/**
 * The shop's messages' rules (spec 4 "Messages": GET /v1/messages, per=all): a message shows only
 * while its updated_at differs from the value stored when it was dismissed. Dismissing stores that
 * updated_at under the message's own cookie (spec 9 "a per-message dismissal key",
 * message_dismissed_<code>, as src/lib/cookies.ts names it), so the message stays away across pages
 * and visits, and comes back once an editor changes it. No React and no API client: the bar
 * (src/scripts/message-bar.ts) runs as one small classic file that /header.js loads after the page.
 */
import { readBrowserEndpoint } from '#api-client/core/endpoint.ts';

/** Prefix of the per-message dismissal cookie (equal to COOKIE_KEYS.messageDismissal in src/lib/cookies.ts). */
export const DISMISSAL_PREFIX = 'message_dismissed_';
const CODE = /^[\w.-]{1,100}$/;
const YEAR_S = 365 * 24 * 60 * 60;

export interface SiteMessage {
  code: string;
  title: string;
  body: string;
  updated_at: string;
}

/** The dismissal cookie's name for a message code, or null for a code that cannot name a cookie. */
export function dismissalKey(code: string): string | null {
  return CODE.test(code) ? DISMISSAL_PREFIX + code : null;
}

/** The updated_at stored at dismissal for `code` in a document.cookie string, or null. */
export function storedDismissal(cookies: string, code: string): string | null {
  const key = dismissalKey(code);
  const hit = key ? cookies.split('; ').find((c) => c.startsWith(`${key}=`)) : undefined;
  if (!key || !hit) return null;
  try {
    return decodeURIComponent(hit.slice(key.length + 1));
  } catch {
    return null;
  }
}

const isMessage = (m: unknown): m is SiteMessage => {
  const o = (m ?? {}) as Record<string, unknown>;
  return ['code', 'title', 'body', 'updated_at'].every((k) => typeof o[k] === 'string');
};

/** Spec 4: the messages to show, those not dismissed at their current updated_at (anything else in the list is dropped). */
export function messagesToShow(messages: unknown, cookies: string): SiteMessage[] {
  return (Array.isArray(messages) ? messages : []).filter(isMessage).filter((m) => storedDismissal(cookies, m.code) !== m.updated_at);
}

/** The cookie line that remembers the dismissal of `message` at its updated_at (for a year). */
export function dismissalCookie(message: SiteMessage): string | null {
  const key = dismissalKey(message.code);
  return key ? `${key}=${encodeURIComponent(message.updated_at)}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax` : null;
}

/**
 * GET /v1/messages?per=all from the Shop API of the page's meta tags, without a bearer. Asked of the
 * server every time (`no-cache`): the answer allows stale-while-revalidate, with which the browser
 * would show the previous list (an edit a page late) and fetch the new one behind the page.
 */
export async function fetchMessages(): Promise<unknown> {
  const { baseUrl, channelId } = readBrowserEndpoint();
  const res = await fetch(`${baseUrl}/v1/messages?per=all`, {
    cache: 'no-cache',
    headers: { 'X-Channel-Id': channelId, 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!res.ok) throw new Error(`GET /v1/messages → ${res.status}`);
  return res.json();
}
