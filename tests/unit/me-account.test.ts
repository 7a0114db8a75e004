import { beforeEach, describe, expect, it } from 'vitest';
import { describeUserAgent, listLoginHistories, withdrawMember } from '#api-client/account/me-account.ts';
import { changePassword } from '#api-client/account/user.ts';
import { ApiError } from '#api-client/core/errors.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { fakeFetch, json, loginBody, memoryTokens } from './fake-api.ts';

beforeEach(() => resetClient());

const live = () => memoryTokens({ accessToken: 'a', expiresAt: Date.now() + 60_000 });

describe('withdrawal (DELETE /v1/me/user)', () => {
  it('removes the stored access token before the call and sends the token it read with the password', async () => {
    const tokens = live();
    let storedDuringCall: unknown = 'unset';
    const api = fakeFetch(() => {
      storedDuringCall = tokens.value;
      return new Response(null, { status: 204 });
    });
    configureClient({ baseUrl: '', fetch: api.fetch, tokens });
    await withdrawMember('demo-pass-2026');
    expect(storedDuringCall).toBeNull();
    expect(tokens.value).toBeNull();
    expect(api.calls[0]).toMatchObject({
      url: '/v1/me/user',
      method: 'DELETE',
      body: { password: 'demo-pass-2026' },
      headers: { Authorization: 'Bearer a' },
    });
  });

  it('a wrong password (422) puts the token back: the account still exists', async () => {
    const tokens = live();
    const api = fakeFetch(() =>
      json(
        {
          message: '入力内容に誤りがあります。',
          code: 'user.withdraw.password_mismatch',
          errors: { password: ['パスワードが正しくありません。'] },
        },
        422,
      ),
    );
    configureClient({ baseUrl: '', fetch: api.fetch, tokens });
    await expect(withdrawMember('wrong')).rejects.toMatchObject({ status: 422, errors: { password: ['パスワードが正しくありません。'] } });
    expect(tokens.value).toMatchObject({ accessToken: 'a' });
  });

  it('a 401 (the session already ended) leaves no token behind', async () => {
    const tokens = live();
    const api = fakeFetch(() => json({ message: 'ログインしてください。' }, 401));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens });
    await expect(withdrawMember('x')).rejects.toMatchObject({ status: 401 });
    expect(tokens.value).toBeNull();
  });

  it('an expired token is refreshed first and the fresh one is used', async () => {
    const tokens = memoryTokens({ accessToken: 'old', expiresAt: Date.now() - 1000 });
    const api = fakeFetch((call) => (call.url === '/v1/auth/refresh' ? json(loginBody('new')) : new Response(null, { status: 204 })));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens });
    await withdrawMember('demo-pass-2026');
    expect(api.calls.map((c) => c.url)).toEqual(['/v1/auth/refresh', '/v1/me/user']);
    expect(api.calls[1].headers.Authorization).toBe('Bearer new');
    expect(tokens.value).toBeNull();
  });

  it('without a stored login it makes no call', async () => {
    const api = fakeFetch(() => new Response(null, { status: 204 }));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    await expect(withdrawMember('x')).rejects.toBeInstanceOf(ApiError);
    expect(api.calls).toHaveLength(0);
  });
});

describe('login history (GET /v1/me/login-histories)', () => {
  const row = (id: number, succeeded = true) => ({
    id,
    ip: '127.0.0.1',
    user_agent: 'Mozilla/5.0 Chrome/140',
    succeeded,
    created_at: '2026-04-01T03:05:00.000Z',
  });

  it('lists a page with the pagination headers', async () => {
    const api = fakeFetch(() =>
      json([row(3), row(2, false)], 200, { 'x-total': '12', 'x-per-page': '10', 'x-last-page': '2', 'x-current-page': '2' }),
    );
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: live() });
    const res = await listLoginHistories({ page: 2 });
    expect(res.items).toEqual([row(3), row(2, false)]);
    expect(res.pagination).toEqual({ total: 12, per: 10, last: 2, current: 2 });
    expect(api.calls[0]).toMatchObject({ url: '/v1/me/login-histories?page=2', headers: { Authorization: 'Bearer a' } });
  });

  it('is one page when the server sends no pagination headers', async () => {
    const api = fakeFetch(() => json([row(1)]));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: live() });
    expect((await listLoginHistories()).pagination).toEqual({ total: 1, per: 10, last: 1, current: 1 });
  });

  it('rejects a row with a malformed field', async () => {
    const api = fakeFetch(() => json([{ ...row(1), succeeded: 'yes' }]));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: live() });
    await expect(listLoginHistories()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('password change (PUT /v1/me/password)', () => {
  it('sends the current and the new password with the bearer token', async () => {
    const api = fakeFetch(() => new Response(null, { status: 204 }));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: live() });
    await changePassword({ current_password: 'demo-pass-2026', password: 'new-pass-2026' });
    expect(api.calls[0]).toMatchObject({
      url: '/v1/me/password',
      method: 'PUT',
      body: { current_password: 'demo-pass-2026', password: 'new-pass-2026' },
      headers: { Authorization: 'Bearer a' },
    });
  });

  it('a wrong current password is the 422 on current_password', async () => {
    const api = fakeFetch(() =>
      json(
        {
          message: '入力内容に誤りがあります。',
          code: 'user.password.mismatch',
          errors: { current_password: ['現在のパスワードが正しくありません。'] },
        },
        422,
      ),
    );
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: live() });
    await expect(changePassword({ current_password: 'x', password: 'new-pass-2026' })).rejects.toMatchObject({
      status: 422,
      errors: { current_password: ['現在のパスワードが正しくありません。'] },
    });
  });
});

describe("the login history's browser column", () => {
  it('names the browser and the system from the User-Agent', () => {
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'),
    ).toBe('Chrome（Windows）');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      ),
    ).toBe('Microsoft Edge（Windows）');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari（iOS）');
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox（macOS）',
    );
    expect(
      describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36'),
    ).toBe('Chrome（Linux）');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome（Android）');
  });

  it('says 不明 without a User-Agent and その他 for one it does not know', () => {
    expect(describeUserAgent(null)).toBe('不明');
    expect(describeUserAgent('  ')).toBe('不明');
    expect(describeUserAgent('curl/8.5.0')).toBe('その他');
  });
});
