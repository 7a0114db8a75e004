/**
 * Navigation helpers shared by the islands. The paths and rules themselves live in src/lib/routes.ts
 * and src/lib/redirects.ts; these names stay for the islands that already import them.
 */
import { paths, safeReturnPath } from '../../src/lib/routes.ts';

export const LOGIN_PATH = paths.login();
/** Where a logged-in member lands by default (spec 2: home action and guest-only screens go to /ec/). */
export const MEMBER_HOME_PATH = paths.ec;

/** A same-origin path from a `redirect` query value, or null (see safeReturnPath). */
export const safeRedirectPath = safeReturnPath;

/** /login/ with the page to come back to (and re=1 after a failed refresh). */
export function loginUrl(returnTo: string, refreshFailed = false): string {
  return paths.login({ redirect: returnTo, refreshFailed });
}

/** The page's own path and query, the way back after a login. */
export function currentReturnPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Tells /header.js to re-read the cart and login cookies. */
export function refreshHeader(): void {
  window.dispatchEvent(new Event('shop:header'));
}
