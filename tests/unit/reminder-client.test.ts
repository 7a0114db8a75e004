import { beforeEach, describe, expect, it } from 'vitest';
import { checkReminder, requestReminder, resetReminder } from '#api-client/account/reminder.ts';
import { ApiError } from '#api-client/core/errors.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { fakeFetch, json, loginBody, memoryTokens } from './fake-api.ts';

beforeEach(() => resetClient());

/** A visitor whose cookies still hold an old login: the reminder calls must not send or refresh it. */
const staleLogin = () => memoryTokens({ accessToken: 'stale', expiresAt: Date.now() - 1000 });

describe('reminder calls (spec 7 "Reminder")', () => {
  it('request posts the address and the reminder type as a guest (no bearer, no refresh)', async () => {
    const api = fakeFetch(() => json({ message: 'ok' }));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: staleLogin() });
    await requestReminder({ email: 'demo@example.jp', type: 'username' });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      url: '/v1/reminder/request',
      method: 'POST',
      body: { email: 'demo@example.jp', type: 'username' },
    });
    expect(api.calls[0].headers.Authorization).toBeUndefined();
  });

  it('check answers the security question code, or null when the member set none', async () => {
    const answers = [
      { question_ct: 1, question: '初めて飼ったペットの名前は？' },
      { question_ct: null, question: null },
    ];
    const api = fakeFetch(() => json(answers.shift()));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    expect(await checkReminder({ token: 't1', type: 'password' })).toEqual({ question_ct: 1, question: '初めて飼ったペットの名前は？' });
    expect(await checkReminder({ token: 't2', type: 'password' })).toEqual({ question_ct: null, question: null });
    expect(api.calls[0]).toMatchObject({ url: '/v1/reminder/check', body: { token: 't1', type: 'password' } });
  });

  it('check rejects a question code outside 1–4 (the wire is decoded, not trusted)', async () => {
    const api = fakeFetch(() => json({ question_ct: 9, question: '?' }));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    await expect(checkReminder({ token: 't', type: 'password' })).rejects.toMatchObject({ status: 200 });
  });

  it("an invalid or expired link is the API's 422 with its message", async () => {
    const api = fakeFetch(() => json({ message: 'このURLは無効か、有効期限が切れています。', code: 'reminder.invalid', errors: {} }, 422));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    const error = await checkReminder({ token: 'bad', type: 'password' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'reminder.invalid', message: 'このURLは無効か、有効期限が切れています。' });
  });

  it('reset sends the answer and the new password with credentials and answers the login plus the login ID', async () => {
    const api = fakeFetch(() => json({ ...loginBody('fresh'), username: 'demo' }));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: staleLogin() });
    const res = await resetReminder({ token: 't', type: 'password', security_answer: 'ポチ', password: 'new-pass-2026' });
    expect(res).toMatchObject({ access_token: 'fresh', username: 'demo', user_id: 1, is_registered_member: true });
    expect(api.calls[0]).toMatchObject({
      url: '/v1/reminder/reset',
      method: 'POST',
      credentials: 'include',
      body: { token: 't', type: 'password', security_answer: 'ポチ', password: 'new-pass-2026' },
    });
    expect(api.calls[0].headers.Authorization).toBeUndefined();
  });

  it('reset without the login ID in the answer is an invalid response', async () => {
    const api = fakeFetch(() => json(loginBody('fresh')));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    await expect(resetReminder({ token: 't', type: 'username' })).rejects.toBeInstanceOf(ApiError);
  });

  it('a wrong security answer is the 422 on security_answer', async () => {
    const api = fakeFetch(() =>
      json(
        {
          message: '入力内容に誤りがあります。',
          code: 'reminder.answer_mismatch',
          errors: { security_answer: ['秘密の質問の答えが正しくありません。'] },
        },
        422,
      ),
    );
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    await expect(resetReminder({ token: 't', type: 'password', security_answer: 'タマ', password: 'x'.repeat(8) })).rejects.toMatchObject({
      status: 422,
      errors: { security_answer: ['秘密の質問の答えが正しくありません。'] },
    });
  });
});
