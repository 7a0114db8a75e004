/**
 * Memorial days (/v1/me/user-memorials…) and the name embroidery (/v1/me/name-embroidery): CRUD of
 * the member's own data, 404 for another member's, spec 5 「日付が無効です」, the x-limit maximum,
 * NUL bytes refused, and the fixed font and colour lists.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user_memorials } from '../../api/src/db/schema/index.ts';
import { MEMORIAL_LIMIT } from '../../contracts/memorials.ts';
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

const memorial = { target_user_name: '山田 花子', division_ct: 1, name: '母の誕生日', month: 5, date: 12, call: true };

describe('/v1/me/user-memorials', () => {
  it("create, list (x-limit, calendar order), read, update and delete the member's own memorial days", async () => {
    const a = await member('mema');
    const post = await shop.request('POST', '/v1/me/user-memorials', { token: a.token, body: memorial });
    expect(post.status).toBe(201);
    const made = await post.json();
    expect(made).toMatchObject({ ...memorial, user_id: a.id });
    const early = await (
      await shop.request('POST', '/v1/me/user-memorials', {
        token: a.token,
        body: { ...memorial, name: '結婚記念日', division_ct: 2, month: 2, date: 29, call: undefined },
      })
    ).json();
    expect(early).toMatchObject({ month: 2, date: 29, call: false });

    const list = await shop.request('GET', '/v1/me/user-memorials', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-limit')).toBe(String(MEMORIAL_LIMIT));
    expect((await list.json()).map((m: { id: number }) => m.id)).toEqual([early.id, made.id]);

    expect(await (await shop.request('GET', `/v1/me/user-memorials/${made.id}`, { token: a.token })).json()).toMatchObject(memorial);
    const put = await shop.request('PUT', `/v1/me/user-memorials/${made.id}`, {
      token: a.token,
      body: { ...memorial, name: '母の還暦', month: 12, date: 31, call: false },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ id: made.id, name: '母の還暦', month: 12, date: 31, call: false });

    expect((await shop.request('DELETE', `/v1/me/user-memorials/${made.id}`, { token: a.token })).status).toBe(204);
    expect((await shop.request('GET', `/v1/me/user-memorials/${made.id}`, { token: a.token })).status).toBe(404);
    expect((await shop.request('DELETE', `/v1/me/user-memorials/${made.id}`, { token: a.token })).status).toBe(404);
    expect(
      (await (await shop.request('GET', '/v1/me/user-memorials', { token: a.token })).json()).map((m: { id: number }) => m.id),
    ).toEqual([early.id]);
  });

  it("another member's memorial is 404 for read, update and delete, and stays unchanged; no sign-in is 401", async () => {
    const a = await member('memb');
    const b = await member('memc');
    const made = await (await shop.request('POST', '/v1/me/user-memorials', { token: a.token, body: memorial })).json();
    expect((await shop.request('GET', `/v1/me/user-memorials/${made.id}`, { token: b.token })).status).toBe(404);
    const put = await shop.request('PUT', `/v1/me/user-memorials/${made.id}`, { token: b.token, body: { ...memorial, name: '乗っ取り' } });
    expect(put.status).toBe(404);
    expect((await put.json()).message).toBe('記念日が見つかりません。');
    expect((await shop.request('DELETE', `/v1/me/user-memorials/${made.id}`, { token: b.token })).status).toBe(404);
    expect(await (await shop.request('GET', '/v1/me/user-memorials', { token: b.token })).json()).toEqual([]);
    const [row] = await shop.database.db.select().from(user_memorials).where(eq(user_memorials.id, made.id));
    expect(row).toMatchObject({ name: memorial.name, user_id: a.id });
    expect((await shop.request('GET', '/v1/me/user-memorials')).status).toBe(401);
    expect((await shop.request('POST', '/v1/me/user-memorials', { body: memorial })).status).toBe(401);
  });

  it('a day that does not exist is 「日付が無効です」 on date; other fields answer in Japanese by field; never 500', async () => {
    const a = await member('memd');
    for (const [month, date] of [
      [2, 30],
      [4, 31],
      [6, 31],
      [11, 31],
    ]) {
      const res = await shop.request('POST', '/v1/me/user-memorials', { token: a.token, body: { ...memorial, month, date } });
      expect(res.status, `${month}/${date}`).toBe(422);
      expect((await res.json()).errors).toEqual({ date: ['日付が無効です'] });
    }
    const bad = await shop.request('POST', '/v1/me/user-memorials', {
      token: a.token,
      body: { target_user_name: ' ', division_ct: 9, name: 'x'.repeat(31), month: 13, date: 0, call: 'yes' },
    });
    expect(bad.status).toBe(422);
    const { errors } = await bad.json();
    expect(errors).toEqual({
      target_user_name: ['お名前は必須項目です'],
      division_ct: ['選択された区分は正しくありません'],
      name: ['記念日名は30文字以内にしてください'],
      month: ['月には1から12までの数値を指定してください'],
      date: ['日には1から31までの数値を指定してください'],
      call: ['お知らせメールにはtrueかfalseを指定してください'],
    });
    expect((await shop.request('POST', '/v1/me/user-memorials', { token: a.token, body: {} })).status).toBe(422);
    expect((await shop.request('GET', '/v1/me/user-memorials/99999999999', { token: a.token })).status).toBe(422);
    expect((await shop.request('GET', '/v1/me/user-memorials/abc', { token: a.token })).status).toBe(422);
    // PUT applies the same rules.
    const made = await (await shop.request('POST', '/v1/me/user-memorials', { token: a.token, body: memorial })).json();
    const put = await shop.request('PUT', `/v1/me/user-memorials/${made.id}`, {
      token: a.token,
      body: { ...memorial, month: 2, date: 30 },
    });
    expect((await put.json()).errors).toEqual({ date: ['日付が無効です'] });
    expect(await shop.database.db.select().from(user_memorials).where(eq(user_memorials.user_id, a.id))).toHaveLength(1);
  });

  it('a NUL byte is refused (4xx, nothing stored)', async () => {
    const a = await member('meme');
    const res = await shop.request('POST', '/v1/me/user-memorials', { token: a.token, body: { ...memorial, name: 'a\u0000b' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const emb = await shop.request('PUT', '/v1/me/name-embroidery', {
      token: a.token,
      body: { text: 'YAMA\u0000DA', font: 'gothic', color: 'gold' },
    });
    expect(emb.status).toBeGreaterThanOrEqual(400);
    expect(emb.status).toBeLessThan(500);
    expect(await shop.database.db.select().from(user_memorials).where(eq(user_memorials.user_id, a.id))).toEqual([]);
    expect(await (await shop.request('GET', '/v1/me/name-embroidery', { token: a.token })).json()).toBeNull();
  });

  it(`at most ${MEMORIAL_LIMIT} memorial days per member, also when added at the same time`, async () => {
    const a = await member('memf');
    const adds = await Promise.all(
      Array.from({ length: MEMORIAL_LIMIT + 3 }, (_, i) =>
        shop.request('POST', '/v1/me/user-memorials', { token: a.token, body: { ...memorial, name: `記念日${i}`, date: (i % 28) + 1 } }),
      ),
    );
    const statuses = adds.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MEMORIAL_LIMIT);
    expect(statuses.filter((s) => s === 422)).toHaveLength(3);
    const refused = adds.find((r) => r.status === 422)!;
    expect(await refused.json()).toMatchObject({ code: 'user_memorial.limit', message: `登録できる記念日は${MEMORIAL_LIMIT}件までです。` });
    expect(await (await shop.request('GET', '/v1/me/user-memorials', { token: a.token })).json()).toHaveLength(MEMORIAL_LIMIT);
    // Another member is not affected by this member's limit.
    const b = await member('memg');
    expect((await shop.request('POST', '/v1/me/user-memorials', { token: b.token, body: memorial })).status).toBe(201);
  });
});

describe('/v1/me/name-embroidery', () => {
  it('null until saved; PUT saves and replaces; each member sees only their own', async () => {
    const a = await member('emba');
    const b = await member('embb');
    const first = await shop.request('GET', '/v1/me/name-embroidery', { token: a.token });
    expect(first.status).toBe(200);
    expect(await first.json()).toBeNull();

    const put = await shop.request('PUT', '/v1/me/name-embroidery', {
      token: a.token,
      body: { text: '  山田 Hanako  ', font: 'mincho', color: 'gold' },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ text: '山田 Hanako', font: 'mincho', color: 'gold' });
    const again = await shop.request('PUT', '/v1/me/name-embroidery', {
      token: a.token,
      body: { text: 'やまだ・ハナコ', font: 'brush', color: 'navy' },
    });
    expect(await again.json()).toMatchObject({ text: 'やまだ・ハナコ', font: 'brush', color: 'navy' });
    expect(await (await shop.request('GET', '/v1/me/name-embroidery', { token: a.token })).json()).toMatchObject({
      text: 'やまだ・ハナコ',
      font: 'brush',
      color: 'navy',
    });

    expect(await (await shop.request('GET', '/v1/me/name-embroidery', { token: b.token })).json()).toBeNull();
    expect((await shop.request('GET', '/v1/me/name-embroidery')).status).toBe(401);
    expect((await shop.request('PUT', '/v1/me/name-embroidery', { body: { text: 'A', font: 'mincho', color: 'gold' } })).status).toBe(401);
  });

  it('refuses too long text, characters that cannot be stitched and fonts or colours off the list, by field in Japanese', async () => {
    const a = await member('embc');
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ text: '', font: 'mincho', color: 'gold' }, { text: ['刺繍する文字は必須項目です'] }],
      [{ text: 'あ'.repeat(13), font: 'mincho', color: 'gold' }, { text: ['刺繍する文字は12文字以内にしてください'] }],
      [
        { text: 'I ♥ YOU', font: 'mincho', color: 'gold' },
        { text: ["刺繍する文字には、ひらがな・カタカナ・漢字・英数字・スペースと記号（・ー.&'-）が使えます"] },
      ],
      [
        { text: 'ﾔﾏﾀﾞ', font: 'mincho', color: 'gold' },
        { text: ["刺繍する文字には、ひらがな・カタカナ・漢字・英数字・スペースと記号（・ー.&'-）が使えます"] },
      ],
      [
        { text: '😀', font: 'mincho', color: 'gold' },
        { text: ["刺繍する文字には、ひらがな・カタカナ・漢字・英数字・スペースと記号（・ー.&'-）が使えます"] },
      ],
      [
        { text: 'OK', font: 'comic', color: 'pink' },
        { font: ['選択された書体は正しくありません'], color: ['選択された糸の色は正しくありません'] },
      ],
      [{ text: 'OK' }, { font: ['書体は必須項目です'], color: ['糸の色は必須項目です'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await shop.request('PUT', '/v1/me/name-embroidery', { token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await res.json()).errors, JSON.stringify(body)).toEqual(errors);
    }
    // 12 characters, one of them outside the BMP (𠮷), is within the limit.
    const ok = await shop.request('PUT', '/v1/me/name-embroidery', {
      token: a.token,
      body: { text: '𠮷野家ABCDEFGHI', font: 'block', color: 'white' },
    });
    expect(ok.status).toBe(200);
    expect(await (await shop.request('GET', '/v1/me/name-embroidery', { token: a.token })).json()).toMatchObject({
      text: '𠮷野家ABCDEFGHI',
    });
  });
});
