/** The http core's rules of spec sections 7 and 8, against a fake fetch. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isDisplayableError, isHandledError, isIgnoredError } from '#api-client/core/errors.ts';
import { number, object } from '#api-client/core/guard.ts';
import {
  abortInFlight,
  buildQuery,
  configureClient,
  getSession,
  navigateTo,
  onSessionEvent,
  refreshSession,
  request,
  resetClient,
  type SessionEvent,
  setSession,
} from '#api-client/core/http.ts';
import { readLimit, readPagination } from '#api-client/core/pagination.ts';
import { apiState, clearMaintenance, clearStoredError, setInvalidChannel } from '#api-client/core/state.ts';
import { readMaintenance } from '#api-client/site/maintenance.ts';
import { fakeFetch, type Handler, hangingResponse, json, loginBody, memoryTokens } from './fake-api.ts';

const NOW = 1_700_000_000_000;
const fresh = (token = 'tok-1') => ({ accessToken: token, expiresAt: NOW + 60_000 });
const expired = (token = 'tok-old') => ({ accessToken: token, expiresAt: NOW - 1 });

function setup(handler: Handler, session: ReturnType<typeof fresh> | null = null) {
  const api = fakeFetch(handler);
  const tokens = memoryTokens(session);
  const navigate = vi.fn();
  const clearCart = vi.fn();
  const events: SessionEvent[] = [];
  configureClient({
    baseUrl: 'http://api.test',
    channelId: 'outlet',
    fetch: api.fetch,
    tokens,
    navigate,
    clearCart,
    now: () => NOW,
    currentPath: () => '/cart/confirm/',
    timeoutMs: 1000,
  });
  onSessionEvent((e) => events.push(e));
  return { ...api, tokens, navigate, clearCart, events };
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  resetClient();
  clearMaintenance();
  clearStoredError();
  setInvalidChannel(false);
});

describe('headers on every call (spec 7)', () => {
  it('sends the channel id, the XHR marker and JSON content type to the API base', async () => {
    const { calls } = setup(() => json([]));
    await request('GET', '/v1/products', { query: { page: 2, category: 'tops', child: true, keyword: undefined } });
    expect(calls[0].url).toBe('http://api.test/v1/products?category=tops&child=1&page=2');
    expect(calls[0].headers['X-Channel-Id']).toBe('outlet');
    expect(calls[0].headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(calls[0].headers['Content-Type']).toBe('application/json');
  });

  it('sends the bearer token when logged in', async () => {
    const { calls } = setup(() => json({}), fresh('abc'));
    await request('GET', '/v1/me/user');
    expect(calls[0].headers.Authorization).toBe('Bearer abc');
  });

  it('never sends the bearer token to /public.json', async () => {
    const { calls } = setup(() => json({}), fresh('abc'));
    await request('GET', '/public.json');
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('sends no Authorization header when logged out', async () => {
    const { calls } = setup(() => json({}));
    await request('GET', '/v1/products');
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('posts the body as JSON', async () => {
    const { calls } = setup(() => json({}));
    await request('PATCH', '/v1/carts/products/add', { body: { token: 't', product_id: 3, quantity: 1 } });
    expect(calls[0].method).toBe('PATCH');
    expect(calls[0].body).toEqual({ token: 't', product_id: 3, quantity: 1 });
  });

  it('serialises arrays as key[] and skips empty values', () => {
    expect(buildQuery({ area: ['top', 'side'], is_show: 1, x: null })).toBe('?area%5B%5D=top&area%5B%5D=side&is_show=1');
    expect(buildQuery({})).toBe('');
  });
});

describe('token expiry (spec 4, 9)', () => {
  it("keeps the token expiry 5 s before the server's lifetime", () => {
    const { tokens } = setup(() => json({}));
    setSession(loginBody('new', { expires_in: 3600 }));
    expect(tokens.value).toEqual({ accessToken: 'new', expiresAt: NOW + 3600_000 - 5000 });
  });

  it('refreshes an expired token before the request, then sends the new one', async () => {
    const { calls, tokens } = setup((c) => (c.url.endsWith('/v1/auth/refresh') ? json(loginBody('tok-new')) : json({ ok: 1 })), expired());
    await request('GET', '/v1/me/user');
    expect(calls.map((c) => c.url)).toEqual(['http://api.test/v1/auth/refresh', 'http://api.test/v1/me/user']);
    expect(calls[0].credentials).toBe('include');
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[1].headers.Authorization).toBe('Bearer tok-new');
    expect(tokens.value?.accessToken).toBe('tok-new');
  });

  it('concurrent requests with an expired token share one refresh', async () => {
    const { calls } = setup((c) => (c.url.endsWith('/refresh') ? json(loginBody('tok-new')) : json({})), expired());
    await Promise.all([request('GET', '/v1/me/user'), request('GET', '/v1/me/orders'), refreshSession()]);
    expect(calls.filter((c) => c.url.endsWith('/v1/auth/refresh'))).toHaveLength(1);
    expect(calls.filter((c) => !c.url.endsWith('/refresh')).every((c) => c.headers.Authorization === 'Bearer tok-new')).toBe(true);
  });
});

describe('401 handling (spec 8)', () => {
  it('first 401 refreshes the token and retries once', async () => {
    let userCalls = 0;
    const { calls } = setup((c) => {
      if (c.url.endsWith('/refresh')) return json(loginBody('tok-2'));
      userCalls += 1;
      return userCalls === 1 ? json({ message: 'Unauthenticated.' }, 401) : json({ id: 1 });
    }, fresh('tok-1'));
    const res = await request('GET', '/v1/me/user');
    expect(res.data).toEqual({ id: 1 });
    expect(calls.map((c) => c.headers.Authorization ?? 'refresh')).toEqual(['Bearer tok-1', 'refresh', 'Bearer tok-2']);
  });

  it('second 401 logs out and goes to /login/', async () => {
    const { navigate, tokens, events, clearCart } = setup(
      (c) => (c.url.endsWith('/refresh') ? json(loginBody('tok-2')) : json({ message: 'Unauthenticated.' }, 401)),
      fresh(),
    );
    const err = await rejection(request('GET', '/v1/me/user'));
    expect(err.status).toBe(401);
    expect(isHandledError(err)).toBe(true);
    expect(tokens.value).toBeNull();
    expect(clearCart).toHaveBeenCalled();
    expect(events.at(-1)).toEqual({ type: 'ended', refreshFailed: false, keepCart: false });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login/');
  });

  it('concurrent 401s refresh once and both retry with the new token', async () => {
    const seen: string[] = [];
    const { calls } = setup((c) => {
      if (c.url.endsWith('/refresh')) return json(loginBody('tok-2'));
      seen.push(c.headers.Authorization);
      return c.headers.Authorization === 'Bearer tok-1' ? json({}, 401) : json({ ok: true });
    }, fresh('tok-1'));
    await Promise.all([request('GET', '/v1/me/user'), request('GET', '/v1/me/orders')]);
    expect(calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(1);
    expect(seen.filter((a) => a === 'Bearer tok-2')).toHaveLength(2);
  });

  it('token refresh failure logs out with the refresh-failed flag and goes to /login/?re=1', async () => {
    const { navigate, tokens, events } = setup(
      (c) => (c.url.endsWith('/refresh') ? json({ message: 'Unauthenticated.' }, 401) : json({})),
      expired(),
    );
    const err = await rejection(request('GET', '/v1/me/user'));
    expect(err.code).toBe('client.refresh_failed');
    expect(isHandledError(err)).toBe(true);
    expect(tokens.value).toBeNull();
    expect(events.at(-1)).toMatchObject({ type: 'ended', refreshFailed: true });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login/?re=1');
  });

  it('a refresh failure after a 401 also goes to /login/?re=1', async () => {
    const { navigate } = setup(() => json({ message: 'Unauthenticated.' }, 401), fresh());
    await rejection(request('GET', '/v1/me/user'));
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login/?re=1');
  });

  it('a network error during the refresh keeps the session (it is not a failed refresh)', async () => {
    const { navigate, tokens } = setup((c) => {
      if (c.url.endsWith('/refresh')) throw new TypeError('Failed to fetch');
      return json({});
    }, expired('keep'));
    const err = await rejection(request('GET', '/v1/me/user'));
    expect(isIgnoredError(err)).toBe(true);
    expect(tokens.value?.accessToken).toBe('keep');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('401 without a token is rethrown (no refresh, no redirect)', async () => {
    const { calls, navigate } = setup(() => json({ message: 'Unauthenticated.', code: 'auth.unauthenticated' }, 401));
    const err = await rejection(request('GET', '/v1/me/user'));
    expect(err).toMatchObject({ status: 401, code: 'auth.unauthenticated', message: 'Unauthenticated.' });
    expect(isDisplayableError(err)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('401 on logout is rethrown (no refresh, no redirect)', async () => {
    const { calls, navigate, tokens } = setup(() => json({ message: 'Unauthenticated.' }, 401), fresh());
    const err = await rejection(request('POST', '/v1/auth/logout', { body: {}, refresh: false }));
    expect(err.status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(tokens.value).not.toBeNull();
  });
});

describe('maintenance and channel (spec 8)', () => {
  it('503 stores the maintenance state and redirects to /maintenance/', async () => {
    const { navigate } = setup(() => json({ title: 'メンテナンス中', message: 'ただいまメンテナンス中です。' }, 503));
    const err = await rejection(request('GET', '/v1/products'));
    expect(err.status).toBe(503);
    expect(isHandledError(err)).toBe(true);
    expect(readMaintenance()).toEqual({ title: 'メンテナンス中', message: 'ただいまメンテナンス中です。' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/maintenance/');
  });

  it('does not redirect to the page it is already on', () => {
    const { navigate } = setup(() => json({}));
    configureClient({ currentPath: () => '/maintenance/' });
    navigateTo('/maintenance/');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('the channel-not-found 404 switches to the invalid-channel state (the page switches with it: invalid-channel-view.test.ts)', async () => {
    setup(() => json({ message: 'The channel does not exist.', code: 'channel.not_exists' }, 404));
    const err = await rejection(request('GET', '/v1/products'));
    expect(err).toMatchObject({ status: 404, code: 'channel.not_exists', handled: true });
    expect(apiState.getState().invalidChannel).toBe(true);
    expect(apiState.getState().error).toBeNull();
  });
});

describe('other errors (spec 8)', () => {
  it('stores the error body for display and rethrows a typed ApiError', async () => {
    const errors = { quantity: ['数量は99以下で入力してください'] };
    setup(() => json({ message: '入力内容に誤りがあります。', code: 'validation', errors }, 422));
    const err = await rejection(request('PATCH', '/v1/carts/products/modify', { body: {} }));
    expect(err).toMatchObject({ status: 422, code: 'validation', message: '入力内容に誤りがあります。', errors });
    expect(apiState.getState().error).toEqual({ status: 422, code: 'validation', message: '入力内容に誤りがあります。', errors });
  });

  it('a plain 404 is an ordinary error with the server message', async () => {
    setup(() => json({ message: '商品が見つかりません。', code: 'common.not_found' }, 404));
    const err = await rejection(request('GET', '/v1/products/nope'));
    expect(err).toMatchObject({ status: 404, code: 'common.not_found', handled: false, ignored: false });
    expect(apiState.getState().invalidChannel).toBe(false);
  });

  it('a non-JSON error body still gives an ApiError with a Japanese fallback message', async () => {
    setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await rejection(request('GET', '/v1/products'));
    expect(err).toMatchObject({ status: 502, message: 'エラーが発生しました' });
  });

  it('network errors are ignored silently: a rejection marked ignored, nothing stored', async () => {
    const { navigate } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await rejection(request('GET', '/v1/products'));
    expect(err).toMatchObject({ status: 0, code: 'client.network', ignored: true });
    expect(apiState.getState().error).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a timeout is rethrown with its message (not ignored)', async () => {
    setup(hangingResponse);
    configureClient({ timeoutMs: 20 });
    const err = await rejection(request('GET', '/v1/products'));
    expect(err.code).toBe('client.timeout');
    expect(err.message).toContain('タイムアウト');
    expect(isIgnoredError(err)).toBe(false);
  });

  it('a response that breaks the contract is an error, never half-parsed data', async () => {
    setup(() => json({ id: 'not-a-number' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const err = await rejection(request('GET', '/v1/x', { parse: object({ id: number }) }));
    expect(err.code).toBe('client.invalid_response');
  });
});

describe('pagination and limits', () => {
  it('reads pagination from x-total / x-per-page / x-last-page / x-current-page', async () => {
    setup(() => json([], 200, { 'x-total': '301', 'x-per-page': '15', 'x-last-page': '21', 'x-current-page': '2' }));
    const res = await request('GET', '/v1/products');
    expect(readPagination(res.headers)).toEqual({ total: 301, per: 15, last: 21, current: 2 });
  });

  it('reads x-limit', async () => {
    setup(() => json([], 200, { 'x-limit': '20' }));
    expect(readLimit((await request('GET', '/v1/me/user-addresses')).headers)).toBe(20);
  });

  it('has no pagination when the headers are missing', async () => {
    setup(() => json([]));
    expect(readPagination((await request('GET', '/v1/brands')).headers)).toBeUndefined();
  });

  it('decodes the body with the given parser, dropping unknown keys', async () => {
    setup(() => json({ id: 3, extra: true }));
    const res = await request('GET', '/v1/x', { parse: object({ id: number }) });
    expect(res.data).toEqual({ id: 3 });
  });

  it('a 204 answers with undefined data', async () => {
    setup(() => new Response(null, { status: 204 }));
    expect((await request('POST', '/v1/auth/logout', { body: {} })).data).toBeUndefined();
  });
});

describe('cancellation', () => {
  it('a route change cancels in-flight requests, silently', async () => {
    setup(hangingResponse);
    const pending = request('GET', '/v1/products');
    await Promise.resolve();
    abortInFlight();
    const err = await rejection(pending);
    expect(err).toMatchObject({ code: 'client.aborted', ignored: true });
  });

  it('requests started after the route change are not affected', async () => {
    setup(() => json({ ok: true }));
    abortInFlight();
    expect((await request('GET', '/v1/products')).data).toEqual({ ok: true });
  });

  it("honours the caller's AbortSignal", async () => {
    setup(hangingResponse);
    const controller = new AbortController();
    const pending = request('GET', '/v1/products', { signal: controller.signal });
    controller.abort();
    expect(isIgnoredError(await rejection(pending))).toBe(true);
  });

  it('a token refresh is never cancelled by a route change', async () => {
    let release: (r: Response) => void = () => {};
    const { calls } = setup(
      (c) =>
        c.url.endsWith('/refresh')
          ? new Promise<Response>((r) => {
              release = r;
            })
          : json({}),
      expired(),
    );
    const pending = refreshSession();
    await Promise.resolve();
    abortInFlight();
    release(json(loginBody('tok-new')));
    expect((await pending).accessToken).toBe('tok-new');
    expect(calls[0].signal?.aborted).toBe(false);
  });
});

describe('server side', () => {
  it('works without browser globals: no token store, no redirects', async () => {
    resetClient();
    configureClient({ fetch: fakeFetch(() => json({})).fetch });
    expect(getSession()).toBeNull();
    await expect(request('GET', '/public.json')).resolves.toMatchObject({ status: 200 });
  });
});

describe('load tasks (spec 9: the scroll restore waits for them)', () => {
  it('counts each request as a load task until it settles, answered or failed', async () => {
    const { pendingLoadTasks } = await import('#lib/load-tasks.ts');
    let answer!: (r: Response) => void;
    setup(
      () =>
        new Promise<Response>((r) => {
          answer = r;
        }),
    );
    const first = request('GET', '/v1/products');
    await Promise.resolve();
    expect(pendingLoadTasks()).toBe(1);
    answer(json([]));
    await first;
    expect(pendingLoadTasks()).toBe(0);
    setup(() => json({ message: 'x', code: 'common.server_error' }, 500));
    await rejection(request('GET', '/v1/products'));
    expect(pendingLoadTasks()).toBe(0);
  });
});
