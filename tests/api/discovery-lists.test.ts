/** User lists (spec 4 "User lists") and bookmarks on the real API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarkSchema, listedProductSchema, userListSchema, userListsSchema } from '#contracts/discovery.ts';
import { productListSchema } from '#contracts/products.ts';
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

describe('user lists', () => {
  it('are member only and start with the default 「お気に入りリスト」, created once', async () => {
    expect((await call(shop, 'GET', '/v1/me/user-lists')).status).toBe(401);
    expect((await call(shop, 'PATCH', '/v1/me/user-lists/attach', { body: { table: 'products', ids: [1] } })).status).toBe(401);
    const first = userListsSchema.parse((await expectStatus(shop, 200, 'GET', '/v1/me/user-lists', { token: demo })).body);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ name: 'お気に入りリスト', count: 0 });
    const again = (await call(shop, 'GET', '/v1/me/user-lists', { token: demo })).body;
    expect(again).toEqual(first);
  });

  it('attach into the default list (idempotent), list the products paged, detach by key and from every list', async () => {
    const ids = [await pick(), await pick(), await pick()];
    const attached = await expectStatus(shop, 200, 'PATCH', '/v1/me/user-lists/attach', { token: demo, body: { table: 'products', ids } });
    const list = userListSchema.parse(attached.body);
    expect(list).toMatchObject({ name: 'お気に入りリスト', count: 3 });
    await expectStatus(shop, 200, 'PATCH', '/v1/me/user-lists/attach', {
      token: demo,
      body: { table: 'products', ids: [ids[0]], key: list.key },
    });
    expect((await call(shop, 'GET', `/v1/me/user-lists/${list.key}`, { token: demo })).body).toEqual(list);

    const page1 = await expectStatus(shop, 200, 'GET', `/v1/me/user-lists/${list.key}?is_listables=1&per=2`, { token: demo });
    expect(productListSchema.parse(page1.body)).toHaveLength(2);
    expect([
      page1.headers.get('x-total'),
      page1.headers.get('x-per-page'),
      page1.headers.get('x-last-page'),
      page1.headers.get('x-current-page'),
    ]).toEqual(['3', '2', '2', '1']);
    const page2 = await call(shop, 'GET', `/v1/me/user-lists/${list.key}?is_listables=1&per=2&page=2`, { token: demo });
    expect([...page1.body, ...page2.body].map((p: { id: number }) => p.id).sort()).toEqual([...ids].sort());

    const byKey = await expectStatus(shop, 200, 'PATCH', `/v1/me/user-lists/${list.key}/detach`, {
      token: demo,
      body: { table: 'products', ids: [ids[0]] },
    });
    expect(userListSchema.parse(byKey.body).count).toBe(2);

    const detached = await expectStatus(shop, 200, 'PATCH', '/v1/me/user-lists/detach', {
      token: demo,
      body: { table: 'products', ids: [ids[1]] },
    });
    const [product] = listedProductSchema.array().parse(detached.body);
    expect(product).toMatchObject({ id: ids[1], is_listed: false });
    const left = (await call(shop, 'GET', `/v1/me/user-lists/${list.key}?is_listables=1`, { token: demo })).body;
    expect(left.map((p: { id: number }) => p.id)).toEqual([ids[2]]);
  });

  it("refuses another member's list, unknown products and other tables", async () => {
    const other = await otherMember(shop);
    const [mine] = (await call(shop, 'GET', '/v1/me/user-lists', { token: demo })).body;
    await expectStatus(shop, 404, 'GET', `/v1/me/user-lists/${mine.key}`, { token: other.token });
    await expectStatus(shop, 404, 'PATCH', '/v1/me/user-lists/attach', {
      token: other.token,
      body: { table: 'products', ids: [await pick()], key: mine.key },
    });
    await expectStatus(shop, 404, 'PATCH', `/v1/me/user-lists/${mine.key}/detach`, {
      token: other.token,
      body: { table: 'products', ids: [1] },
    });
    await expectStatus(shop, 404, 'PATCH', '/v1/me/user-lists/attach', { token: demo, body: { table: 'products', ids: [2000000000] } });
    const bad = await expectStatus(shop, 422, 'PATCH', '/v1/me/user-lists/attach', { token: demo, body: { table: 'blogs', ids: [1] } });
    expect(Object.keys(bad.body.errors)).toEqual(['table']);
    await expectStatus(shop, 422, 'PATCH', '/v1/me/user-lists/attach', { token: demo, body: { table: 'products', ids: [] } });
    // The other member's own default list is separate and empty.
    expect((await call(shop, 'GET', '/v1/me/user-lists', { token: other.token })).body[0].count).toBe(0);
  });
});

describe('bookmarks', () => {
  it('save, list newest first, read, refuse bad URLs, and delete (404 for another member)', async () => {
    expect((await call(shop, 'GET', '/v1/me/bookmarks')).status).toBe(401);
    const a = bookmarkSchema.parse(
      (await expectStatus(shop, 201, 'POST', '/v1/me/bookmarks', { token: demo, body: { url: '/product/abc/', title: '商品A' } })).body,
    );
    const b = (
      await expectStatus(shop, 201, 'POST', '/v1/me/bookmarks', {
        token: demo,
        body: { url: 'https://example.jp/blog/x', title: 'ブログ' },
      })
    ).body;
    const same = await expectStatus(shop, 200, 'POST', '/v1/me/bookmarks', {
      token: demo,
      body: { url: '/product/abc/', title: '商品A（改）' },
    });
    expect(same.body).toMatchObject({ id: a.id, title: '商品A（改）' });
    const list = await expectStatus(shop, 200, 'GET', '/v1/me/bookmarks', { token: demo });
    expect(list.body.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(list.headers.get('x-total')).toBe('2');
    expect((await expectStatus(shop, 200, 'GET', `/v1/me/bookmarks/${a.id}`, { token: demo })).body.url).toBe('/product/abc/');

    for (const url of ['javascript:alert(1)', '//evil.example/x', 'ftp://x', '', `/${'a'.repeat(2000)}`]) {
      const r = await expectStatus(shop, 422, 'POST', '/v1/me/bookmarks', { token: demo, body: { url, title: 'x' } });
      expect(r.body.errors.url?.[0]).toMatch(/URL/);
    }
    const noTitle = await expectStatus(shop, 422, 'POST', '/v1/me/bookmarks', { token: demo, body: { url: '/x/', title: ' ' } });
    expect(noTitle.body.errors.title).toEqual(['タイトルは必須項目です']);

    const other = await otherMember(shop);
    await expectStatus(shop, 404, 'GET', `/v1/me/bookmarks/${a.id}`, { token: other.token });
    await expectStatus(shop, 404, 'DELETE', `/v1/me/bookmarks/${a.id}`, { token: other.token });
    await expectStatus(shop, 204, 'DELETE', `/v1/me/bookmarks/${a.id}`, { token: demo });
    await expectStatus(shop, 404, 'GET', `/v1/me/bookmarks/${a.id}`, { token: demo });
  });
});
