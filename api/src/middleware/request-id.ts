/**
 * The request id of every API answer: taken from `X-Request-Id` when the socket peer is a proxy in
 * TRUSTED_PROXIES and the value a sane token, else made (32 hex characters), or the one the
 * storefront server already chose when both share a process (npm start). It is the context of
 * everything the request runs (log lines carry it as `req_id`), the `X-Request-Id` header of the
 * answer, and `request_id` in every JSON error body (errorResponse sets it; a middleware's own
 * 4xx/5xx JSON gets it added here).
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isTagged } from '../lib/errors.ts';
import { currentRequestId, requestIdFor, runWithRequest } from '../lib/request-context.ts';

/** The socket's remote address on @hono/node-server; none in-process (app.request in tests). */
function socketPeer(c: Context): string | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

export const requestIdMiddleware = createMiddleware(async (c, next) => {
  const outer = currentRequestId();
  const id = outer ?? requestIdFor(c.req.header('x-request-id'), socketPeer(c));
  if (outer) await next();
  else await runWithRequest({ requestId: id }, next);
  if (c.res.status >= 400 && !isTagged(c.res) && c.res.headers.get('content-type')?.startsWith('application/json'))
    await addRequestId(c, id);
  c.res.headers.set('X-Request-Id', id);
});

/** Puts `request_id` into a JSON error body that was answered without errorResponse. */
async function addRequestId(c: Context, id: string): Promise<void> {
  const text = await c.res.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body) || 'request_id' in body) return;
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  const res = new Response(c.req.method === 'HEAD' ? null : JSON.stringify({ ...body, request_id: id }), { status: c.res.status, headers });
  // The res setter copies the old answer's headers (content-length included) unless it is cleared first.
  c.res = undefined as never;
  c.res = res;
}
