import { beforeEach, describe, expect, it } from 'vitest';
import { getMe } from '#api-client/account/user.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { fakeFetch, json, memoryTokens } from './fake-api.ts';

beforeEach(() => resetClient());

describe('user calls', () => {
  it('getMe reads /v1/me/user with the bearer token', async () => {
    const user = {
      id: 1,
      username: 'demo',
      email: 'demo@example.jp',
      last_name: '山田',
      first_name: '花子',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'ハナコ',
      school: null,
      phone_number: null,
      cell_phone_number: null,
      contact_phone_number: null,
      fax: null,
      job: null,
      gender: null,
      birthday: null,
      newsletter: 0,
      is_registered_member: true,
      security_question_ct: null,
      created_at: '2026-01-01T00:00:00Z',
    };
    const api = fakeFetch(() => json(user));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens({ accessToken: 'a', expiresAt: Date.now() + 60_000 }) });
    expect(await getMe()).toEqual(user);
    expect(api.calls[0]).toMatchObject({ url: '/v1/me/user', headers: { Authorization: 'Bearer a' } });
  });
});
