/** Spec 8 "Unknown middleware" and the named route guards that apply spec 2's redirect rules. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '#api-client/core/errors.ts';
import { errorPageFacts, loadPage } from '#lib/page-loader.ts';
import {
  assertMiddlewareNames,
  authMiddleware,
  guestMiddleware,
  middlewareByName,
  parseMiddlewareNames,
  RouteError,
  type RouteFacts,
  routeMiddlewares,
  runMiddleware,
} from '#lib/route-middleware.ts';

const off = { noMemberUse: false, verifyEmailOnFirstLogin: false };
const guest = { isLogin: false, isRegisteredMember: null, isRefreshFailed: false };
const member = { isLogin: true, isRegisteredMember: true, isRefreshFailed: false };
const facts = (over: Partial<RouteFacts> = {}): RouteFacts => ({
  pathname: '/mypage/',
  returnTo: '/mypage/',
  visitor: guest,
  settings: off,
  ...over,
});

describe('the registry', () => {
  it('knows auth, guest, cart and maintenance', () => {
    expect(Object.keys(routeMiddlewares).sort()).toEqual(['auth', 'cart', 'guest', 'maintenance']);
    expect(routeMiddlewares.auth).toBe(authMiddleware);
    expect(routeMiddlewares.guest).toBe(guestMiddleware);
  });
  it('an unknown name is a 500 with "Unknown middleware" plus its name', () => {
    expect(() => middlewareByName('admin')).toThrow(RouteError);
    try {
      middlewareByName('admin');
    } catch (e) {
      expect((e as RouteError).status).toBe(500);
      expect((e as RouteError).message).toBe('Unknown middleware admin');
    }
  });
  it('does not take Object.prototype members for middlewares', () => {
    expect(() => middlewareByName('toString')).toThrow('Unknown middleware toString');
    expect(() => middlewareByName('__proto__')).toThrow('Unknown middleware __proto__');
  });
  it('checks every declared name before any guard runs', () => {
    expect(() => runMiddleware(['auth', 'nope'], facts({ visitor: member }))).toThrow('Unknown middleware nope');
    expect(() => runMiddleware(['nope', 'auth'], facts())).toThrow('Unknown middleware nope');
    expect(assertMiddlewareNames(['auth', 'cart'])).toEqual(['auth', 'cart']);
  });
  it('reads a page declaration from its attribute', () => {
    expect(parseMiddlewareNames('auth guest')).toEqual(['auth', 'guest']);
    expect(parseMiddlewareNames(' auth, cart ')).toEqual(['auth', 'cart']);
    expect(parseMiddlewareNames(null)).toEqual([]);
  });
});

describe('the guards apply the spec 2 rules', () => {
  it('auth: a guest goes to /login/ with the way back; a member stays', () => {
    expect(runMiddleware(['auth'], facts({ returnTo: '/mypage/point/' }))).toBe('/login/?redirect=%2Fmypage%2Fpoint%2F');
    expect(runMiddleware(['auth'], facts({ visitor: member }))).toBeNull();
  });
  it('guest: a member goes to /ec/, an unregistered member to /verify/ with first-login verification on', () => {
    expect(runMiddleware(['guest'], facts({ pathname: '/login/', visitor: member }))).toBe('/ec/');
    expect(
      runMiddleware(
        ['guest'],
        facts({
          pathname: '/login/',
          visitor: { ...member, isRegisteredMember: false },
          settings: { ...off, verifyEmailOnFirstLogin: true },
        }),
      ),
    ).toBe('/verify/');
    expect(runMiddleware(['guest'], facts({ pathname: '/login/' }))).toBeNull();
  });
  it('cart: expiry on a cart page and product-not-found on the confirm step with an empty cart go to /cart/', () => {
    expect(runMiddleware(['cart'], facts({ pathname: '/cart/payment/', cart: { expired: true } }))).toBe('/cart/');
    expect(runMiddleware(['cart'], facts({ pathname: '/cart/confirm/', cart: { productNotFound: true, empty: true } }))).toBe('/cart/');
    expect(runMiddleware(['cart'], facts({ pathname: '/cart/confirm/', cart: { productNotFound: true, empty: false } }))).toBeNull();
    expect(runMiddleware(['cart'], facts({ pathname: '/cart/payment/' }))).toBeNull();
  });
  it('maintenance: a 503 goes to /maintenance/', () => {
    expect(runMiddleware(['maintenance'], facts({ maintenance: true }))).toBe('/maintenance/');
    expect(runMiddleware(['maintenance'], facts())).toBeNull();
  });
  it('the first redirect wins, in the declared order', () => {
    const f = facts({ pathname: '/cart/confirm/', maintenance: true });
    expect(runMiddleware(['maintenance', 'auth'], f)).toBe('/maintenance/');
    expect(runMiddleware(['auth', 'maintenance'], f)).toBe('/login/?redirect=%2Fmypage%2F');
  });
});

describe('the error page of a failed route change', () => {
  it('shows the unknown middleware as a 500 with its message', () => {
    expect(errorPageFacts(new RouteError(500, 'Unknown middleware admin'))).toEqual({ status: 500, message: 'Unknown middleware admin' });
  });
  it('defaults to 500 without a message for anything else', () => {
    expect(errorPageFacts(new Error('boom'))).toEqual({ status: 500, message: null });
    expect(errorPageFacts(undefined)).toEqual({ status: 500, message: null });
  });
});

describe('an on-demand page whose API call failed', () => {
  const context = () => ({
    response: { status: 200, headers: new Headers() },
    redirect: (path: string) => new Response(null, { status: 302, headers: { Location: path } }),
  });

  it('answers with the API status (a 502 is a 502 page), default 500', async () => {
    for (const [status, expected] of [
      [502, 502],
      [504, 504],
      [500, 500],
      [0, 500],
    ] as const) {
      const ctx = context();
      const result = await loadPage(ctx, async () => {
        throw new ApiError({ status, message: 'upstream' });
      });
      expect(result).toMatchObject({ ok: false, failure: 'error' });
      expect(ctx.response.status).toBe(expected);
    }
  });
  it('keeps 404, invalid channel and maintenance as they were', async () => {
    const nf = context();
    await loadPage(nf, async () => {
      throw new ApiError({ status: 404, message: 'x' });
    });
    expect(nf.response.status).toBe(404);
    const maint = context();
    expect(
      (
        await loadPage(maint, async () => {
          throw new ApiError({ status: 503, message: 'x' });
        })
      ).redirect?.headers.get('Location'),
    ).toBe('/maintenance/');
  });
});
