/** Favourites (spec 4 "Favourites") and browsing history (spec 4 "History") on the real API. */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likeResultSchema, productHistoryListSchema } from '#contracts/discovery.ts';
import { productListSchema } from '#contracts/products.ts';
import { product_histories, products } from '../../api/src/db/schema/index.ts';
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

const keyOf = async (id: number) => (await shop.database.db.select({ key: products.key }).from(products).where(eq(products.id, id)))[0].key;

describe('favourites', () => {
  it('asks a guest to log in (401) and refuses an unknown product (404)', async () => {
    const id = await pick();
    expect((await call(shop, 'POST', `/v1/products/${id}/likes`)).status).toBe(401);
    expect((await call(shop, 'DELETE', `/v1/products/${id}/likes`)).status).toBe(401);
    const r = await expectStatus(shop, 404, 'POST', '/v1/products/2000000000/likes', { token: demo });
    expect(r.body.message).toBe('商品が見つかりません。');
    expect((await call(shop, 'GET', '/v1/me/likes?ids=1')).status).toBe(401);
  });

  it('likes and unlikes idempotently, and is_favorite follows in the list, the detail and the liked products', async () => {
    const id = await pick();
    const key = await keyOf(id);
    for (let i = 0; i < 2; i++) {
      const r = await expectStatus(shop, 200, 'POST', `/v1/products/${id}/likes`, { token: demo });
      expect(likeResultSchema.parse(r.body)).toEqual({ product_id: id, is_favorite: true });
    }
    expect((await call(shop, 'GET', `/v1/products/${key}`, { token: demo })).body.is_favorite).toBe(true);
    expect((await call(shop, 'GET', `/v1/products/${key}`)).body.is_favorite).toBe(false);
    const list = await call(shop, 'GET', '/v1/products?per=100', { token: demo });
    const inList = productListSchema.parse(list.body).find((p) => p.id === id);
    if (inList) expect(inList.is_favorite).toBe(true);
    const ids = await expectStatus(shop, 200, 'GET', `/v1/me/likes?ids=${id},${id + 1},2000000000`, { token: demo });
    expect(ids.body).toEqual({ product_ids: [id] });
    const liked = await expectStatus(shop, 200, 'GET', '/v1/me/likes/products', { token: demo });
    expect(productListSchema.parse(liked.body).map((p) => [p.id, p.is_favorite])).toContainEqual([id, true]);
    expect(liked.headers.get('x-total')).toBe(String(liked.body.length));

    for (let i = 0; i < 2; i++) {
      const r = await expectStatus(shop, 200, 'DELETE', `/v1/products/${id}/likes`, { token: demo });
      expect(r.body).toEqual({ product_id: id, is_favorite: false });
    }
    expect((await call(shop, 'GET', `/v1/products/${key}`, { token: demo })).body.is_favorite).toBe(false);
    expect((await call(shop, 'GET', `/v1/me/likes?ids=${id}`, { token: demo })).body).toEqual({ product_ids: [] });
  });

  it('refuses malformed ids', async () => {
    expect((await call(shop, 'GET', '/v1/me/likes?ids=1,abc', { token: demo })).status).toBe(422);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await call(shop, 'GET', `/v1/me/likes?ids=${many}`, { token: demo })).status).toBe(422);
  });
});

