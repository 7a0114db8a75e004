/** Session store (spec 4 "Login", "Session check", "Logout"). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, request, resetClient } from '#api-client/core/http.ts';
import { useHistoryStore } from '#stores/history.ts';
import { loggedOutState, useSessionStore } from '#stores/session.ts';
import { login, logout } from '#stores/session-actions.ts';
import { fakeFetch, type Handler, json, loginBody, memoryTokens } from './fake-api.ts';
import { product } from './fixtures.ts';

const NOW = 1_700_000_000_000;

function setup(handler: Handler, session: { accessToken: string; expiresAt: number } | null = null) {
  resetClient();
  const api = fakeFetch(handler);
  const tokens = memoryTokens(session);
  const navigate = vi.fn();
  const clearCart = vi.fn();
  configureClient({ baseUrl: '', fetch: api.fetch, tokens, navigate, clearCart, now: () => NOW, currentPath: () => '/' });
  return { ...api, tokens, navigate, clearCart };
}

const state = () => useSessionStore.getState();

beforeEach(() => useSessionStore.setState({ ...loggedOutState }));

describe('session check', () => {
  it('a stored token plus expiry restores the session without a call', async () => {
    const { calls } = setup(() => json({}), { accessToken: 'tok', expiresAt: NOW + 60_000 });
    expect(await state().checkSession()).toBe(true);
    expect(calls).toHaveLength(0);
    expect(state()).toMatchObject({ check: true, isLogin: true, accessToken: 'tok', tokenExpiresAt: NOW + 60_000 });
  });

  it('an expired token is refreshed', async () => {
    const { calls, tokens } = setup(() => json(loginBody('tok-2')), { accessToken: 'tok', expiresAt: NOW - 1 });
    expect(await state().checkSession()).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/v1/auth/refresh']);
    expect(tokens.value?.accessToken).toBe('tok-2');
    expect(state()).toMatchObject({ isLogin: true, accessToken: 'tok-2', tokenExpiresAt: NOW + 3_600_000 - 5000 });
  });

  it('an explicit refresh mode refreshes even a live token', async () => {
    const { calls } = setup(() => json(loginBody('tok-2')), { accessToken: 'tok', expiresAt: NOW + 60_000 });
    await state().checkSession({ force: true });
    expect(calls).toHaveLength(1);
  });

  it('a failed refresh logs out with the refresh-failed flag (and does not redirect)', async () => {
    const { navigate, tokens } = setup(() => json({ message: 'Unauthenticated.' }, 401), { accessToken: 'tok', expiresAt: NOW - 1 });
    expect(await state().checkSession()).toBe(false);
    expect(tokens.value).toBeNull();
    expect(state()).toMatchObject({ check: true, isLogin: false, isRefreshFailed: true, accessToken: null });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('no token means logged out, and the cart token is kept', async () => {
    const { calls, clearCart } = setup(() => json({}));
    expect(await state().checkSession()).toBe(false);
    expect(calls).toHaveLength(0);
    expect(clearCart).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ check: true, isLogin: false });
  });

  it('islands checking at the same time share one refresh', async () => {
    const { calls } = setup(() => json(loginBody('tok-2')), { accessToken: 'tok', expiresAt: NOW - 1 });
    await Promise.all([state().checkSession(), state().checkSession(), state().checkSession()]);
    expect(calls).toHaveLength(1);
  });
});

describe('login', () => {
  it('logs in, stores the token 5 s before its expiry and clears the local product history', async () => {
    const { tokens, calls } = setup(() => json(loginBody('tok-1', { has_password_expired: true })));
    useHistoryStore.getState().add(product(1));
    const result = await login({ username: 'demo', password: 'demo-pass-2026' });
    expect(result.status).toBe('logged_in');
    expect(calls[0].body).toEqual({ username: 'demo', password: 'demo-pass-2026' });
    expect(tokens.value).toEqual({ accessToken: 'tok-1', expiresAt: NOW + 3_600_000 - 5000 });
    expect(state()).toMatchObject({ isLogin: true, accessToken: 'tok-1', hasPasswordExpired: true, mfaUserId: null });
    expect(useHistoryStore.getState().items).toEqual([]);
  });

  it('is_verify moves to the verification step with the mfa user id kept, not logged in yet', async () => {
    const { tokens } = setup(() => json(loginBody('tok-1', { is_verify: true, user_id: 42 })));
    const result = await login({ username: 'demo', password: 'x' });
    expect(result.status).toBe('verify');
    expect(state()).toMatchObject({ isLogin: false, mfaUserId: 42 });
    expect(tokens.value).toBeNull();
  });

  it('is logged in only if is_registered_member is absent or true', async () => {
    setup(() => json(loginBody('tok-1', { is_registered_member: false })));
    const result = await login({ username: 'demo', password: 'x' });
    expect(result.status).toBe('unregistered');
    expect(state()).toMatchObject({ isLogin: false, isRegisteredMember: false });
  });

  it('bad credentials reject with the server message and stay logged out', async () => {
    setup(() => json({ message: 'ログインIDまたはパスワードが正しくありません。', code: 'auth.failed' }, 422));
    await expect(login({ username: 'demo', password: 'bad' })).rejects.toMatchObject({
      message: 'ログインIDまたはパスワードが正しくありません。',
    });
    expect(state().isLogin).toBe(false);
  });
});

describe('logout', () => {
  it('clears the token and the cart token by default, after telling the server', async () => {
    const { calls, tokens, clearCart } = setup(() => new Response(null, { status: 204 }), { accessToken: 'tok', expiresAt: NOW + 60_000 });
    await state().checkSession();
    await logout();
    expect(calls.map((c) => c.url)).toEqual(['/v1/auth/logout']);
    expect(tokens.value).toBeNull();
    expect(clearCart).toHaveBeenCalled();
    expect(state()).toMatchObject({ isLogin: false, accessToken: null, isRefreshFailed: false });
  });

  it('keeps the cart token when asked', async () => {
    const { clearCart } = setup(() => new Response(null, { status: 204 }), { accessToken: 'tok', expiresAt: NOW + 60_000 });
    await logout({ keepCart: true });
    expect(clearCart).not.toHaveBeenCalled();
  });

  it('clears the session locally even when the server call fails', async () => {
    const { tokens } = setup(() => json({ message: 'Unauthenticated.' }, 401), { accessToken: 'tok', expiresAt: NOW + 60_000 });
    await logout();
    expect(tokens.value).toBeNull();
    expect(state().isLogin).toBe(false);
  });

  it('pushes an empty user id to tracking', async () => {
    setup(() => new Response(null, { status: 204 }), { accessToken: 'tok', expiresAt: NOW + 60_000 });
    const dataLayer: unknown[] = [];
    (globalThis as { dataLayer?: unknown[] }).dataLayer = dataLayer;
    await logout();
    expect(dataLayer).toEqual([{ user_id: '' }]);
    delete (globalThis as { dataLayer?: unknown[] }).dataLayer;
  });
});

describe('the store follows the http core', () => {
  it('a second 401 inside any request logs the store out', async () => {
    setup((c) => (c.url.endsWith('/refresh') ? json(loginBody('tok-2')) : json({}, 401)), { accessToken: 'tok', expiresAt: NOW + 60_000 });
    await state().checkSession();
    await expect(request('GET', '/v1/me/user')).rejects.toMatchObject({ status: 401 });
    expect(state()).toMatchObject({ isLogin: false, accessToken: null, isRefreshFailed: false });
  });

  it('a refresh inside a request updates the stored token', async () => {
    setup((c) => (c.url.endsWith('/refresh') ? json(loginBody('tok-2')) : json({})), { accessToken: 'tok', expiresAt: NOW - 1 });
    await request('GET', '/v1/me/user');
    expect(state()).toMatchObject({ isLogin: true, accessToken: 'tok-2' });
  });
});
