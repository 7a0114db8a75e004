// @vitest-environment jsdom
/** The client's zod-free cookie jar writes and reads the spec's cookies exactly like src/lib/cookies.ts. */
import { describe, it, expect, beforeEach } from 'vitest';
import * as lib from '../../src/lib/cookies.ts';
import * as jar from '../../src/api-client/cookie-jar.ts';

beforeEach(() => {
  for (const c of document.cookie.split('; ')) if (c) document.cookie = `${c.split('=')[0]}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

describe('cookie jar (spec 9 cookie keys)', () => {
  it('what the jar writes, src/lib/cookies.ts reads', () => {
    jar.writeSession({ accessToken: 'a.b-c_d', expiresAt: 1_700_000_000_000 });
    jar.writeCartToken('tok/+=');
    jar.writeCartCache({ count: 12 });
    expect(lib.readSession()).toEqual({ accessToken: 'a.b-c_d', expiresAt: 1_700_000_000_000 });
    expect(lib.readCartToken()).toBe('tok/+=');
    expect(lib.readCartCache()).toEqual({ count: 12 });
  });

  it('what src/lib/cookies.ts writes, the jar reads; both clear the same cookies', () => {
    lib.writeSession({ accessToken: 'x', expiresAt: 5 });
    lib.writeCartToken('c 1');
    lib.writeCartCache({ count: 2 });
    expect(jar.readSession()).toEqual({ accessToken: 'x', expiresAt: 5 });
    expect(jar.readCartToken()).toBe('c 1');
    expect(jar.readCartCache()).toEqual({ count: 2 });
    jar.clearCartCookies();
    jar.clearSession();
    expect(lib.readCartToken()).toBeNull();
    expect(lib.readSession()).toBeNull();
  });

  it('a tampered cart_cache or expiry reads as absent', () => {
    document.cookie = 'cart_cache=%7Bnope; path=/';
    document.cookie = 'access_token=t; path=/';
    document.cookie = 'expires_at=soon; path=/';
    expect(jar.readCartCache()).toBeNull();
    expect(jar.readSession()).toBeNull();
    expect(jar.parseCartCache('{"count":-1}')).toBeNull();
  });

  it('reads a cookie out of a request Cookie header (the /cart/add/ endpoint)', () => {
    expect(jar.cookieFrom('a=1; cartToken=abc%2Fd; cart_cache={%22count%22:3}', 'cartToken')).toBe('abc/d');
    expect(jar.cookieFrom('a=1', 'cartToken')).toBeNull();
  });
});
