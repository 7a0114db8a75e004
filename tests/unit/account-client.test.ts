/** Account calls (src/api-client/account/account.ts) on the fake fetch: paths, bodies, auth and decoding. */
import { beforeEach, describe, expect, it } from 'vitest';
import { authVerify, emailVerifyCheck, emailVerifyRequest, loginSync, register, schoolCheck, unlock } from '#api-client/account/account.ts';
import { ApiError } from '#api-client/core/errors.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { fakeFetch, type Handler, json, loginBody, memoryTokens } from './fake-api.ts';

beforeEach(() => resetClient());

/** Cookies that still hold an old login: the guest calls must neither send nor refresh it. */
function setup(handler: Handler, tokens = memoryTokens({ accessToken: 'stale', expiresAt: Date.now() - 1000 })) {
  const api = fakeFetch(handler);
  configureClient({ baseUrl: '', fetch: api.fetch, tokens });
  return api;
}

const registerBody = {
  username: 'newmember1',
  password: 'pass-2026-new',
  email: 'new@example.jp',
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  phone_number: null,
  cell_phone_number: '09012345678',
  newsletter: 1 as const,
  gender: 2 as const,
  birthday: null,
  security_question_ct: 1 as const,
  security_answer: 'ポチ',
  address: null,
};

describe('account calls', () => {
  it('register posts the fields as a guest with the refresh cookie and answers the login', async () => {
    const api = setup(() => json(loginBody('tok-new', { is_registered_member: false }), 201));
    const res = await register(registerBody);
    expect(res).toMatchObject({ access_token: 'tok-new', is_registered_member: false });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({ url: '/v1/users', method: 'POST', body: registerBody, credentials: 'include' });
    expect(api.calls[0].headers.Authorization).toBeUndefined();
  });

  it("a duplicate ログインID is the API's 422 with the message on that field", async () => {
    setup(() =>
      json(
        { message: '入力内容に誤りがあります', code: 'validation', errors: { username: ['このログインIDは既に使用されています'] } },
        422,
      ),
    );
    const error = await register(registerBody).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual({ username: ['このログインIDは既に使用されています'] });
  });

  it("emailVerifyRequest sends the unregistered member's token given, not the stored one", async () => {
    const api = setup(() => json({ message: '確認メールを送信しました。' }));
    expect(await emailVerifyRequest('tok-pending')).toBe('確認メールを送信しました。');
    expect(api.calls[0]).toMatchObject({ url: '/v1/email-verify/request', method: 'POST', body: {} });
    expect(api.calls[0].headers.Authorization).toBe('Bearer tok-pending');
  });

  it('emailVerifyCheck posts the link token and answers the login', async () => {
    const api = setup(() => json(loginBody('tok-ok')));
    expect((await emailVerifyCheck('link-token')).access_token).toBe('tok-ok');
    expect(api.calls[0]).toMatchObject({ url: '/v1/email-verify/check', body: { token: 'link-token' }, credentials: 'include' });
    expect(api.calls[0].headers.Authorization).toBeUndefined();
  });

  it('authVerify posts the code, the user id and the sync flag', async () => {
    const api = setup(() => json(loginBody('tok-mfa')));
    await authVerify({ verify_code: '123456', user_id: 5, is_sync_user_channel: true });
    expect(api.calls[0]).toMatchObject({
      url: '/v1/auth/verify',
      body: { verify_code: '123456', user_id: 5, is_sync_user_channel: true },
      credentials: 'include',
    });
  });

  it('loginSync posts the credentials and accepts the code-step answer (empty token, expires_in 0)', async () => {
    const api = setup(() => json(loginBody('', { is_verify: true, expires_in: 0, user_id: 9 })));
    const res = await loginSync({ username: 'demo', password: 'x' });
    expect(res).toMatchObject({ is_verify: true, user_id: 9 });
    expect(api.calls[0]).toMatchObject({ url: '/v1/auth/login-sync-channel', body: { username: 'demo', password: 'x' } });
  });

  it('reads the manager flag of a login answer when the API sends one (spec 6), and only a boolean', async () => {
    const answers = [json(loginBody('t1', { is_manager: true })), json(loginBody('t2', { is_manager: 'yes' })), json(loginBody('t3'))];
    setup(() => answers.shift()!);
    expect((await loginSync({ username: 'demo', password: 'x' })).is_manager).toBe(true);
    expect(await loginSync({ username: 'demo', password: 'x' })).not.toHaveProperty('is_manager');
    expect(await loginSync({ username: 'demo', password: 'x' })).not.toHaveProperty('is_manager');
  });

  it('unlock GETs the encoded token and answers the message; an invalid token is a 422', async () => {
    const answers = [
      json({ message: 'アカウントのロックを解除しました。' }),
      json({ message: 'このURLは無効です。', code: 'auth.unlock_invalid' }, 422),
    ];
    const api = setup(() => answers.shift()!);
    expect(await unlock('a/b')).toBe('アカウントのロックを解除しました。');
    expect(api.calls[0]).toMatchObject({ url: '/v1/auth/unlock/a%2Fb', method: 'GET' });
    await expect(unlock('bad')).rejects.toMatchObject({ status: 422, code: 'auth.unlock_invalid', message: 'このURLは無効です。' });
  });

  it('schoolCheck posts the key under the configured prefix', async () => {
    const api = setup(() => json({ key: 'K1', check: true }), memoryTokens());
    expect(await schoolCheck('K1', { prefix: '/school-provider/' })).toEqual({ key: 'K1', check: true });
    expect(await schoolCheck('K1', { prefix: '' })).toEqual({ key: 'K1', check: true });
    expect(api.calls.map((c) => c.url)).toEqual(['/school-provider/v1/schools/check', '/v1/schools/check']);
    expect(api.calls[0].body).toEqual({ key: 'K1' });
  });

  it('a malformed answer is refused (decoded, not trusted)', async () => {
    setup(() => json({ key: 'K1', check: 'yes' }), memoryTokens());
    await expect(schoolCheck('K1', { prefix: '' })).rejects.toMatchObject({ status: 200 });
  });
});
