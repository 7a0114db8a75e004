/**
 * The one fetch core (spec sections 7 and 8). Every API call of the storefront goes through
 * `request()`, which owns: the channel, XHR and JSON headers; the bearer token (never on
 * /public.json); the 5 s expiry margin and refresh-before-request; one refresh-and-retry on the first
 * 401, logout and /login/ on the second; logout and /login/?re=1 when the refresh fails; 503 →
 * maintenance; the channel-not-found 404 → invalid channel; storing other error bodies; pagination
 * and x-limit headers; cancelling in-flight requests on route change; a timeout.
 *
 * Network errors are "ignored silently" by rejecting with an ApiError whose `ignored` flag is set
 * (never a resolved sentinel, never a promise that hangs): a sentinel would force every caller to
 * test for it or render undefined data, and a never-settling promise would leave loading states
 * spinning and leak. A rejection lets `finally` clear spinners while error UIs skip it with
 * `isIgnoredError(e)` — nothing is stored or shown.
 *
 * No browser global is touched at import time: the config, token store and navigation are resolved
 * lazily, so the same module runs in Astro SSR (baseUrl from env, no cookies, no redirects).
 */
import type { z } from 'zod';
import { errorBodySchema, CHANNEL_HEADER, XHR_HEADER, XHR_VALUE, LIMIT_HEADER, type Pagination } from '../../contracts/common.ts';
import { loginResponseSchema, type LoginResponse } from '../../contracts/auth.ts';
import { readApiConfig, isBrowser } from '../lib/config.ts';
import { readSession, writeSession, clearSession, clearCartCookies, type StoredSession } from '../lib/cookies.ts';
import { ApiError, CLIENT_CODES, TIMEOUT_MESSAGE, INVALID_RESPONSE_MESSAGE, NETWORK_MESSAGE, isChannelNotFound, isIgnoredError } from './errors.ts';
import { computeExpiresAt, isTokenExpired } from './token.ts';
import { storeError, storeMaintenance, setInvalidChannel, clearMaintenance } from './state.ts';
import { readPagination, readLimit } from './pagination.ts';

export { ApiError } from './errors.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Where the access token lives: cookies in the browser, nowhere on the server. */
export interface TokenStore {
  read(): StoredSession | null;
  write(session: StoredSession): void;
  clear(): void;
}

export interface ClientOptions {
  /** API origin, '' for same origin. */
  baseUrl: string;
  channelId: string;
  fetch: FetchLike;
  /** How redirects happen (location.assign by default; Astro's navigate() or a test spy). */
  navigate: (url: string) => void;
  /** Current pathname, to avoid redirecting to the page we are on. */
  currentPath: () => string;
  tokens: TokenStore;
  now: () => number;
  timeoutMs: number;
  /** Clears the cart cookies when a session ends without keepCart (cookie-based by default). */
  clearCart: () => void;
}

const cookieTokens: TokenStore = { read: readSession, write: writeSession, clear: clearSession };
const noTokens: TokenStore = { read: () => null, write: () => {}, clear: () => {} };

export const DEFAULT_TIMEOUT_MS = 30_000;

let overrides: Partial<ClientOptions> = {};
let resolvedDefaults: ClientOptions | null = null;

function defaults(): ClientOptions {
  if (resolvedDefaults) return resolvedDefaults;
  const browser = isBrowser();
  const { baseUrl, channelId } = readApiConfig();
  resolvedDefaults = {
    baseUrl,
    channelId,
    fetch: (input, init) => globalThis.fetch(input, init),
    navigate: browser ? (url) => window.location.assign(url) : () => {},
    currentPath: browser ? () => window.location.pathname : () => '',
    tokens: browser ? cookieTokens : noTokens,
    now: () => Date.now(),
    timeoutMs: DEFAULT_TIMEOUT_MS,
    clearCart: clearCartCookies,
  };
  return resolvedDefaults;
}

function options(): ClientOptions {
  return { ...defaults(), ...overrides };
}

/** Sets any client option (base URL, channel, fetch, navigate, token store, clock, timeout). */
export function configureClient(partial: Partial<ClientOptions>): void {
  overrides = { ...overrides, ...partial };
}

/** Back to the defaults and a clean slate (tests). */
export function resetClient(): void {
  overrides = {};
  resolvedDefaults = null;
  refreshInFlight = null;
  routeController = null;
  lastRedirect = null;
  // Listeners stay: the session and cart stores subscribe once, at import.
}

/** The effective base URL and channel (for code that builds links to the API). */
export function clientConfig(): { baseUrl: string; channelId: string } {
  const o = options();
  return { baseUrl: o.baseUrl, channelId: o.channelId };
}

// ------------------------------------------------------------------ session events

export type SessionEvent =
  | { type: 'token'; session: StoredSession; response: LoginResponse; source: 'login' | 'refresh' }
  | { type: 'ended'; refreshFailed: boolean; keepCart: boolean };

const listeners = new Set<(e: SessionEvent) => void>();

