/**
 * Every write of /v1 that needs no login, with its per-client limit and body cap (issue 21 §7): 150
 * events, history entries or restock requests in 2 s from one client were all stored before. Keyed
 * `METHOD /path` as in the OpenAPI document (relative to /v1). Counted per client address (an IPv6
 * /64 is one client), in fixed windows, by middleware/public-writes.ts before the call's own work;
 * calls that have their own, tighter limits (login, registration, reminders, inquiries, uploads)
 * keep them: this one is the outer bound. `bodyBytes` is the call's body cap (null: BODY_LIMIT_BYTES,
 * or UPLOAD_BODY_LIMIT_BYTES for the multipart upload). tests/api/public-writes.test.ts fails when a
 * write without login is missing here.
 */
import type { Limit } from './index.ts';

/**
 * `followsLogin`: a login-type call, whose bound is at least twice LOGIN_LIMIT_PER_ADDRESS, so a rig
 * that raises the login limit for its own logins (the browser tests) raises this one with it.
 */
export interface PublicWriteRule extends Limit {
  bodyBytes: number | null;
  followsLogin?: true;
}

const KB = 1024;
const perMinute = (limit: number, bodyBytes: number | null): PublicWriteRule => ({ limit, windowSeconds: 60, bodyBytes });
const per5Minutes = (limit: number, bodyBytes: number | null): PublicWriteRule => ({ limit, windowSeconds: 300, bodyBytes });
const perHour = (limit: number, bodyBytes: number | null): PublicWriteRule => ({ limit, windowSeconds: 3600, bodyBytes });

/** A cart edit: a shopper clicks quickly, and a school's class may share one address. */
const cart = perMinute(120, 16 * KB);

export const PUBLIC_WRITE_LIMITS: Readonly<Record<string, PublicWriteRule>> = {
  // Tracking the storefront sends on its own, a few per page view.
  'POST /ecommerce_events': perMinute(60, 16 * KB),
  'POST /product-histories': perMinute(60, 4 * KB),
  'POST /product-search-histories': perMinute(60, 4 * KB),
  'POST /product-requests': perHour(30, 4 * KB),
  // The restock request's confirmation link (its token is single-use; this bounds guessing).
  'POST /product-requests/confirm': per5Minutes(30, 4 * KB),
  // Sessions and accounts (their own per-address and per-account limits are tighter).
  'POST /auth/login': { ...per5Minutes(60, 8 * KB), followsLogin: true },
  'POST /auth/login-sync-channel': { ...per5Minutes(60, 8 * KB), followsLogin: true },
  'POST /auth/logout': perMinute(30, 4 * KB),
  'POST /auth/refresh': { ...per5Minutes(240, 4 * KB), followsLogin: true },
  'POST /auth/verify': { ...per5Minutes(60, 4 * KB), followsLogin: true },
  'POST /users': perHour(30, 16 * KB),
  'POST /email-verify/check': per5Minutes(30, 4 * KB),
  'POST /reminder/request': perHour(30, 4 * KB),
  'POST /reminder/check': per5Minutes(30, 4 * KB),
  'POST /reminder/reset': per5Minutes(30, 4 * KB),
  'POST /schools/check': per5Minutes(60, 4 * KB),
  // Carts (a guest's cart is public by its token).
  'POST /carts/init': cart,
  'PATCH /carts/products/add': cart,
  'PATCH /carts/products/modify': cart,
  'PATCH /carts/products/delete': cart,
  'PATCH /carts/products/divide': cart,
  'PATCH /carts/add-set': cart,
  'PATCH /carts/accessories/add': cart,
  'PATCH /carts/accessories/modify': cart,
  'PATCH /carts/accessories/delete': cart,
  'PATCH /carts/coupons/add': cart,
  'PATCH /carts/coupons/delete': cart,
  'PATCH /carts/order/modify': cart,
  'PATCH /carts/other/modify': cart,
  'PATCH /carts/packings/add': cart,
  'PATCH /carts/packings/modify': cart,
  'PATCH /carts/reset': cart,
  'PATCH /carts/shippings/add': cart,
  'PATCH /carts/shippings/modify': cart,
  'PATCH /carts/shippings/reset': cart,
  'PATCH /carts/social/receiver': cart,
  'PATCH /carts/transaction/error/delete': cart,
  // Social gifts: the receiver has only the link.
  'POST /social-gifts/check/delivery': perMinute(60, 16 * KB),
  'POST /social-gifts/check/shipping': perMinute(60, 16 * KB),
  'PUT /social-gifts/{token}': per5Minutes(30, 16 * KB),
  // Forms that mail the shop (their own send limits are tighter; `prepare` calls count here).
  'POST /inquiries': perHour(60, 64 * KB),
  'POST /catalog-orders': perHour(60, 16 * KB),
  'POST /upload-files': perHour(60, null),
  // The card provider's server calls this one: generous, only a flood is refused.
  'POST /{provider}/receive/fraud-detection': perMinute(600, 64 * KB),
};
