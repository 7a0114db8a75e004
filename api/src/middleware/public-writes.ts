/**
 * The per-client limit and body cap of every write that needs no login (services/rate-limit/
 * public-writes.ts), applied before the call's validation and work: an oversized body is 413 from
 * Content-Length (or the bytes limitBody read), and past the limit the API's rate-limit answer, 429
 * common.too_many_requests with Retry-After. Counted per client address like every per-client limit
 * (none when the address is unknown, as for in-process calls).
 */

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../context.ts';
import { httpError } from '../lib/errors.ts';
import { enforce, rateLimitStore } from '../services/rate-limit/index.ts';
import { PUBLIC_WRITE_LIMITS } from '../services/rate-limit/public-writes.ts';
import { clientAddress } from './client-address.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `METHOD /path` of the call this request reached, as the OpenAPI document writes it (`{param}`, no /v1). */
function operationOf(c: Context): string | null {
  const endpoint = matchedRoutes(c).findLast((r) => r.method === c.req.method);
  if (!endpoint) return null;
  const path = endpoint.path.replace(/^\/v1(?=\/)/, '').replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
  return `${c.req.method} ${path}`;
}

/** The body's size: Content-Length, else what limitBody already read of a chunked body. */
async function bodySize(c: Context): Promise<number> {
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length);
  const read = (c.req.bodyCache as Record<string, Promise<ArrayBuffer> | undefined>).arrayBuffer;
  return read ? (await read).byteLength : 0;
}

export const limitPublicWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITES.has(c.req.method)) return next();
  const operation = operationOf(c);
  const rule = operation ? PUBLIC_WRITE_LIMITS[operation] : undefined;
  if (!rule) return next();
  if (rule.bodyBytes !== null && (await bodySize(c)) > rule.bodyBytes) throw httpError(413);
  const ip = clientAddress(c, c.get('env').TRUSTED_PROXIES);
  const env = c.get('env');
  const limit = rule.followsLogin ? Math.max(rule.limit, 2 * env.LOGIN_LIMIT_PER_ADDRESS) : rule.limit;
  if (ip)
    await enforce(rateLimitStore(c.get('db'), env), `public-write:${operation}:ip:${ip}`, { limit, windowSeconds: rule.windowSeconds });
  await next();
});