/** Subscribes to token changes and session ends (the session and cart stores listen). */
export function onSessionEvent(listener: (e: SessionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(e: SessionEvent): void {
  for (const l of [...listeners]) l(e);
}

/** The client's clock (injectable for tests). */
export function clientNow(): number {
  return options().now();
}

/** The current pathname as the client sees it ('' on the server). */
export function currentPath(): string {
  return options().currentPath();
}

/** The stored access token and expiry, or null when logged out. */
export function getSession(): StoredSession | null {
  return options().tokens.read();
}

/** Stores the token of a login/refresh answer with the 5 s safety margin, and announces it. */
export function setSession(response: LoginResponse, source: 'login' | 'refresh' = 'login'): StoredSession {
  const o = options();
  const session = { accessToken: response.access_token, expiresAt: computeExpiresAt(response, o.now()) };
  o.tokens.write(session);
  emit({ type: 'token', session, response, source });
  return session;
}

/** Ends the session locally: token cookies always, the cart cookies unless keepCart (spec 4 "Logout"). */
export function endSession(opts: { refreshFailed?: boolean; keepCart?: boolean } = {}): void {
  const o = options();
  o.tokens.clear();
  if (!opts.keepCart) o.clearCart();
  emit({ type: 'ended', refreshFailed: !!opts.refreshFailed, keepCart: !!opts.keepCart });
}

// ------------------------------------------------------------------ navigation

let routeController: AbortController | null = null;
let lastRedirect: string | null = null;

/** Redirects through the configured navigate(), once per target until the next route change. */
export function navigateTo(url: string): void {
  const o = options();
  const path = url.split('?')[0];
  if (lastRedirect === url || o.currentPath() === path) return;
  lastRedirect = url;
  o.navigate(url);
}

/** Cancels every request started since the last route change (call on `astro:before-preparation`). */
export function abortInFlight(): void {
  routeController?.abort();
  routeController = null;
  lastRedirect = null;
}

/** Wires abortInFlight to Astro's client router; returns the unbind function. */
export function bindRouteChangeAbort(target: EventTarget = document): () => void {
  target.addEventListener('astro:before-preparation', abortInFlight);
  return () => target.removeEventListener('astro:before-preparation', abortInFlight);
}

function routeSignal(): AbortSignal {
  routeController ??= new AbortController();
  return routeController.signal;
}

// ------------------------------------------------------------------ transport

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type QueryParams = Record<string, QueryValue>;

/** Serialises a query: undefined/null skipped, booleans as 1/0, arrays as `key[]=v` repeated. */
export function buildQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
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
}

export interface SchemaRequestOptions<S extends z.ZodType> extends RequestOptions {
  schema: S;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** From x-total / x-per-page / x-last-page / x-current-page when all four are present. */
  pagination?: Pagination;
  /** From x-limit (maximum number of addresses, cards, ...). */
  limit?: number;
  headers: Headers;
}

interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

function isPublicPath(path: string): boolean {
  return path === '/public.json' || path.startsWith('/public.json?');
}

/** One HTTP exchange with headers, cancellation and timeout; fetch/body failures become ApiErrors. */
async function send(method: string, path: string, opts: RequestOptions, token: string | null): Promise<RawResponse> {
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

  const controller = new AbortController();
  const sources = [opts.signal, opts.cancelOnNavigation === false ? undefined : routeSignal()].filter((s): s is AbortSignal => !!s);
  const onAbort = () => controller.abort();
  for (const s of sources) {
    if (s.aborted) controller.abort();
    else s.addEventListener('abort', onAbort, { once: true });
  }
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; controller.abort(); }, opts.timeoutMs ?? o.timeoutMs);

  const init: RequestInit = { method, headers, signal: controller.signal };
  if (opts.credentials) init.credentials = opts.credentials;
  if (opts.body !== undefined) init.body = isForm ? (opts.body as FormData) : JSON.stringify(opts.body);

  try {
    const res = await o.fetch(o.baseUrl + path + buildQuery(opts.query), init);
    const body = await readBody(res, opts.responseType ?? 'json');
    return { status: res.status, headers: res.headers, body };
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

// ------------------------------------------------------------------ refresh

let refreshInFlight: Promise<StoredSession> | null = null;

/**
 * POST /v1/auth/refresh with the httpOnly refresh cookie. Concurrent callers share one request:
 * the API rotates refresh tokens and treats a reused one as theft, so two parallel refreshes would
 * log the member out. Rejects with an ApiError; does not log out (callers decide).
 */
export function refreshSession(): Promise<StoredSession> {
  refreshInFlight ??= withCrossTabLock(doRefresh).finally(() => { refreshInFlight = null; });
  return refreshInFlight;
}

async function doRefresh(): Promise<StoredSession> {
  const res = await send('POST', '/v1/auth/refresh', { body: {}, credentials: 'include', cancelOnNavigation: false }, null);
  if (res.status !== 200) {
    const body = errorBodySchema.safeParse(res.body);
    throw new ApiError({ status: res.status, code: CLIENT_CODES.refreshFailed, message: (body.success && body.data.message) || 'refresh failed' });
  }
  const parsed = loginResponseSchema.safeParse(res.body);
  if (!parsed.success) throw new ApiError({ status: res.status, code: CLIENT_CODES.refreshFailed, message: INVALID_RESPONSE_MESSAGE });
  return setSession(parsed.data, 'refresh');
}

/**
 * Tabs share the cookies, so another tab may refresh at the same moment. With the Web Locks API the
 * refresh runs under a lock, and a token another tab stored meanwhile is used instead of refreshing.
 */
async function withCrossTabLock(run: () => Promise<StoredSession>): Promise<StoredSession> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) return run();
  const before = getSession()?.accessToken ?? null;
  return locks.request('shop:auth-refresh', async () => {
    const now = getSession();
    if (now && now.accessToken !== before && !isTokenExpired(now.expiresAt, options().now())) return now;
    return run();
  });
}

