// @vitest-environment jsdom
/**
 * adoptLoginResponse (spec 4 "Login"): the one place every login answer goes through — code step,
 * unregistered member kept for /verify/ in this tab only, login with history clearing and the
 * post-login warning; the extras survive a page load in the same tab and end with the session.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '#api-client/core/cookie-jar.ts';
import { configureClient, endSession, resetClient } from '#api-client/core/http.ts';
import type { LoginResponse } from '#contracts/auth.ts';
import { HISTORY_STORAGE_KEY } from '#stores/history-key.ts';
import { AUTH_EXTRAS_KEY, loggedOutState, readAuthExtras, useSessionStore } from '#stores/session.ts';
import { adoptLoginResponse, LOGIN_WARNINGS, loginWarning } from '#stores/session-actions.ts';
import { fakeFetch, json, loginBody } from './fake-api.ts';
import { cart } from './fixtures.ts';

const state = () => useSessionStore.getState();
const body = (overrides: Record<string, unknown> = {}) =>
  loginBody('tok-1', { expires_at: '2099-01-01T00:00:00.000Z', ...overrides }) as LoginResponse;

beforeEach(() => {
  for (const c of document.cookie.split('; '))
    if (c) document.cookie = `${c.split('=')[0]}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  sessionStorage.clear();
  localStorage.clear();
  resetClient();
  const api = fakeFetch(() => json(cart('cart-1')));
  configureClient({ baseUrl: '', fetch: api.fetch, navigate: vi.fn(), currentPath: () => '/register/' });
  useSessionStore.setState({ ...loggedOutState });
});

/** A new page load in the same tab: a fresh store that checks the session. */
async function reload() {
  useSessionStore.setState({ ...loggedOutState });
  return state().checkSession();
}

describe('adoptLoginResponse', () => {
  it('a registered member is logged in, the history cleared, the token stored', async () => {
    localStorage.setItem(HISTORY_STORAGE_KEY, '[]');
    const result = await adoptLoginResponse(body(), { source: 'register' });
    expect(result.status).toBe('logged_in');
    expect(readSession()?.accessToken).toBe('tok-1');
    expect(localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
    expect(state()).toMatchObject({ isLogin: true, pendingVerification: null, warningMessage: null });
  });

  it('is_verify keeps the mfa user id and stores nothing', async () => {
    const result = await adoptLoginResponse(body({ is_verify: true, user_id: 7, access_token: '', expires_in: 0 }));
    expect(result.status).toBe('verify');
    expect(state()).toMatchObject({ isLogin: false, mfaUserId: 7 });
    expect(readSession()).toBeNull();
  });

  it('an unregistered member is not logged in; the answer is kept in this tab for /verify/', async () => {
    const result = await adoptLoginResponse(body({ is_registered_member: false }), { source: 'register' });
    expect(result.status).toBe('unregistered');
    expect(readSession()).toBeNull();
    expect(state()).toMatchObject({ isLogin: false, isRegisteredMember: false });
    expect(await reload()).toBe(false);
    expect(state()).toMatchObject({ isLogin: false, isRegisteredMember: false });
    expect(state().pendingVerification?.access_token).toBe('tok-1');
  });

  it('a pending answer whose token has run out is not restored (the login screen stops sending the visitor to /verify/)', async () => {
    await adoptLoginResponse(body({ is_registered_member: false, expires_at: new Date(Date.now() - 1000).toISOString() }), {
      source: 'register',
    });
    await reload();
    expect(state()).toMatchObject({ isRegisteredMember: null, pendingVerification: null });
  });

  it('verifying afterwards logs in and forgets the pending answer', async () => {
    await adoptLoginResponse(body({ is_registered_member: false }), { source: 'register' });
    await adoptLoginResponse(body({ access_token: 'tok-2' }), { source: 'verify' });
    expect(readAuthExtras().pendingVerification ?? null).toBeNull();
    expect(await reload()).toBe(true);
    expect(state()).toMatchObject({ isLogin: true, pendingVerification: null, isRegisteredMember: null });
  });

  it('the password-expired warning survives the next page load and ends with the session', async () => {
    await adoptLoginResponse(body({ has_password_expired: true }));
    expect(state().warningMessage).toBe(LOGIN_WARNINGS.passwordExpired.message);
    await reload();
    expect(state().warningMessage).toBe(LOGIN_WARNINGS.passwordExpired.message);
    state().setWarningMessage(null);
    await reload();
    expect(state().warningMessage).toBeNull();
    await adoptLoginResponse(body({ has_mail_error_count_over: true }));
    expect(state().warningMessage).toBe(LOGIN_WARNINGS.mailErrorCountOver.message);
    endSession();
    expect(sessionStorage.getItem(AUTH_EXTRAS_KEY)).toBeNull();
    expect(state().warningMessage).toBeNull();
  });

  it('the sync and manager flags are kept for the session', async () => {
    await adoptLoginResponse(body(), { isSyncUserChannel: true, isManagerLogin: true });
    await reload();
    expect(state()).toMatchObject({ isLogin: true, isSyncUserChannel: true, isManagerLogin: true });
  });

  it('a login answer with is_manager sets the manager flag', async () => {
    await adoptLoginResponse({ ...body(), is_manager: true });
    expect(state().isManagerLogin).toBe(true);
  });

  it('loginWarning prefers the expired password', () => {
    expect(loginWarning({ has_password_expired: true, has_mail_error_count_over: true })).toBe(LOGIN_WARNINGS.passwordExpired.message);
    expect(loginWarning({ has_password_expired: false, has_mail_error_count_over: false })).toBeNull();
  });
});