describe('browsing history', () => {
  const guest = 'guest-history-token-0001';

  it('keeps a guest history by token: de-duplicated by product, newest first, 10 at most per page', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await pick());
    for (const id of ids) await expectStatus(shop, 201, 'POST', '/v1/product-histories', { body: { product_id: id, token: guest } });
    // Viewing the first again moves it to the front instead of adding a second row.
    await expectStatus(shop, 201, 'POST', '/v1/product-histories', { body: { product_id: ids[0], token: guest } });
    const r = await expectStatus(shop, 200, 'GET', `/v1/guest/product-histories?token=${guest}`);
    const items = productHistoryListSchema.parse(r.body);
    expect(items).toHaveLength(10);
    expect(items.map((h) => h.product_id)).toEqual([ids[0], ...ids.slice(2).reverse()].slice(0, 10));
    expect(items.every((h) => h.product.id === h.product_id)).toBe(true);
    expect(r.headers.get('x-total')).toBe('12');
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    const page2 = await expectStatus(shop, 200, `GET`, `/v1/guest/product-histories?token=${guest}&page=2`);
    expect(page2.body.map((h: { product_id: number }) => h.product_id)).toEqual([ids[2], ids[1]]);
    const rows = await shop.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(product_histories)
      .where(eq(product_histories.guest_token, guest));
    expect(rows[0].n).toBe(12);
  });

  it('needs a token from a guest, refuses a short one, and answers 404 for an unknown product', async () => {
    const id = await pick();
    const r = await expectStatus(shop, 422, 'POST', '/v1/product-histories', { body: { product_id: id } });
    expect(r.body.errors.token).toEqual(['トークンは必須項目です']);
    await expectStatus(shop, 422, 'POST', '/v1/product-histories', { body: { product_id: id, token: 'short' } });
    await expectStatus(shop, 422, 'GET', '/v1/guest/product-histories?token=short');
    await expectStatus(shop, 404, 'POST', '/v1/product-histories', { body: { product_id: 2000000000, token: guest } });
  });

  it("keeps members and guests apart; a member deletes their own entries and gets 404 for another's", async () => {
    const other = await otherMember(shop);
    const [a, b] = [await pick(), await pick()];
    await expectStatus(shop, 201, 'POST', '/v1/product-histories', { body: { product_id: a }, token: demo });
    // A token sent with a bearer is ignored: the view is the member's.
    await expectStatus(shop, 201, 'POST', '/v1/product-histories', { body: { product_id: b, token: guest }, token: demo });
    await expectStatus(shop, 201, 'POST', '/v1/product-histories', { body: { product_id: a }, token: other.token });
    const mine = productHistoryListSchema.parse((await expectStatus(shop, 200, 'GET', '/v1/me/product-histories', { token: demo })).body);
    expect(mine.map((h) => h.product_id)).toEqual([b, a]);
    const theirs = productHistoryListSchema.parse((await call(shop, 'GET', '/v1/me/product-histories', { token: other.token })).body);
    expect(theirs.map((h) => h.product_id)).toEqual([a]);
    const guestIds = (await call(shop, 'GET', `/v1/guest/product-histories?token=${guest}&per=100`)).body.map(
      (h: { product_id: number }) => h.product_id,
    );
    expect(guestIds).not.toContain(b);
    expect((await call(shop, 'GET', '/v1/me/product-histories')).status).toBe(401);

    await expectStatus(shop, 404, 'DELETE', `/v1/me/product-histories/${theirs[0].id}`, { token: demo });
    // As the storefront's client sends it: JSON content type and the XHR marker, no body.
    const del = await shop.app.request(`/v1/me/product-histories/${mine[0].id}`, {
      method: 'DELETE',
      headers: {
        'X-Channel-Id': 'default',
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${demo}`,
      },
    });
    expect(del.status).toBe(204);
    expect(
      (await call(shop, 'GET', '/v1/me/product-histories', { token: demo })).body.map((h: { product_id: number }) => h.product_id),
    ).toEqual([a]);
    expect((await call(shop, 'GET', '/v1/me/product-histories', { token: other.token })).body).toHaveLength(1);
  });

  it('shows is_favorite on history products', async () => {
    const id = await pick();
    await expectStatus(shop, 201, 'POST', '/v1/product-histories', { body: { product_id: id }, token: demo });
    await expectStatus(shop, 200, 'POST', `/v1/products/${id}/likes`, { token: demo });
    const [first] = (await call(shop, 'GET', '/v1/me/product-histories', { token: demo })).body;
    expect(first.product_id).toBe(id);
    expect(first.product.is_favorite).toBe(true);
  });

  it('drops an unpublished product from the history', async () => {
    const id = await pick();
    await expectStatus(shop, 201, 'POST', '/v1/product-histories', { body: { product_id: id }, token: demo });
    await shop.database.db.update(products).set({ is_published: false }).where(eq(products.id, id));
    const ids = (await call(shop, 'GET', '/v1/me/product-histories', { token: demo })).body.map(
      (h: { product_id: number }) => h.product_id,
    );
    expect(ids).not.toContain(id);
    await shop.database.db.update(products).set({ is_published: true }).where(eq(products.id, id));
  });
});
