/**
 * Calls the shop makes to its own Shop API from the server side (content-sync, the build, live
 * rebuilds, pages rendered on demand, the /admin/ screens) carry a secret shared by the storefront
 * server and the API: env SHOP_INTERNAL_SECRET, made up by `npm start` (and `npm run start:cluster`)
 * when unset. With it the API believes the browser address the /admin/ screens forward for the
 * editor login (contracts/admin.ts), and lets the shop's own calls through the maintenance switch
 * (api/src/middleware/maintenance.ts), so a shop started with MAINTENANCE=1 still syncs and builds.
 * No zod here: the API client's transport imports this module.
 */

export const CLIENT_ADDRESS_HEADER = 'x-shop-client-address';
export const INTERNAL_SECRET_HEADER = 'x-shop-internal-secret';
export const INTERNAL_SECRET_ENV = 'SHOP_INTERNAL_SECRET';

/**
 * The headers of the shop's own server-side calls: the secret proving the call is the shop's (none
 * when no secret is configured), and `Cache-Control: no-cache`, so a shared cache between storefront
 * and API (the cluster's balancer, a CDN) never answers a sync or a build with an older copy.
 */
export function internalHeaders(env: Record<string, string | undefined> | undefined = globalThis.process?.env): Record<string, string> {
  const secret = env?.[INTERNAL_SECRET_ENV];
  return { 'Cache-Control': 'no-cache', ...(secret ? { [INTERNAL_SECRET_HEADER]: secret } : {}) };
}
