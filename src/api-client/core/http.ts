/**
 * The one fetch core (spec sections 7 and 8). Every API call of the storefront goes through
 * `request()`, which owns: the channel, XHR and JSON headers; the bearer token (never on
 * /public.json); the 5 s expiry margin and refresh-before-request; one refresh-and-retry on the first
 * 401, logout and /login/ on the second; logout and /login/?re=1 when the refresh fails; 503 →
 * maintenance; the channel-not-found 404 → invalid channel; storing other error bodies; the
 * response headers (list calls read pagination and x-limit from them with pagination.ts, so pages
 * without lists do not load that code); cancelling in-flight requests on route change; a timeout. The parts live in
 * options.ts, route-change.ts, transport.ts and refresh.ts; this module re-exports them.
 *
 * Network errors are "ignored silently" by rejecting with an ApiError whose `ignored` flag is set
 * (never a resolved sentinel, never a promise that hangs): a sentinel would force every caller to
 * test for it or render undefined data, and a never-settling promise would leave loading states
 * spinning and leak. A rejection lets `finally` clear spinners while error UIs skip it with
 * `isIgnoredError(e)` — nothing is stored or shown.
 *
 * No browser global is touched at import time, so the same module runs in Astro SSR.
 */

import { maintenanceRedirect } from '#lib/redirects.ts';
import { loginPath } from '#lib/routes.ts';
import { ApiError, CLIENT_CODES, INVALID_RESPONSE_MESSAGE, isChannelNotFound } from './errors.ts';
import { readErrorBody } from './guard.ts';
import { options, resetOptions } from './options.ts';
import { endSession, refreshForRequest, resetRefresh } from './refresh.ts';
import { navigateTo, resetNavigation } from './route-change.ts';
import { setInvalidChannel, storeError, storeMaintenance } from './state.ts';
import { isTokenExpired } from './token.ts';
import { type ApiResponse, isPublicPath, type ParsedRequestOptions, type RawResponse, type RequestOptions, send } from './transport.ts';

export { ApiError } from './errors.ts';
export * from './options.ts';
export { endSession, getSession, onSessionEvent, refreshSession, type SessionEvent, setSession } from './refresh.ts';
export * from './route-change.ts';
export { clearMaintenance } from './state.ts';
export {
  type ApiResponse,
  buildQuery,
  type ParsedRequestOptions,
  type QueryParams,
  type QueryValue,
  type RequestOptions,
} from './transport.ts';

/** Back to the defaults and a clean slate (tests). */
export function resetClient(): void {
  resetOptions();
  resetNavigation();
  resetRefresh();
}

/** Calls the API; decodes a 2xx body with `parse` when given. Rejects with ApiError (spec 8). */
export function request<T>(method: string, path: string, opts: ParsedRequestOptions<T>): Promise<ApiResponse<T>>;
export function request<T = unknown>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
export async function request(
  method: string,
  path: string,
  opts: RequestOptions & { parse?: (body: unknown) => unknown } = {},
): Promise<ApiResponse<unknown>> {
  if (opts.bearer !== undefined) {
    // Server-side call on behalf of one visitor: their token as given, no refresh, no redirects.
    return handleResponse(await send(method, path, opts, opts.bearer), opts.parse, true);
  }
  const o = options();
  const useAuth = opts.auth ?? !isPublicPath(path);
  const mayRefresh = opts.refresh !== false;
  let session = useAuth ? o.tokens.read() : null;
  if (useAuth && !session) {
    // A guest purchase: its own token, never refreshed; once it has run out the guest starts again.
    const guest = o.guestTokens.read();
    if (guest && !isTokenExpired(guest.expiresAt, o.now())) {
      const res = await send(method, path, opts, guest.accessToken);
      if (res.status === 401) o.guestTokens.clear();
      return handleResponse(res, opts.parse, !!opts.silent);
    }
  }
  if (session && mayRefresh && isTokenExpired(session.expiresAt, o.now())) session = await refreshForRequest();

  let res = await send(method, path, opts, session?.accessToken ?? null);
  if (res.status === 401 && session && mayRefresh) {
    // Another request may have refreshed while this one was in flight: use its token, don't refresh twice.
    const current = o.tokens.read();
    const retryWith = current && current.accessToken !== session.accessToken ? current : await refreshForRequest();
    res = await send(method, path, opts, retryWith.accessToken);
    if (res.status === 401) {
      endSession();
      navigateTo(loginPath());
      throw new ApiError({ status: 401, code: CLIENT_CODES.unauthenticated, message: errorMessage(res.body, 401), handled: true });
    }
  }
  return handleResponse(res, opts.parse, !!opts.silent);
}

function errorMessage(body: unknown, status: number): string {
  return readErrorBody(body).message || (status === 401 ? 'ログインしてください。' : 'エラーが発生しました');
}

function handleResponse(res: RawResponse, parse: ((body: unknown) => unknown) | undefined, silent: boolean): ApiResponse<unknown> {
  const { status, headers, body } = res;
  if (status >= 200 && status < 300) {
    let data: unknown = body;
    if (parse) {
      try {
        data = parse(body);
      } catch (e) {
        // A contract mismatch is a bug on one side; say where, never render half-parsed data.
        console.error('[api-client] response does not match the contract', e instanceof Error ? e.message : e);
        throw new ApiError({ status, code: CLIENT_CODES.invalidResponse, message: INVALID_RESPONSE_MESSAGE });
      }
    }
    return { data, status, headers };
  }

  const errBody = readErrorBody(body);
  const message = errorMessage(body, status);

  if (status === 503) {
    const title = typeof (body as { title?: unknown } | null)?.title === 'string' ? (body as { title: string }).title : null;
    storeMaintenance({ title, message: errBody.message ?? null });
    navigateTo(maintenanceRedirect());
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
