/**
 * Body measurements (GET/POST /v1/me/timeseries, DELETE /v1/me/timeseries/): the member's own series
 * per purpose newest first, the x-limit maximum per purpose, spec 5 decimal rule, NUL refused, 404 for
 * another member's entry, delete one entry (?id=) or a whole purpose (?purpose=).
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeseries } from '../../api/src/db/schema/index.ts';
import { TIMESERIES_LIMIT } from '../../contracts/timeseries.ts';
import { createMember, MEMBER_PASSWORD, run } from './account-support.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
const id = run();
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function member(name: string) {
  const m = await createMember(shop, `${name}${id}`);
  const res = await shop.request('POST', '/v1/auth/login', { body: { username: m.username, password: MEMBER_PASSWORD } });
  return { ...m, token: (await res.json()).access_token as string };
}

const post = (token: string, body: unknown) => shop.request('POST', '/v1/me/timeseries', { token, body });

describe('/v1/me/timeseries', () => {
  it('create and list per purpose, newest first, with x-limit; all purposes without one', async () => {
    const a = await member('tsa');
    const r1 = await post(a.token, { purpose: 'height', value: '170.5', measured_at: '2025-01-10' });
    expect(r1.status).toBe(201);
    const first = await r1.json();
    expect(first).toMatchObject({ purpose: 'height', value: 170.5, unit: 'cm' });
    expect(first.measured_at.startsWith('2025-01-10')).toBe(true);
    const second = await (await post(a.token, { purpose: 'height', value: 171, measured_at: '2025-06-01' })).json();
    const now = await (await post(a.token, { purpose: 'weight', value: ' 60.2 ' })).json();
    expect(now).toMatchObject({ purpose: 'weight', value: 60.2, unit: 'kg' });

    const list = await shop.request('GET', '/v1/me/timeseries?purpose=height', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-limit')).toBe(String(TIMESERIES_LIMIT));
    expect((await list.json()).map((e: { id: number }) => e.id)).toEqual([second.id, first.id]);
    const all = await (await shop.request('GET', '/v1/me/timeseries', { token: a.token })).json();
    expect(all.map((e: { id: number }) => e.id)).toEqual([now.id, second.id, first.id]);
    expect((await shop.request('GET', '/v1/me/timeseries?purpose=ear', { token: a.token })).status).toBe(422);
    expect((await shop.request('GET', '/v1/me/timeseries')).status).toBe(401);
    expect((await shop.request('POST', '/v1/me/timeseries', { body: { purpose: 'height', value: '170' } })).status).toBe(401);
  });

  it("decimal rule: at most one decimal place, in the purpose's range, Japanese messages by field; never 500", async () => {
    const a = await member('tsb');
    for (const value of ['170.55', '170.', 'abc', '1e2', '-5', 170.25]) {
      const res = await post(a.token, { purpose: 'height', value });
      expect(res.status, String(value)).toBe(422);
      expect((await res.json()).errors, String(value)).toEqual({ value: ['測定値は小数点第1位までの数値を入力してください'] });
    }
    const far = await post(a.token, { purpose: 'shoe', value: '40' });
    expect((await far.json()).errors).toEqual({ value: ['測定値には10から35までの数値を指定してください'] });
    const blank = await post(a.token, { purpose: 'height', value: ' ' });
    expect((await blank.json()).errors).toEqual({ value: ['測定値は必須項目です'] });
    const bad = await post(a.token, { purpose: 'ear', value: true, measured_at: '2025-13-45' });
    expect(bad.status).toBe(422);
    const { errors } = await bad.json();
    expect(errors.purpose).toEqual(['選択された測定項目は正しくありません']);
    expect(errors.value).toBeDefined();
    expect(errors.measured_at).toEqual(['測定日は正しい日付ではありません']);
    expect((await post(a.token, { purpose: 'height', value: '170', measured_at: '2999-01-01' })).status).toBe(422);
    expect((await post(a.token, {})).status).toBe(422);
    expect(await shop.database.db.select().from(timeseries).where(eq(timeseries.user_id, a.id))).toEqual([]);
  });

  it('a NUL byte is refused (4xx, nothing stored)', async () => {
    const a = await member('tsc');
    for (const body of [
      { purpose: 'height', value: '170\u0000' },
      { purpose: 'he\u0000ight', value: '170' },
      { purpose: 'height', value: '170', measured_at: '2025-01-01\u0000' },
    ]) {
      const res = await post(a.token, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await shop.database.db.select().from(timeseries).where(eq(timeseries.user_id, a.id))).toEqual([]);
  });

  it(`at most ${TIMESERIES_LIMIT} entries per purpose, also when added at the same time; other purposes unaffected`, async () => {
    const a = await member('tsd');
    const adds = await Promise.all(
      Array.from({ length: TIMESERIES_LIMIT + 2 }, (_, i) => post(a.token, { purpose: 'waist', value: 60 + (i % 10) / 10 })),
    );
    const statuses = adds.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(TIMESERIES_LIMIT);
    expect(statuses.filter((s) => s === 422)).toHaveLength(2);
    const refused = adds.find((r) => r.status === 422)!;
    expect(await refused.json()).toMatchObject({
      code: 'timeseries.limit',
      message: `ウエストの記録は${TIMESERIES_LIMIT}件までです。古い記録を削除してから登録してください。`,
    });
    expect((await post(a.token, { purpose: 'hip', value: '88' })).status).toBe(201);
  }, 60_000);

  it("another member's entry is 404 for delete and stays; delete by id and by purpose", async () => {
    const a = await member('tse');
    const b = await member('tsf');
    const mine = await (await post(a.token, { purpose: 'neck', value: '38.5' })).json();
    const other = await (await post(a.token, { purpose: 'neck', value: '39' })).json();
    await post(a.token, { purpose: 'inseam', value: '78' });
    const del = await shop.request('DELETE', `/v1/me/timeseries/?id=${mine.id}`, { token: b.token });
    expect(del.status).toBe(404);
    expect((await del.json()).message).toBe('採寸の記録が見つかりません。');
    expect(await (await shop.request('GET', '/v1/me/timeseries', { token: b.token })).json()).toEqual([]);
    // b deleting a purpose only touches b's own entries.
    expect((await shop.request('DELETE', '/v1/me/timeseries/?purpose=neck', { token: b.token })).status).toBe(204);
    expect(await shop.database.db.select().from(timeseries).where(eq(timeseries.user_id, a.id))).toHaveLength(3);

    expect((await shop.request('DELETE', `/v1/me/timeseries/?id=${mine.id}`, { token: a.token })).status).toBe(204);
    expect((await shop.request('DELETE', `/v1/me/timeseries/?id=${mine.id}`, { token: a.token })).status).toBe(404);
    expect(
      (await (await shop.request('GET', '/v1/me/timeseries?purpose=neck', { token: a.token })).json()).map((e: { id: number }) => e.id),
    ).toEqual([other.id]);
    expect((await shop.request('DELETE', '/v1/me/timeseries/?purpose=neck', { token: a.token })).status).toBe(204);
    const left = await (await shop.request('GET', '/v1/me/timeseries', { token: a.token })).json();
    expect(left.map((e: { purpose: string }) => e.purpose)).toEqual(['inseam']);
    expect((await shop.request('DELETE', '/v1/me/timeseries/', { token: a.token })).status).toBe(422);
    expect((await shop.request('DELETE', '/v1/me/timeseries/?id=abc', { token: a.token })).status).toBe(422);
    expect((await shop.request('DELETE', '/v1/me/timeseries/?id=1')).status).toBe(401);
  });

  it('the calls are in the OpenAPI document', async () => {
    const doc = await (await shop.request('GET', '/v1/openapi.json')).json();
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.includes('/me/timeseries'))
        .sort(),
    ).toEqual(['/me/timeseries', '/me/timeseries/']);
    expect(Object.keys(doc.paths['/me/timeseries'])).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/me/timeseries/'])).toEqual(['delete']);
  });
});
