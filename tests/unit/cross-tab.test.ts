// @vitest-environment jsdom
/**
 * Two tabs of one browser (spec 9 polling: cart token and login check every 100 ms, given up after
 * 3 s). Each "tab" is its own copy of the client and stores (vi.resetModules), sharing what real tabs
 * share: document.cookie and localStorage. jsdom has no Web Locks, so this is the marker path; the
 * lock path is in poll.test.ts and both run in a browser in tests/e2e/cross-tab.spec.ts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_INIT_KEY } from '#lib/one-tab.ts';
import { fakeFetch, type Handler, json, loginBody } from './fake-api.ts';
import { cart } from './fixtures.ts';
import { Cookies } from './test-cookies.ts';

const later = <T>(ms: number, value: () => T): Promise<T> => new Promise((r) => setTimeout(() => r(value()), ms));

async function openTab(handler: Handler) {
  vi.resetModules();
  const http = await import('#api-client/core/http.ts');
  const { useCartStore } = await import('#stores/cart.ts');
  const { useSessionStore } = await import('#stores/session.ts');
  const api = fakeFetch(handler);
  const events: string[] = [];
  http.resetClient();
  http.configureClient({ baseUrl: '', fetch: api.fetch, navigate: vi.fn(), currentPath: () => '/cart/' });
  http.onSessionEvent((e) => events.push(e.type));
  return { http, cart: () => useCartStore.getState(), session: () => useSessionStore.getState(), calls: api.calls, events };
}

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  localStorage.clear();
});

it('runs without Web Locks here (the marker path)', () => {
  expect((navigator as Navigator & { locks?: unknown }).locks).toBeUndefined();
});

describe('cart init across tabs', () => {
  /** The API: a new cart when the body has no token (after `delay`), the cart of the token otherwise. */
  function cartApi(delay: number) {
    let made = 0;
    const inits: unknown[] = [];
    const handler: Handler = (c) => {
      inits.push(c.body);
      const token = (c.body as { token: string | null }).token;
      return token ? json(cart(token)) : later(delay, () => json(cart(`new-${++made}`)));
    };
    return { handler, inits };
  }

  it('a new visitor’s second tab waits for the first tab’s cartToken instead of creating a second cart', async () => {
    const api = cartApi(350);
    const a = await openTab(api.handler);
    const b = await openTab(api.handler);
    const [cartA, cartB] = await Promise.all([a.cart().init(), b.cart().init()]);
    expect(api.inits).toEqual([{ token: null }, { token: 'new-1' }]);
    expect([cartA?.token, cartB?.token]).toEqual(['new-1', 'new-1']);
    expect(Cookies.get('cartToken')).toBe('new-1');
    expect(localStorage.getItem(CART_INIT_KEY)).toBeNull();
  });

  it('a marker older than 3 s (a tab closed halfway) holds nobody up', async () => {
    const api = cartApi(0);
    localStorage.setItem(CART_INIT_KEY, String(Date.now() - 3_001));
    const tab = await openTab(api.handler);
    const started = Date.now();
    await tab.cart().init();
    // Its own claim settles in one poll interval (100 ms); a live marker would hold it up to 3 s.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(api.inits).toEqual([{ token: null }]);
  });

  it('gives up after 3 s when the other tab never stores a cart, and starts one itself', async () => {
    const api = cartApi(0);
    const tab = await openTab(api.handler);
    localStorage.setItem(CART_INIT_KEY, String(Date.now()));
    const started = Date.now();
    await expect(tab.cart().init()).resolves.toMatchObject({ token: 'new-1' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(api.inits).toEqual([{ token: null }]);
  }, 10_000);

  it('a visitor with a cartToken inits at once, whatever another tab is doing', async () => {
    const api = cartApi(0);
    Cookies.set('cartToken', 'c1');
    localStorage.setItem(CART_INIT_KEY, String(Date.now()));
    const tab = await openTab(api.handler);
    await tab.cart().init();
    expect(api.inits).toEqual([{ token: 'c1' }]);
  });
});

describe('token refresh across tabs', () => {
  /**
   * The API's rotation: each refresh spends the refresh token the browser holds and sets the next
   * one; presenting a spent one is a replay that revokes the family (401), as api/src/services/auth/index.ts.
   */
  function refreshApi() {
    let refreshToken = 1;
    const spent = new Set<number>();
    let refreshes = 0;
    const handler: Handler = (c) => {
      if (!c.url.endsWith('/v1/auth/refresh')) return json({});
      refreshes++;
      const presented = refreshToken;
      if (spent.has(presented)) return json({ message: 'Unauthenticated.' }, 401);
      spent.add(presented);
      return later(250, () => {
        refreshToken = presented + 1; // Set-Cookie of the answer
        return json(loginBody(`tok-${presented + 1}`));
      });
    };
    return { handler, count: () => refreshes };
  }

  it('two tabs with an expired token refresh once, and both keep the session', async () => {
    Cookies.set('access_token', 'tok-1');
    Cookies.set('expires_at', '1000');
    const api = refreshApi();
    const a = await openTab(api.handler);
    const b = await openTab(api.handler);
    const [sa, sb] = await Promise.all([a.http.refreshSession(), b.http.refreshSession()]);
    expect(api.count()).toBe(1);
    expect([sa.accessToken, sb.accessToken]).toEqual(['tok-2', 'tok-2']);
    expect(Cookies.get('access_token')).toBe('tok-2');
    expect([...a.events, ...b.events]).not.toContain('ended');
  });

  it('both tabs’ session checks end logged in, the one that used the other tab’s token too', async () => {
    Cookies.set('access_token', 'tok-1');
    Cookies.set('expires_at', '1000');
    const api = refreshApi();
    const a = await openTab(api.handler);
    const b = await openTab(api.handler);
    await expect(Promise.all([a.session().checkSession(), b.session().checkSession()])).resolves.toEqual([true, true]);
    expect(api.count()).toBe(1);
    for (const tab of [a, b]) expect(tab.session()).toMatchObject({ check: true, isLogin: true, accessToken: 'tok-2' });
  });
});

describe('the marker without Web Locks', () => {
  it('lets one of two tabs that both found it free go on, and the other wait for its result', async () => {
    const { oneTabAtATime } = await import('#lib/one-tab.ts');
    // Both tabs read the marker before either wrote it (localStorage has no compare-and-set).
    const read = vi.spyOn(Storage.prototype, 'getItem').mockReturnValueOnce(null).mockReturnValueOnce(null);
    let done = false;
    const started: string[] = [];
    const job = (name: string) => async () => {
      started.push(`${name}${done ? ' after' : ''}`);
      await later(200, () => {});
      done = true;
      return name;
    };
    const results = await Promise.all([oneTabAtATime('k', () => done, job('a')), oneTabAtATime('k', () => done, job('b'))]);
    read.mockRestore();
    expect(started).toHaveLength(2);
    expect(started.filter((s) => !s.endsWith('after'))).toHaveLength(1);
    expect(results.sort()).toEqual(['a', 'b']);
    expect(localStorage.getItem('k')).toBeNull();
  });
});
