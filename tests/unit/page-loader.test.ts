/**
 * The server-side page loader: one place that turns a failed call into the spec's error page
 * (404 / invalid channel / Error), a maintenance redirect, and the page's status and caching.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '#api-client/core/errors.ts';
import {
  classifyFailure,
  FAILED_PAGE_CACHE,
  failureStatus,
  loadPage,
  notFound,
  type PageContext,
  PRIVATE_PAGE_CACHE,
  PUBLIC_PAGE_CACHE,
  routerMiss,
} from '#lib/page-loader.ts';

/** A page context as Astro gives it: a mutable status, real Headers, and a redirect that builds a Response. */
function page(): PageContext & { redirected: string[] } {
  const redirected: string[] = [];
  return {
    redirected,
    response: { status: 200, headers: new Headers() },
    redirect: (path, status = 302) => {
      redirected.push(path);
      return new Response(null, { status, headers: { Location: path } });
    },
  };
}

const apiError = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, message: 'x', ...extra });

describe('failure classification', () => {
  it('404 and 422 from the API, and a loader saying not-found, are the 404 page', () => {
    expect(classifyFailure(apiError(404))).toBe('not-found');
    expect(classifyFailure(apiError(422))).toBe('not-found');
    expect(classifyFailure(new (class extends Error {})())).toBe('error');
    expect(
      classifyFailure(
        (() => {
          try {
            notFound('page 999');
          } catch (e) {
            return e;
          }
        })(),
      ),
    ).toBe('not-found');
  });
  it("a route whose own router has no page for the path is the router's 404 (spec 2 'This page could not be found'), still status 404", () => {
    const miss = (() => {
      try {
        routerMiss('social gift step');
      } catch (e) {
        return e;
      }
    })();
    expect(classifyFailure(miss)).toBe('router-miss');
    expect(failureStatus('router-miss')).toBe(404);
  });
  it('the server saying the channel does not exist is the invalid-channel layout', () => {
    expect(classifyFailure(apiError(404, { message: 'The channel does not exist.' }))).toBe('invalid-channel');
    expect(classifyFailure(apiError(404, { code: 'channel.not_exists' }))).toBe('invalid-channel');
  });
  it('503 is maintenance; 500, timeouts and non-API errors are the Error page', () => {
    expect(classifyFailure(apiError(503))).toBe('maintenance');
    expect(classifyFailure(apiError(500))).toBe('error');
    expect(classifyFailure(apiError(0, { code: 'client.timeout' }))).toBe('error');
    expect(classifyFailure(new TypeError('boom'))).toBe('error');
  });
});

describe('loadPage', () => {
  it('a page that loaded is shared-cacheable and keeps status 200', async () => {
    const ctx = page();
    const result = await loadPage(ctx, async () => 42);
    expect(result).toMatchObject({ ok: true, data: 42, degraded: false });
    expect(ctx.response.status).toBe(200);
    expect(ctx.response.headers.get('Cache-Control')).toBe(PUBLIC_PAGE_CACHE);
  });

  it('a member page shell is cached privately only', async () => {
    const ctx = page();
    await loadPage(ctx, async () => 'shell', { caching: 'private' });
    expect(ctx.response.headers.get('Cache-Control')).toBe(PRIVATE_PAGE_CACHE);
  });

  it('not found answers 404 and is never stored', async () => {
    const ctx = page();
    const result = await loadPage(ctx, async () => notFound('category'));
    expect(result).toMatchObject({ ok: false, failure: 'not-found' });
    expect(ctx.response.status).toBe(404);
    expect(ctx.response.headers.get('Cache-Control')).toBe(FAILED_PAGE_CACHE);
  });

  it('an API error answers 500 and an unknown channel 404', async () => {
    const err = page();
    expect(
      await loadPage(err, async () => {
        throw apiError(500);
      }),
    ).toMatchObject({ ok: false, failure: 'error' });
    expect(err.response.status).toBe(500);
    const channel = page();
    expect(
      await loadPage(channel, async () => {
        throw apiError(404, { message: 'The channel does not exist.' });
      }),
    ).toMatchObject({ failure: 'invalid-channel' });
    expect(channel.response.status).toBe(404);
  });

  it('maintenance redirects to /maintenance/ with a 302 the page returns', async () => {
    const ctx = page();
    const result = await loadPage(ctx, async () => {
      throw apiError(503);
    });
    expect(result.ok).toBe(false);
    expect(result.redirect?.status).toBe(302);
    expect(result.redirect?.headers.get('Location')).toBe('/maintenance/');
    expect(ctx.redirected).toEqual(['/maintenance/']);
  });

  it('an optional block that fails falls back, and the degraded page is not cached', async () => {
    const ctx = page();
    const result = await loadPage(ctx, async (kit) => ({
      news: await kit.optional(Promise.reject(apiError(500)), [] as string[]),
      products: await kit.optional(Promise.resolve(['p']), [] as string[]),
    }));
    expect(result).toMatchObject({ ok: true, degraded: true, data: { news: [], products: ['p'] } });
    expect(ctx.response.status).toBe(200);
    expect(ctx.response.headers.get('Cache-Control')).toBe(FAILED_PAGE_CACHE);
  });

  it('an optional block hitting maintenance or an unknown channel fails the whole page', async () => {
    const ctx = page();
    const result = await loadPage(ctx, async (kit) => kit.optional(Promise.reject(apiError(503)), null));
    expect(result.redirect?.headers.get('Location')).toBe('/maintenance/');
    const other = page();
    const channel = await loadPage(other, async (kit) => kit.optional(Promise.reject(apiError(404, { code: 'channel.not_exists' })), null));
    expect(channel).toMatchObject({ ok: false, failure: 'invalid-channel' });
  });
});
