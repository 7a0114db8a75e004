// @vitest-environment jsdom
/**
 * Login and the cart (spec 4 "Login", issue 5 §6): a login that answers is_registered_member false
 * leaves nothing a reload could restore; a login merges the guest cart into the member's through
 * cart init with the guest token and the new bearer; after logout and login the member's cart is back.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readCartToken, readSession, writeCartToken } from '#api-client/core/cookie-jar.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { resetCartStoreForTests, useCartStore } from '#stores/cart.ts';
import { loggedOutState, useSessionStore } from '#stores/session.ts';
import { login, logout } from '#stores/session-actions.ts';
import { fakeFetch, type Handler, json, loginBody } from './fake-api.ts';
import { cart } from './fixtures.ts';

function setup(handler: Handler) {
  resetClient();
  const api = fakeFetch(handler);
  // The real cookie token store: what a reload would find.
  configureClient({ baseUrl: '', fetch: api.fetch, navigate: vi.fn(), currentPath: () => '/login/' });
  return api;
}

const session = () => useSessionStore.getState();
const credentials = { username: 'demo', password: 'demo-pass-2026' };

beforeEach(() => {
  for (const c of document.cookie.split('; '))
    if (c) document.cookie = `${c.split('=')[0]}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  useSessionStore.setState({ ...loggedOutState });
  resetCartStoreForTests();
});

describe('a login answering is_registered_member: false', () => {
  it('is not logged in and stores nothing a reload could restore', async () => {
    const { calls } = setup(() => json(loginBody('tok-u', { is_registered_member: false })));
    const result = await login(credentials);
    expect(result.status).toBe('unregistered');
    expect(session()).toMatchObject({ isLogin: false, accessToken: null, isRegisteredMember: false });
    expect(session().pendingVerification?.access_token).toBe('tok-u');
    expect(readSession()).toBeNull();
    expect(document.cookie).not.toContain('access_token');
    // A reload: a fresh session check finds no stored token.
    useSessionStore.setState({ ...loggedOutState });
    expect(await session().checkSession()).toBe(false);
    expect(calls.map((c) => c.url)).toEqual(['/v1/auth/login']);
  });
});

describe('login and the cart', () => {
  it('calls cart init with the guest cart token and the new bearer, and keeps the merged cart the API returns', async () => {
    writeCartToken('guest-1');
    const { calls } = setup((c) =>
      c.url === '/v1/auth/login'
        ? json(loginBody('tok-m'))
        : json(
            cart('member-1', [
              [1, 1],
              [2, 2],
            ]),
          ),
    );
    await login(credentials);
    const init = calls.find((c) => c.url === '/v1/carts/init');
    expect(init?.body).toEqual({ token: 'guest-1' });
    expect(init?.headers.Authorization).toBe('Bearer tok-m');
    // login() resolves only after the merge, so the next page already has the member's cart.
    expect(useCartStore.getState().cart?.count).toBe(3);
    expect(readCartToken()).toBe('member-1');
  });

  it('after logout and login the member cart is restored by an init without a token', async () => {
    writeCartToken('member-1');
    const { calls } = setup((c) => {
      if (c.url === '/v1/auth/login') return json(loginBody('tok-2'));
      if (c.url === '/v1/auth/logout') return json(undefined, 204);
      return json(cart('member-1', [[7, 1]]));
    });
    await login(credentials);
    await logout();
    expect(readCartToken()).toBeNull();
    expect(useCartStore.getState().cart).toBeNull();
    await login(credentials);
    const inits = calls.filter((c) => c.url === '/v1/carts/init');
    expect(inits.at(-1)?.body).toEqual({ token: null });
    expect(inits.at(-1)?.headers.Authorization).toBe('Bearer tok-2');
    expect(useCartStore.getState().cart?.lines.map((l) => l.productId)).toEqual([7]);
  });
});
