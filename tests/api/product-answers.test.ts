/**
 * The answer cache of guests' product list and detail answers (api/src/services/products/answer-cache.ts):
 * a repeated guest read is the stored text, and any change to a price, the stock or the publish
 * state, made by any process (here straight in the database), is seen on the very next request;
 * members' answers (is_favorite) are never stored nor served from the cache; a burst shares one
 * version read that started after each of its requests.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../api/src/db/schema/index.ts';
import { answerVersion, SharedReads } from '../../api/src/services/products/answer-cache.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let pick: ReturnType<typeof productPicker>;
beforeAll(async () => {
  shop = await createTestShop();
  pick = productPicker(shop);
});
afterAll(() => shop.close());

const keyOf = async (id: number) => (await shop.database.db.select({ key: products.key }).from(products).where(eq(products.id, id)))[0].key;
const detail = async (key: string, token?: string) => {
  const res = await shop.request('GET', `/v1/products/${encodeURIComponent(key)}`, { token });
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
};
const setProduct = (id: number, values: Partial<typeof products.$inferInsert>) =>
  shop.database.db.update(products).set(values).where(eq(products.id, id));

describe('the answer cache of guest product reads', () => {
  it('serves a repeated guest read unchanged, with its headers, while nothing changed', async () => {
    const a = await shop.request('GET', '/v1/products?per=3&page=2');
    const b = await shop.request('GET', '/v1/products?per=3&page=2');
    expect(b.status).toBe(200);
    expect(await b.text()).toBe(await a.text());
    for (const h of ['content-type', 'x-total', 'x-current-page', 'cache-control', 'vary'])
      expect(b.headers.get(h), h).toBe(a.headers.get(h));
  });

  it('shows a new price, stock and publish state on the next request (list and detail)', async () => {
    const id = await pick({ price: 1000, stock: 50 });
    const key = await keyOf(id);
    expect((await detail(key)).body.product_price).toBe(1000);
    expect((await detail(key)).body.product_price).toBe(1000);
    const before = await answerVersion(shop.database.db);
    await setProduct(id, { product_price: 1234 });
    expect(await answerVersion(shop.database.db)).toBeGreaterThan(before!);
    expect((await detail(key)).body.product_price).toBe(1234);

    await setProduct(id, { stock: 0 });
    expect((await detail(key)).body.is_stock_available).toBe(false);
    await setProduct(id, { stock: 7 });
    expect((await detail(key)).body.is_stock_available).toBe(true);

    const listed = async () =>
      ((await (await shop.request('GET', '/v1/products?per=100&group=0')).json()) as { id: number }[]).some((p) => p.id === id);
    expect(await listed()).toBe(true);
    await setProduct(id, { is_published: false });
    expect((await detail(key)).status).toBe(404);
    expect(await listed()).toBe(false);
    await setProduct(id, { is_published: true });
    expect((await detail(key)).status).toBe(200);
    expect(await listed()).toBe(true);
  });

  it('bumps the version once per transaction, however many rows it changed', async () => {
    const before = (await answerVersion(shop.database.db))!;
    await shop.database.db.transaction(async (tx) => {
      await tx.update(products).set({ stock: 40 });
      await tx.update(products).set({ stock: 50 });
    });
    expect(await answerVersion(shop.database.db)).toBe(before + 1);
  });

  it("never stores a member's answer nor serves one from the cache", async () => {
    const token = await loginDemo(shop);
    const id = await pick();
    const key = await keyOf(id);
    expect((await shop.request('POST', `/v1/products/${id}/likes`, { token })).status).toBeLessThan(300);
    const guest = await detail(key);
    expect(guest.body.is_favorite).toBe(false);
    const member = await detail(key, token);
    expect(member.body.is_favorite).toBe(true);
    expect(member.cache).toBe('private, no-store');
    expect((await detail(key)).body.is_favorite).toBe(false);
    expect((await detail(key, token)).body.is_favorite).toBe(true);
  });
});

describe('SharedReads: one version read for a burst of requests', () => {
  it('shares a read among the callers of one burst, never one that started before a caller came', async () => {
    const gates: (() => void)[] = [];
    let n = 0;
    const reads = new SharedReads(() => new Promise<number>((r) => gates.push(() => r(++n))));
    const a = reads.get();
    const [b, c] = [reads.get(), reads.get()];
    expect(gates).toHaveLength(1);
    gates[0]();
    expect(await a).toBe(1);
    await new Promise((r) => setImmediate(r));
    // b and c came while read 1 ran (it may predate a change they must see): they get read 2.
    expect(gates).toHaveLength(2);
    gates[1]();
    expect([await b, await c]).toEqual([2, 2]);
    const d = reads.get();
    gates[2]();
    expect(await d).toBe(3);
  });
});
