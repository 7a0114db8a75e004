/**
 * The maintenance gate of /v1 (spec 4 and 8): while the switch is on, every call answers 503 with
 * the error shape plus the page's `title`, Retry-After and `no-store`, and the storefront's client
 * stores the title and message and goes to /maintenance/. Let through:
 * - GET /v1/maintenance itself (the page reads the wording from it);
 * - client addresses on MAINTENANCE_ALLOW (staff looking at the shop), found as the rate limits
 *   find them (TRUSTED_PROXIES rules);
 * - the shop's own server-side calls (content-sync, builds, live rebuilds, pages rendered for a
 *   visitor the storefront's gate already let through), proven by the internal secret
 *   (contracts/internal.ts).
 * The editor API (/admin/v1) and /public.json (the balancer's health check) are outside /v1 and
 * never gated: editors must be able to switch maintenance off.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { INTERNAL_SECRET_ENV, INTERNAL_SECRET_HEADER } from '#contracts/internal.ts';
import { MAINTENANCE_CODE, MAINTENANCE_RETRY_AFTER_SECONDS, type MaintenanceError } from '#contracts/maintenance.ts';
import type { AppEnv } from '../context.ts';
import type { AllowList } from '../lib/allow-list.ts';
import { clientAddress } from './client-address.ts';

/** Paths answered during maintenance: the state itself. */
const OPEN_PATH = /^\/v1\/maintenance\/?$/;

/** Whether the request proves the shop's internal secret (constant-time compare). */
export function isInternalRequest(given: string | undefined, secret: string | undefined = process.env[INTERNAL_SECRET_ENV]): boolean {
  if (!secret || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function exempt(c: Context<AppEnv>, allow: AllowList): boolean {
  if ((c.req.method === 'GET' || c.req.method === 'HEAD') && OPEN_PATH.test(c.req.path)) return true;
  if (isInternalRequest(c.req.header(INTERNAL_SECRET_HEADER))) return true;
  return allow.allows(clientAddress(c, c.get('env').TRUSTED_PROXIES));
}

/** The /v1 gate; reads the switch from the context (app.ts provides it). */
export function maintenanceGate(allow: AllowList) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const state = await c.get('maintenance').state();
    if (!state.enabled || exempt(c, allow)) return next();
    const body: MaintenanceError = { message: state.message, code: MAINTENANCE_CODE, title: state.title };
    c.header('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
    c.header('Cache-Control', 'no-store');
    return c.json(body, 503);
  });
}
