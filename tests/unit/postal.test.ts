import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listPrefectures, lookupPostalCode } from '#api-client/account/addresses.ts';
import { ApiError, configureClient, resetClient } from '#api-client/core/http.ts';
import { formatPostal, normalizePostal } from '#lib/postal.ts';
import { fakeFetch, json, memoryTokens } from './fake-api.ts';

describe('postal code (spec 9: shown as 3-4 with a hyphen)', () => {
  it("formats '1234567' as '123-4567'", () => {
    expect(formatPostal('1234567')).toBe('123-4567');
  });

  it('keeps an already formatted code and leaves other input alone', () => {
    expect(formatPostal('123-4567')).toBe('123-4567');
    expect(formatPostal('12345')).toBe('12345');
    expect(formatPostal(null)).toBe('');
  });

  it('normalises to the 7 digits the API stores', () => {
    expect(normalizePostal(' 150-0001 ')).toBe('1500001');
    expect(normalizePostal('abc')).toBe('abc');
  });
});

describe('postal-code and prefecture calls (src/api-client/account/addresses.ts)', () => {
  beforeEach(() => resetClient());

  const signedIn = () => memoryTokens({ accessToken: 'member-token', expiresAt: Date.now() + 3_600_000 });

  it('asks GET /v1/postal-code?code= without the member token and decodes the answer, candidates included', async () => {
    const body = {
      postal_code: '4980000',
      prefecture: '愛知県',
      city: '弥富市',
      town: '',
      candidates: [
        { prefecture: '愛知県', city: '弥富市', town: '' },
        { prefecture: '三重県', city: '桑名郡木曽岬町', town: '' },
      ],
    };
    const api = fakeFetch(() => json(body));
    configureClient({ fetch: api.fetch, tokens: signedIn() });
    expect(await lookupPostalCode('498-0000')).toEqual(body);
    expect(api.calls[0].url).toMatch(/\/v1\/postal-code\?code=498-0000$/);
    expect(api.calls[0].headers.Authorization).toBeUndefined();
  });

  it('answers null for an unknown code (404) and rejects other failures', async () => {
    configureClient({
      fetch: fakeFetch(() => json({ message: '郵便番号が見つかりません。', code: 'common.not_found' }, 404)).fetch,
      tokens: memoryTokens(),
    });
    expect(await lookupPostalCode('0000000')).toBeNull();
    configureClient({
      fetch: fakeFetch(() =>
        json(
          { message: '入力内容に誤りがあります', errors: { code: ['郵便番号は郵便番号の形式で入力してください。　例：123-4567'] } },
          422,
        ),
      ).fetch,
    });
    await expect(lookupPostalCode('12-345')).rejects.toMatchObject({
      status: 422,
      errors: { code: ['郵便番号は郵便番号の形式で入力してください。　例：123-4567'] },
    });
  });

  it('refuses an answer that does not match the contract', async () => {
    configureClient({
      fetch: fakeFetch(() => json({ postal_code: '1000001', prefecture: '東京都', city: 1 })).fetch,
      tokens: memoryTokens(),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(lookupPostalCode('1000001')).rejects.toBeInstanceOf(ApiError);
    vi.restoreAllMocks();
  });

  it('lists the prefectures from GET /v1/postal-codes/prefectures', async () => {
    const list = [
      { code: '01', name: '北海道' },
      { code: '47', name: '沖縄県' },
    ];
    const api = fakeFetch(() => json(list));
    configureClient({ fetch: api.fetch, tokens: signedIn() });
    expect(await listPrefectures()).toEqual(list);
    expect(api.calls[0].url).toMatch(/\/v1\/postal-codes\/prefectures$/);
    expect(api.calls[0].headers.Authorization).toBeUndefined();
  });
});
