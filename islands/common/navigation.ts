/** Navigation helpers shared by the islands: safe post-login targets and the header refresh event. */

export const LOGIN_PATH = '/login/';
/** Where a logged-in member lands by default (spec 2: home action and guest-only screens go to /ec/). */
export const MEMBER_HOME_PATH = '/ec/';

/**
 * A same-origin path from a `redirect` query value, or null. Rejects absolute and protocol-relative
 * URLs (`//evil`, `/\evil`) so the login form cannot be used as an open redirect.
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 500) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/[\u0000-\u001f]/.test(raw)) return null;
  // The login page itself is never a useful target.
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`)) return null;
  return raw;
}

/** /login/ with the page to come back to (and re=1 after a failed refresh). */
export function loginUrl(returnTo: string, refreshFailed = false): string {
  const params = new URLSearchParams();
  if (refreshFailed) params.set('re', '1');
  const target = safeRedirectPath(returnTo);
  if (target) params.set('redirect', target);
  const qs = params.toString();
  return qs ? `${LOGIN_PATH}?${qs}` : LOGIN_PATH;
}

/** Tells /header.js to re-read the cart and login cookies. */
export function refreshHeader(): void {
  window.dispatchEvent(new Event('shop:header'));
}
