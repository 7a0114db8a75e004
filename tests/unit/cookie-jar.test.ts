// @vitest-environment jsdom
/** The storefront's one cookie implementation (src/api-client/core/cookie-jar.ts; src/lib/cookies.ts re-exports it). */
import { beforeEach, describe, expect, it } from 'vitest';
import * as jar from '#api-client/core/cookie-jar.ts';
import * as lib from '#lib/cookies.ts';

beforeEach(() => {
  for (const c of document.cookie.split('; '))
    if (c) document.cookie = `${c.split('=')[0]}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

describe('cookie jar (spec 9 cookie keys)', () => {
  it("is the one cookie implementation: src/lib/cookies.ts hands out the jar's own functions", () => {
    for (const name of [
      'readSession',
      'writeSession',
      'clearSession',
      'readCartToken',
      'writeCartToken',
      'readCartCache',
      'writeCartCache',
      'clearCartCookies',
      'readIsDoPayment',
      'writeIsDoPayment',
    ] as const) {
      // biome-ignore lint/performance/noDynamicNamespaceImportAccess: every re-export, compared by name
      expect(lib[name]).toBe(jar[name]);
    }
  });

  it('keeps values with reserved characters intact, encoded the way js-cookie encodes them', () => {
    jar.writeSession({ accessToken: 'a.b-c_d', expiresAt: 1_700_000_000_000 });
    jar.writeCartToken('tok/+= ;');
    jar.writeCartCache({ count: 12 });
    expect(document.cookie).toContain('cartToken=tok/+=%20%3B');
    expect(document.cookie).toContain('cart_cache={%22count%22:12}');
    expect(jar.readSession()).toEqual({ accessToken: 'a.b-c_d', expiresAt: 1_700_000_000_000 });
    expect(jar.readCartToken()).toBe('tok/+= ;');
    expect(jar.readCartCache()).toEqual({ count: 12 });
    jar.clearCartCookies();
    jar.clearSession();
    expect(jar.readCartToken()).toBeNull();
    expect(jar.readSession()).toBeNull();
  });

  it('a tampered cart_cache or expiry reads as absent', () => {
    document.cookie = 'cart_cache=%7Bnope; path=/';
    document.cookie = 'access_token=t; path=/';
    document.cookie = 'expires_at=soon; path=/';
    expect(jar.readCartCache()).toBeNull();
    expect(jar.readSession()).toBeNull();
    expect(jar.parseCartCache('{"count":-1}')).toBeNull();
  });

  it('reads a value the /cart/add/ endpoint wrote with the same encoding (Astro cookies on the server)', () => {
    document.cookie = `cartToken=${jar.encodeCookieValue('abc/d ;é')}; path=/`;
    document.cookie = `cart_cache=${jar.encodeCookieValue(JSON.stringify({ count: 3 }))}; path=/`;
    expect(document.cookie).toContain('cart_cache={%22count%22:3}');
    expect(jar.readCartToken()).toBe('abc/d ;é');
    expect(jar.readCartCache()).toEqual({ count: 3 });
  });

  it('a cart token or access token longer than 2000 characters reads as absent', () => {
    jar.writeCartToken('x'.repeat(2001));
    expect(jar.readCartToken()).toBeNull();
    jar.writeSession({ accessToken: 'y'.repeat(2001), expiresAt: 1 });
    expect(jar.readSession()).toBeNull();
  });
});
