/**
 * The session as the http core sees it: the stored token, session events the stores listen to, and
 * the token refresh (one in flight at a time, even across tabs), with the spec-8 rules for failure.
 */
import type { LoginResponse } from '#contracts/auth.ts';
import { oneTabAtATime } from '#lib/one-tab.ts';
import { refreshFailedRedirect } from '#lib/redirects.ts';
import { loginResponseWire } from '../wire/auth.ts';
import type { StoredSession } from './cookie-jar.ts';
import { ApiError, CLIENT_CODES, INVALID_RESPONSE_MESSAGE, isIgnoredError } from './errors.ts';
import { attempt, readErrorBody } from './guard.ts';
import { options } from './options.ts';
import { navigateTo } from './route-change.ts';
import { computeExpiresAt, isTokenExpired } from './token.ts';
import { send } from './transport.ts';

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

let refreshInFlight: Promise<StoredSession> | null = null;
/** The cross-tab lock (or marker) of a refresh. */
const REFRESH_KEY = 'shop:auth-refresh';

/**
 * POST /v1/auth/refresh with the httpOnly refresh cookie. Concurrent callers share one request:
 * the API rotates refresh tokens and treats a reused one as theft, so two parallel refreshes would
 * log the member out. Rejects with an ApiError; does not log out (callers decide).
 */
export function refreshSession(): Promise<StoredSession> {
  refreshInFlight ??= withCrossTabLock(doRefresh).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function doRefresh(): Promise<StoredSession> {
  const res = await send('POST', '/v1/auth/refresh', { body: {}, credentials: 'include', cancelOnNavigation: false }, null);
  if (res.status !== 200) {
    throw new ApiError({
      status: res.status,
      code: CLIENT_CODES.refreshFailed,
      message: readErrorBody(res.body).message || 'refresh failed',
    });
  }
  const parsed = attempt(loginResponseWire, res.body);
  if (!parsed) throw new ApiError({ status: res.status, code: CLIENT_CODES.refreshFailed, message: INVALID_RESPONSE_MESSAGE });
  return setSession(parsed, 'refresh');
}

/**
 * Tabs share the cookies, so another tab may refresh at the same moment, and a second refresh with
 * the refresh token the first one rotated would log the member out. With the Web Locks API the
 * refresh runs under a lock; without it (an insecure page) a tab that sees another tab's refresh
 * marker polls for its token (src/lib/poll.ts, 100 ms for up to 3 s). Either way a token another tab
 * stored meanwhile is used instead of refreshing.
 */
async function withCrossTabLock(run: () => Promise<StoredSession>): Promise<StoredSession> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  const before = getSession()?.accessToken ?? null;
  const fresh = (): StoredSession | null => {
    const now = getSession();
    return now && now.accessToken !== before && !isTokenExpired(now.expiresAt, options().now()) ? now : null;
  };
  const once = async () => fresh() ?? run();
  return locks ? locks.request(REFRESH_KEY, once) : oneTabAtATime(REFRESH_KEY, () => !!fresh(), once);
}

/** Refresh on behalf of a request: a failure (not a network blip) logs out and goes to /login/?re=1. */
export async function refreshForRequest(): Promise<StoredSession> {
  try {
    return await refreshSession();
  } catch (e) {
    // An offline blip or a timeout is not a failed refresh: keep the session, surface as usual.
    if (isIgnoredError(e) || (e instanceof ApiError && e.code === CLIENT_CODES.timeout)) throw e;
    endSession({ refreshFailed: true });
    navigateTo(refreshFailedRedirect());
    throw new ApiError({
      status: 401,
      code: CLIENT_CODES.refreshFailed,
      message: 'ログインの有効期限が切れました。再度ログインしてください。',
      handled: true,
    });
  }
}

/** Forgets an in-flight refresh (tests). Listeners stay: the stores subscribe once, at import. */
export function resetRefresh(): void {
  refreshInFlight = null;
}
