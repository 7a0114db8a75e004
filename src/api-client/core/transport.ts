/**
 * One HTTP exchange: the spec-7 headers (channel id, XHR marker, JSON, bearer), the caller's and the
 * route's AbortSignals, a timeout. Fetch and body failures become ApiErrors here: a timeout is
 * rethrown (spec 8), a network failure or a cancellation is marked `ignored`.
 */
import { CHANNEL_HEADER, XHR_HEADER, XHR_VALUE } from '#contracts/constants.ts';
import { internalHeaders } from '#contracts/internal.ts';
import { asLoadTask } from '#lib/load-tasks.ts';
import { isBrowser } from './endpoint.ts';
import { ApiError, CLIENT_CODES, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './errors.ts';
import { options } from './options.ts';
import { routeSignal } from './route-change.ts';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type QueryParams = Record<string, QueryValue>;

/**
 * Serialises a query: undefined/null skipped, booleans as 1/0, arrays as `key[]=v` repeated. Keys are
 * sorted so the same filters always give the same URL (one cache entry, one nanoquery key).
 */
export function buildQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
    else if (typeof value === 'boolean') params.append(key, value ? '1' : '0');
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token when logged in (default true, except /public.json). */
  auth?: boolean;
  /** Refresh on expiry or 401 (default true). False for logout: its 401 is rethrown. */
  refresh?: boolean;
  /** Cancel on route change (default true; refresh and logout are never cancelled). */
  cancelOnNavigation?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  credentials?: RequestCredentials;
  timeoutMs?: number;
  /** Do not store the error body for display (calls whose failures are ignored, e.g. public.json). */
  silent?: boolean;
  /**
   * Server side only: the visitor's own access token (from the request's cookie) instead of the
   * token store, which on the server is shared by every request and so holds none. No refresh.
   */
  bearer?: string | null;
}

/** Request options with the parser of a 2xx body (a wire decoder; it throws on a mismatch). */
export interface ParsedRequestOptions<T> extends RequestOptions {
  parse: (body: unknown) => T;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export function isPublicPath(path: string): boolean {
  return path === '/public.json' || path.startsWith('/public.json?');
}

/** Sends one request with the given token (or none) and reads the body. */
export async function send(method: string, path: string, opts: RequestOptions, token: string | null): Promise<RawResponse> {
  const o = options();
  const headers: Record<string, string> = {
    [CHANNEL_HEADER]: o.channelId,
    [XHR_HEADER]: XHR_VALUE,
    Accept: 'application/json',
  };
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  // Multipart uploads need the browser's own boundary header; everything else is JSON (spec 7).
  if (!isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  // Server side (build, pages rendered on demand): the shop's own call, let through maintenance
  // (contracts/internal.ts). The browser bundle drops this branch (import.meta.env.SSR is false there).
  if (import.meta.env.SSR !== false && !isBrowser()) Object.assign(headers, internalHeaders());

  const controller = new AbortController();
  const sources = [opts.signal, opts.cancelOnNavigation === false ? undefined : routeSignal()].filter((s): s is AbortSignal => !!s);
  const onAbort = () => controller.abort();
  for (const s of sources) {
    if (s.aborted) controller.abort();
    else s.addEventListener('abort', onAbort, { once: true });
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? o.timeoutMs);

  const init: RequestInit = { method, headers, signal: controller.signal };
  if (opts.credentials) init.credentials = opts.credentials;
  if (opts.body !== undefined) init.body = isForm ? (opts.body as FormData) : JSON.stringify(opts.body);

  try {
    return await asLoadTask(async () => {
      const res = await o.fetch(o.baseUrl + path + buildQuery(opts.query), init);
      return { status: res.status, headers: res.headers, body: await readBody(res, opts.responseType ?? 'json') };
    });
  } catch (e) {
    if (timedOut) throw new ApiError({ status: 0, code: CLIENT_CODES.timeout, message: TIMEOUT_MESSAGE });
    if (controller.signal.aborted) throw new ApiError({ status: 0, code: CLIENT_CODES.aborted, message: 'aborted', ignored: true });
    if (e instanceof ApiError) throw e;
    throw new ApiError({ status: 0, code: CLIENT_CODES.network, message: NETWORK_MESSAGE, ignored: true });
  } finally {
    clearTimeout(timer);
    for (const s of sources) s.removeEventListener('abort', onAbort);
  }
}

/** Reads the body: blobs and text as asked, otherwise JSON (empty → undefined, non-JSON → the text). */
async function readBody(res: Response, type: 'json' | 'blob' | 'text'): Promise<unknown> {
  const ok = res.status >= 200 && res.status < 300;
  if (ok && type === 'blob') return res.blob();
  const text = await res.text();
  if (ok && type === 'text') return text;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
