import { beforeEach, describe, expect, it } from 'vitest';
import { loginUser, logoutUser, refreshToken } from '#api-client/account/auth.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { fakeFetch, json, loginBody, memoryTokens } from './fake-api.ts';

beforeEach(() => resetClient());

describe('auth calls', () => {
  it('login posts the credentials without a stale token and lets the API set the refresh cookie', async () => {
    const api = fakeFetch(() => json(loginBody('t1')));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens({ accessToken: 'stale', expiresAt: 0 }) });
    const res = await loginUser({ username: 'demo', password: 'demo-pass-2026' });
    expect(res.access_token).toBe('t1');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      url: '/v1/auth/login',
      method: 'POST',
      credentials: 'include',
      body: { username: 'demo', password: 'demo-pass-2026' },
    });
    expect(api.calls[0].headers.Authorization).toBeUndefined();
  });

  it('bad credentials reject with the server message', async () => {
    configureClient({
      fetch: fakeFetch(() => json({ message: 'ログインIDまたはパスワードが正しくありません。', code: 'auth.failed' }, 422)).fetch,
      tokens: memoryTokens(),
    });
    await expect(loginUser({ username: 'x', password: 'y' })).rejects.toMatchObject({ status: 422, code: 'auth.failed' });
  });

  it('refreshToken stores the new token', async () => {
    const tokens = memoryTokens();
    configureClient({ fetch: fakeFetch(() => json(loginBody('t2'))).fetch, tokens, now: () => 0 });
    expect(await refreshToken()).toEqual({ accessToken: 't2', expiresAt: 3_600_000 - 5000 });
    expect(tokens.value?.accessToken).toBe('t2');
  });

  it('logout sends the bearer token and accepts a 204', async () => {
    const api = fakeFetch(() => new Response(null, { status: 204 }));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens({ accessToken: 'live', expiresAt: Date.now() + 60_000 }) });
    await logoutUser();
    expect(api.calls[0]).toMatchObject({ url: '/v1/auth/logout', method: 'POST', credentials: 'include' });
    expect(api.calls[0].headers.Authorization).toBe('Bearer live');
  });
});
