/** Auth calls (spec 7 "Auth"). Storing the token is the session store's job (via setSession). */
import type { LoginRequest } from '#contracts/auth.ts';
import type { StoredSession } from '../core/cookie-jar.ts';
import { refreshSession, request } from '../core/http.ts';
import { type LoginAnswer, loginStepWire } from '../wire/account.ts';

/**
 * POST /v1/auth/login. `credentials: 'include'` so the API can set the httpOnly refresh cookie. The
 * answer may be the code step's (is_verify, no token yet).
 */
export async function loginUser(credentials: LoginRequest): Promise<LoginAnswer> {
  // auth: false — a stale token must neither be sent nor trigger a refresh while logging in.
  const res = await request('POST', '/v1/auth/login', {
    body: credentials,
    parse: loginStepWire,
    auth: false,
    refresh: false,
    credentials: 'include',
  });
  return res.data;
}

/** POST /v1/auth/refresh (shared in-flight). Stores and returns the new token; rejects on failure. */
export function refreshToken(): Promise<StoredSession> {
  return refreshSession();
}

/** POST /v1/auth/logout: revokes the token and the refresh cookie. A 401 is rethrown, never refreshed. */
export async function logoutUser(): Promise<void> {
  await request('POST', '/v1/auth/logout', { body: {}, refresh: false, cancelOnNavigation: false, credentials: 'include' });
}