/** Refresh on behalf of a request: a failure (not a network blip) logs out and goes to /login/?re=1. */
async function refreshForRequest(): Promise<StoredSession> {
  try {
    return await refreshSession();
  } catch (e) {
    // An offline blip or a timeout is not a failed refresh: keep the session, surface as usual.
    if (isIgnoredError(e) || (e instanceof ApiError && e.code === CLIENT_CODES.timeout)) throw e;
    endSession({ refreshFailed: true });
    navigateTo('/login/?re=1');
    throw new ApiError({ status: 401, code: CLIENT_CODES.refreshFailed, message: 'ログインの有効期限が切れました。再度ログインしてください。', handled: true });
  }
}

// ------------------------------------------------------------------ request

/** Calls the API; parses the body with `schema` when given. Rejects with ApiError (spec 8). */
export function request<S extends z.ZodType>(method: string, path: string, opts: SchemaRequestOptions<S>): Promise<ApiResponse<z.output<S>>>;
export function request<T = unknown>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
export async function request(method: string, path: string, opts: RequestOptions & { schema?: z.ZodType } = {}): Promise<ApiResponse<unknown>> {
  const o = options();
  const useAuth = opts.auth ?? !isPublicPath(path);
  const mayRefresh = opts.refresh !== false;
  let session = useAuth ? o.tokens.read() : null;
  if (session && mayRefresh && isTokenExpired(session.expiresAt, o.now())) session = await refreshForRequest();

  let res = await send(method, path, opts, session?.accessToken ?? null);
  if (res.status === 401 && session && mayRefresh) {
    // Another request may have refreshed while this one was in flight: use its token, don't refresh twice.
    const current = o.tokens.read();
    const retryWith = current && current.accessToken !== session.accessToken ? current : await refreshForRequest();
    res = await send(method, path, opts, retryWith.accessToken);
    if (res.status === 401) {
      endSession();
      navigateTo('/login/');
      throw new ApiError({ status: 401, code: CLIENT_CODES.unauthenticated, message: errorMessage(res.body, 401), handled: true });
    }
  }
  return handleResponse(res, opts.schema, !!opts.silent);
}

function errorMessage(body: unknown, status: number): string {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success && parsed.data.message) return parsed.data.message;
  return status === 401 ? 'ログインしてください。' : 'エラーが発生しました';
}

function handleResponse(res: RawResponse, schema: z.ZodType | undefined, silent: boolean): ApiResponse<unknown> {
  const { status, headers, body } = res;
  if (status >= 200 && status < 300) {
    let data: unknown = body;
    if (schema) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        // A contract mismatch is a bug on one side; say which fields, never render half-parsed data.
        console.error('[api-client] response does not match the contract', parsed.error.issues);
        throw new ApiError({ status, code: CLIENT_CODES.invalidResponse, message: INVALID_RESPONSE_MESSAGE });
      }
      data = parsed.data;
    }
    return { data, status, headers, pagination: readPagination(headers), limit: readLimit(headers) };
  }

  const parsed = errorBodySchema.safeParse(body);
  const errBody = parsed.success ? parsed.data : {};
  const message = errorMessage(body, status);

  if (status === 503) {
    const title = body && typeof body === 'object' && typeof (body as { title?: unknown }).title === 'string' ? (body as { title: string }).title : null;
    storeMaintenance({ title, message: errBody.message ?? null });
    navigateTo('/maintenance/');
    throw new ApiError({ status, code: errBody.code ?? CLIENT_CODES.maintenance, message, handled: true });
  }
  if (isChannelNotFound(status, errBody.message)) {
    setInvalidChannel(true);
    throw new ApiError({ status, code: errBody.code ?? CLIENT_CODES.invalidChannel, message, handled: true });
  }
  if (status === 401) {
    // No token was sent, or refreshing is off (logout): the caller gets the 401 as it is.
    throw new ApiError({ status, code: errBody.code, message, errors: errBody.errors });
  }
  if (!silent) storeError({ status, code: errBody.code, message, errors: errBody.errors });
  throw new ApiError({ status, code: errBody.code, message, errors: errBody.errors });
}

/** Forgets a stale maintenance state once the API answers again (the maintenance page calls this). */
export { clearMaintenance };
