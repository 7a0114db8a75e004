/**
 * Browser-side navigation helpers shared by the islands. Paths and redirect rules live in
 * src/lib/routes.ts and src/lib/redirects.ts; islands import single routes from there (not the
 * `paths` table) so their first load carries only the paths they use.
 */

/** The page's own path and query, the way back after a login. */
export function currentReturnPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Tells /header.js to re-read the cart and login cookies. */
export function refreshHeader(): void {
  window.dispatchEvent(new Event('shop:header'));
}
