/** Restock requests (「再入荷をお知らせ」) and the restock mail on the real API. */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRequestListSchema, productRequestSchema } from '#contracts/discovery.ts';
import {
  catalog_version,
  ecommerce_events,
  outbox_emails,
  product_histories,
  product_requests,
  products,
} from '../../api/src/db/schema/index.ts';
import { notifyRestocked, raiseStock } from '../../api/src/services/product-requests/index.ts';
import { purgeEcommerceEvents, scanRestocked, startMaintenance } from '../../api/src/services/product-requests/restock-watcher.ts';
import { call, confirmedRestockRequest, expectStatus } from './discovery-support.ts';
import { createTestShop, loginDemo, onPostgres, productPicker, type TestShop } from './helpers.ts';

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

const restockMails = (to: string) =>
  shop.database.db
    .select()
    .from(outbox_emails)
    .where(and(eq(outbox_emails.template, 'restock'), eq(outbox_emails.to_address, to)));

describe('restock requests', () => {
  it('a guest must give an e-mail; a duplicate pending request answers the existing one', async () => {
    const id = await pick({ stock: 0 });
    const missing = await expectStatus(shop, 422, 'POST', '/v1/product-requests', { body: { product_id: id } });
    expect(missing.body.errors.email).toEqual(['メールアドレスは必須項目です']);
    const bad = await expectStatus(shop, 422, 'POST', '/v1/product-requests', { body: { product_id: id, email: 'not-an-address' } });
    expect(bad.body.errors.email).toEqual(['メールアドレスは有効なメールアドレスではありません']);
    const first = await expectStatus(shop, 201, 'POST', '/v1/product-requests', { body: { product_id: id, email: 'Guest@Example.jp' } });
    expect(productRequestSchema.parse(first.body)).toMatchObject({ product_id: id, email: 'guest@example.jp', notified_at: null });
    const again = await expectStatus(shop, 200, 'POST', '/v1/product-requests', { body: { product_id: id, email: 'guest@example.jp' } });
    expect(again.body.id).toBe(first.body.id);
    await expectStatus(shop, 404, 'POST', '/v1/product-requests', { body: { product_id: 2000000000, email: 'guest@example.jp' } });
  });

  it('takes form data too, and refuses a product that is in stock', async () => {
    const id = await pick({ stock: 0 });
    const res = await shop.app.request('/v1/product-requests', {
      method: 'POST',
      headers: { 'X-Channel-Id': 'default', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ product_id: String(id), email: 'form@example.jp' }).toString(),
    });
    expect(res.status).toBe(201);
    const form = new FormData();
    form.set('product_id', String(id));
    form.set('email', 'multipart@example.jp');
    expect(
      (await shop.app.request('/v1/product-requests', { method: 'POST', headers: { 'X-Channel-Id': 'default' }, body: form })).status,
    ).toBe(201);
    const none = await shop.app.request('/v1/product-requests', { method: 'POST', headers: { 'X-Channel-Id': 'default' } });
    expect(none.status).toBe(422);
    expect((await none.json()).errors.product_id).toBeDefined();
    const inStock = await pick({ stock: 5 });
    const r = await expectStatus(shop, 422, 'POST', '/v1/product-requests', { body: { product_id: inStock, email: 'x@example.jp' } });
    expect(r.body.code).toBe('product_request.in_stock');
  });

  it("a member's request goes to their own address and is listed and withdrawn in my-page", async () => {
    const id = await pick({ stock: 0 });
    const r = await expectStatus(shop, 201, 'POST', '/v1/product-requests', {
      token: demo,
      body: { product_id: id, email: 'ignored@example.jp' },
    });
    expect(r.body.email).toBe('demo@example.jp');
    const list = await expectStatus(shop, 200, 'GET', '/v1/me/product-request-histories', { token: demo });
    const items = productRequestListSchema.parse(list.body);
    expect(items[0]).toMatchObject({ id: r.body.id, product_id: id });
    expect(items[0].product?.id).toBe(id);
    expect(list.headers.get('x-total')).toBe(String(items.length));
    expect((await call(shop, 'GET', '/v1/me/product-request-histories')).status).toBe(401);
    await expectStatus(shop, 204, 'DELETE', `/v1/me/product-request-histories/${r.body.id}`, { token: demo });
    await expectStatus(shop, 404, 'DELETE', `/v1/me/product-request-histories/${r.body.id}`, { token: demo });
    // A guest's request is nobody's to delete through /me/.
    const guest = await call(shop, 'POST', '/v1/product-requests', { body: { product_id: id, email: 'g2@example.jp' } });
    await expectStatus(shop, 404, 'DELETE', `/v1/me/product-request-histories/${guest.body.id}`, { token: demo });
  });

  it('stock back from 0 mails each pending request once, with the product link, and sets notified_at', async () => {
    const id = await pick({ stock: 0 });
    const [{ key, name }] = await shop.database.db
      .select({ key: products.key, name: products.name })
      .from(products)
      .where(eq(products.id, id));
    await confirmedRestockRequest(shop, id, 'wait1@example.jp');
    await confirmedRestockRequest(shop, id, 'wait2@example.jp');
    // Still sold out: nothing is sent.
    expect(await notifyRestocked(shop.database.db, id, shop.env.SITE_URL)).toBe(0);

    const raised = await raiseStock(shop.database.db, id, 3, 'https://shop.example.jp/');
    expect(raised).toEqual({ stock: 3, notified: 2 });
    const [mail] = await restockMails('wait1@example.jp');
    expect(mail.subject).toContain(`再入荷のお知らせ：${name}`);
    expect(mail.body).toContain(`https://shop.example.jp/product/${key}/`);
    expect(await restockMails('wait2@example.jp')).toHaveLength(1);
    const rows = await shop.database.db.select().from(product_requests).where(eq(product_requests.product_id, id));
    expect(rows.every((r) => r.notified_at != null)).toBe(true);

    // More stock (not from 0) and a second notify send nothing more.
    expect((await raiseStock(shop.database.db, id, 2, shop.env.SITE_URL)).notified).toBe(0);
    expect(await notifyRestocked(shop.database.db, id, shop.env.SITE_URL)).toBe(0);
    expect(await restockMails('wait1@example.jp')).toHaveLength(1);
    // After it was mailed, the same address may ask again (when it sells out again).
    await shop.database.db.update(products).set({ stock: 0 }).where(eq(products.id, id));
    await expectStatus(shop, 201, 'POST', '/v1/product-requests', { body: { product_id: id, email: 'wait1@example.jp' } });
  });

  it('the watcher mails requests whose stock came back by any path (plain SQL here), once', async () => {
    const id = await pick({ stock: 0 });
    await confirmedRestockRequest(shop, id, 'scan1@example.jp');
    await confirmedRestockRequest(shop, id, 'scan2@example.jp');
    const sold = await pick({ stock: 0 });
    await confirmedRestockRequest(shop, sold, 'scan3@example.jp');
    // Still sold out: a scan sends nothing.
    await scanRestocked(shop.database.db, shop.env.SITE_URL);
    expect(await restockMails('scan1@example.jp')).toHaveLength(0);

    await shop.database.db.update(products).set({ stock: 4 }).where(eq(products.id, id));
    expect(await scanRestocked(shop.database.db, shop.env.SITE_URL)).toBeGreaterThanOrEqual(2);
    expect(await restockMails('scan1@example.jp')).toHaveLength(1);
    expect(await restockMails('scan2@example.jp')).toHaveLength(1);
    expect(await restockMails('scan3@example.jp')).toHaveLength(0);
    // The next scan finds nothing left to send.
    const worker = startMaintenance(shop.database.db, { ...shop.env, RESTOCK_SCAN_INTERVAL_MS: 0 }, () => {});
    expect((await worker.runOnce()).restockMails).toBe(0);
    await worker.stop();
    expect(await restockMails('scan1@example.jp')).toHaveLength(1);
  });

  it('the hourly round also works out 人気順 again: a product viewed now scores higher', async () => {
    const id = await pick({ stock: 3 });
    const popularity = async () =>
      (await shop.database.db.select({ p: products.popularity }).from(products).where(eq(products.id, id)))[0].p;
    const before = await popularity();
    await shop.database.db
      .insert(product_histories)
      .values(Array.from({ length: 4 }, () => ({ product_id: id, guest_token: 'popularity-test' })));
    const worker = startMaintenance(shop.database.db, { ...shop.env, RESTOCK_SCAN_INTERVAL_MS: 0 }, () => {});
    // Every published variant of its model carries the model's score: at least this product changed.
    expect((await worker.runOnce()).popularityChanged).toBeGreaterThanOrEqual(1);
    expect(await popularity()).toBe(before + 4);
    // Nothing changed since: nothing is written and the catalogue version (every cached list) stays.
    const version = async () => (await shop.database.db.select({ v: catalog_version.version }).from(catalog_version))[0].v;
    const v = await version();
    expect((await worker.runOnce()).popularityChanged).toBe(0);
    expect(await version()).toBe(v);
    await worker.stop();
  });

  it.skipIf(!onPostgres)('concurrent scans (two processes) mail each request once', async () => {
    const id = await pick({ stock: 0 });
    for (let i = 0; i < 5; i++) await confirmedRestockRequest(shop, id, `race${i}@example.jp`);
    await shop.database.db.update(products).set({ stock: 1 }).where(eq(products.id, id));
    const counts = await Promise.all(Array.from({ length: 4 }, () => scanRestocked(shop.database.db, shop.env.SITE_URL)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    for (let i = 0; i < 5; i++) expect(await restockMails(`race${i}@example.jp`)).toHaveLength(1);
  });
});

describe('recommendation-click retention', () => {
  it('deletes events older than the retention, keeps newer ones', async () => {
    const old = new Date(Date.now() - 200 * 86_400_000);
    const recent = new Date(Date.now() - 10 * 86_400_000);
    const rows = await shop.database.db
      .insert(ecommerce_events)
      .values([
        ...Array.from({ length: 7 }, () => ({ channel_id: 'default', name: 'retention-test', args: {}, created_at: old })),
        { channel_id: 'default', name: 'retention-test', args: {}, created_at: recent },
      ])
      .returning({ id: ecommerce_events.id });
    expect(rows).toHaveLength(8);
    // Batches of 3: three rounds delete all seven.
    expect(await purgeEcommerceEvents(shop.database.db, 180, 3)).toBeGreaterThanOrEqual(7);
    const left = await shop.database.db.select().from(ecommerce_events).where(eq(ecommerce_events.name, 'retention-test'));
    expect(left.map((r) => r.created_at.getTime())).toEqual([recent.getTime()]);
  });
});
