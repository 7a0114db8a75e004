/** Members create, rename and delete their lists (spec 4 "User lists", /mypage/list/) on the real API. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_LIMIT, userListSchema, userListsSchema } from '#contracts/discovery.ts';
import { user_list_items } from '../../api/src/db/schema/index.ts';
import { call, expectStatus, otherMember } from './discovery-support.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
let pick: ReturnType<typeof productPicker>;
beforeAll(async () => {
  shop = await createTestShop();
  demo = await loginDemo(shop);
  pick = productPicker(shop);
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const lists = async (token: string) => userListsSchema.parse((await expectStatus(shop, 200, 'GET', '/v1/me/user-lists', { token })).body);
const create = (token: string, name: unknown) => call(shop, 'POST', '/v1/me/user-lists', { token, body: { name } });

describe('managing user lists', () => {
  it('are member only: no login is 401 for create, rename and delete', async () => {
    expect((await call(shop, 'POST', '/v1/me/user-lists', { body: { name: 'x' } })).status).toBe(401);
    expect((await call(shop, 'PATCH', '/v1/me/user-lists/abc', { body: { name: 'x' } })).status).toBe(401);
    expect((await call(shop, 'DELETE', '/v1/me/user-lists/abc', { body: {} })).status).toBe(401);
  });

  it('create a list (trimmed, count 0) after the default list, and list it', async () => {
    const res = await expectStatus(shop, 201, 'POST', '/v1/me/user-lists', { token: demo, body: { name: '  夏のギフト  ' } });
    const made = userListSchema.parse(res.body);
    expect(made).toMatchObject({ name: '夏のギフト', count: 0 });
    const all = await lists(demo);
    expect(all.map((l) => l.name)).toEqual(['お気に入りリスト', '夏のギフト']);
    expect((await expectStatus(shop, 200, 'GET', `/v1/me/user-lists/${made.key}`, { token: demo })).body).toEqual(made);
  });

  it('refuse bad names with errors.name naming 「リスト名」', async () => {
    for (const name of ['', '   ', 'あ'.repeat(31), 'a\u0000b', 'a\nb', 42]) {
      const r = await expectStatus(shop, 422, 'POST', '/v1/me/user-lists', { token: demo, body: { name } });
      expect(Object.keys(r.body.errors), JSON.stringify(name)).toEqual(['name']);
    }
    expect((await create(demo, '')).body.errors.name).toEqual(['リスト名は必須項目です']);
    expect((await create(demo, 'あ'.repeat(31))).body.errors.name).toEqual(['リスト名は30文字以内にしてください']);
    // 30 characters counted as a person counts them: emoji outside the BMP count once.
    await expectStatus(shop, 201, 'POST', '/v1/me/user-lists', { token: demo, body: { name: '🎁'.repeat(30) } });
  });

  it('refuse a name the member already uses, also in another width or case', async () => {
    const a = (await expectStatus(shop, 201, 'POST', '/v1/me/user-lists', { token: demo, body: { name: 'Wish List' } })).body;
    for (const name of ['Wish List', 'ｗｉｓｈ　ｌｉｓｔ', 'WISH LIST', 'お気に入りリスト']) {
      const r = await expectStatus(shop, 422, 'POST', '/v1/me/user-lists', { token: demo, body: { name } });
      expect(r.body.errors.name).toEqual(['同じ名前のリストがあります']);
    }
    // Another member may use the same name.
    const other = await otherMember(shop);
    await expectStatus(shop, 201, 'POST', '/v1/me/user-lists', { token: other.token, body: { name: 'Wish List' } });
    // Renaming to its own name (or its own name in another case) is fine.
    await expectStatus(shop, 200, 'PATCH', `/v1/me/user-lists/${a.key}`, { token: demo, body: { name: 'wish list' } });
  });

  it('rename a list and the default list; a duplicate or bad name is refused', async () => {
    const [first, second] = await lists(demo);
    const renamed = await expectStatus(shop, 200, 'PATCH', `/v1/me/user-lists/${second.key}`, {
      token: demo,
      body: { name: ' 冬のギフト ' },
    });
    expect(userListSchema.parse(renamed.body)).toEqual({ ...second, name: '冬のギフト' });
    const dup = await expectStatus(shop, 422, 'PATCH', `/v1/me/user-lists/${second.key}`, { token: demo, body: { name: first.name } });
    expect(dup.body.errors.name).toEqual(['同じ名前のリストがあります']);
    const bad = await expectStatus(shop, 422, 'PATCH', `/v1/me/user-lists/${second.key}`, { token: demo, body: { name: ' ' } });
    expect(Object.keys(bad.body.errors)).toEqual(['name']);
    await expectStatus(shop, 200, 'PATCH', `/v1/me/user-lists/${first.key}`, { token: demo, body: { name: 'いつもの' } });
    expect((await lists(demo))[0]).toMatchObject({ key: first.key, name: 'いつもの' });
    await expectStatus(shop, 200, 'PATCH', `/v1/me/user-lists/${first.key}`, { token: demo, body: { name: 'お気に入りリスト' } });
  });

  it('delete a list with its items; the default list cannot be deleted', async () => {
    const list = userListSchema.parse(
      (await expectStatus(shop, 201, 'POST', '/v1/me/user-lists', { token: demo, body: { name: '消すリスト' } })).body,
    );
    const id = await pick();
    await expectStatus(shop, 200, 'PATCH', '/v1/me/user-lists/attach', {
      token: demo,
      body: { table: 'products', ids: [id], key: list.key },
    });
    const del = await call(shop, 'DELETE', `/v1/me/user-lists/${list.key}`, { token: demo, body: {} });
    expect(del.status).toBe(204);
    await expectStatus(shop, 404, 'GET', `/v1/me/user-lists/${list.key}`, { token: demo });
    expect((await lists(demo)).map((l) => l.key)).not.toContain(list.key);
    expect(await shop.database.db.$count(user_list_items, eq(user_list_items.user_list_id, list.id))).toBe(0);

    const [first] = await lists(demo);
    const refused = await expectStatus(shop, 422, 'DELETE', `/v1/me/user-lists/${first.key}`, { token: demo, body: {} });
    expect(refused.body).toMatchObject({ code: 'user_list.default' });
    expect(refused.body.message).toContain('削除できません');
    expect((await lists(demo))[0].key).toBe(first.key);
  });

  it("answer 404 (never 403) for another member's list, and change nothing", async () => {
    const other = await otherMember(shop);
    const mine = (await lists(demo))[1];
    await expectStatus(shop, 404, 'GET', `/v1/me/user-lists/${mine.key}`, { token: other.token });
    await expectStatus(shop, 404, 'PATCH', `/v1/me/user-lists/${mine.key}`, { token: other.token, body: { name: '乗っ取り' } });
    await expectStatus(shop, 404, 'DELETE', `/v1/me/user-lists/${mine.key}`, { token: other.token, body: {} });
    await expectStatus(shop, 404, 'DELETE', '/v1/me/user-lists/no-such-list', { token: demo, body: {} });
    expect((await lists(demo))[1]).toEqual(mine);
  });

  it(`allow at most ${USER_LIST_LIMIT} lists per member, the default list included`, async () => {
    const other = await otherMember(shop);
    await lists(other.token);
    for (let i = 2; i <= USER_LIST_LIMIT; i++)
      await expectStatus(shop, 201, 'POST', '/v1/me/user-lists', { token: other.token, body: { name: `リスト${i}` } });
    const full = await expectStatus(shop, 422, 'POST', '/v1/me/user-lists', { token: other.token, body: { name: 'もう一つ' } });
    expect(full.body).toMatchObject({ code: 'user_list.limit' });
    expect(full.body.message).toContain(`${USER_LIST_LIMIT}件まで`);
    expect(await lists(other.token)).toHaveLength(USER_LIST_LIMIT);
  });
});
