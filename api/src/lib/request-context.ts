/**
 * The request a piece of code runs for: an AsyncLocalStorage holding the request id, set by the
 * request-id middleware (API) and scripts/host/observe.ts (storefront), read by the logger's mixin so
 * every line logged while handling a request carries `req_id`, and by error bodies (`request_id`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { trustedPeer } from '../middleware/client-address.ts';

export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `context` as the current request (the rest of its async work included). */
export const runWithRequest = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);

/** The current request's id, or undefined outside a request. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** A request id a trusted proxy may hand on: a plain token of 8 to 128 characters. */
const SANE_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** 32 random hex characters (a v4 UUID without its dashes: Node hands those out from a pre-filled buffer). */
export const newRequestId = (): string => randomUUID().replaceAll('-', '');

/** Whether the socket peer is a proxy listed in TRUSTED_PROXIES (the forwarded-header rule of client-address.ts). */
export function fromTrustedPeer(peer: string | undefined, env: Record<string, string | undefined> = process.env): boolean {
  return trustedPeer(peer, env.TRUSTED_PROXIES);
}

/** The id of a request: the proxy's `X-Request-Id` when the peer is trusted and the value sane, else a new one. */
export function requestIdFor(
  header: string | undefined | null,
  peer: string | undefined,
  env?: Record<string, string | undefined>,
): string {
  if (header && SANE_ID.test(header) && fromTrustedPeer(peer, env)) return header;
  return newRequestId();
}
