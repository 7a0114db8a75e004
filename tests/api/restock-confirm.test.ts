/**
 * A restock request from a guest's e-mail sends no restock mail until that address is confirmed
 * through the mailed link (issue 21 item 7): single use, expiring, one mail an hour per address; a
 * member's verified address is confirmed at once.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRequestSchema } from '#contracts/discovery.ts';
import { outbox_emails, product_requests, products } from '../../api/src/db/schema/index.ts';
import { raiseStock } from '../../api/src/services/product-requests/index.ts';
import { scanRestocked } from '../../api/src/services/product-requests/restock-watcher.ts';
import { linkToken } from './account-support.ts';
import { expectStatus } from './discovery-support.ts';
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

const mails = (to: string, template: string) =>
  shop.database.db
    .select()
    .from(outbox_emails)
    .where(and(eq(outbox_emails.template, template), eq(outbox_emails.to_address, to)))
    .orderBy(outbox_emails.id);
const ask = (productId: number, email: string, status = 201) =>
  expectStatus(shop, status, 'POST', '/v1/product-requests', { body: { product_id: productId, email } });
const confirm = (token: string, status: number) => expectStatus(shop, status, 'POST', '/v1/product-requests/confirm', { body: { token } });

describe("confirming a guest's restock request", () => {
  it('mails a confirmation link instead of the restock mail; once confirmed, the restock is mailed; the link works once', async () => {
    const id = await pick({ stock: 0 });
    const r = await ask(id, 'kakunin1@example.jp');
    expect(productRequestSchema.parse(r.body)).toMatchObject({ email: 'kakunin1@example.jp', confirmed_at: null, notified_at: null });
    const [mail] = await mails('kakunin1@example.jp', 'restock_confirm');
    expect(mail.subject).toContain('メールアドレスのご確認');
    const token = linkToken(mail.body, '/verify/restock/');

    // Back in stock before the link is opened: nothing goes out, by the cancel path or the watcher.
    expect((await raiseStock(shop.database.db, id, 2, shop.env.SITE_URL)).notified).toBe(0);
    await scanRestocked(shop.database.db, shop.env.SITE_URL);
    expect(await mails('kakunin1@example.jp', 'restock')).toHaveLength(0);

    const done = await confirm(token, 200);
    expect(done.body).toMatchObject({ confirmed: 1 });
    expect(done.body.message).toContain('確認が完了しました');
    expect(await scanRestocked(shop.database.db, shop.env.SITE_URL)).toBeGreaterThanOrEqual(1);
    expect(await mails('kakunin1@example.jp', 'restock')).toHaveLength(1);

    const again = await confirm(token, 422);
    expect(again.body.code).toBe('product_request.confirm.invalid');
    expect(again.body.message).toMatch(/無効か、有効期限が切れています/);
    expect((await confirm('not-a-token', 422)).body.code).toBe('product_request.confirm.invalid');
  });

  it('an expired link confirms nothing; asking again after the hour mails a new link', async () => {
    const id = await pick({ stock: 0 });
    const r = await ask(id, 'kakunin2@example.jp');
    const token = linkToken((await mails('kakunin2@example.jp', 'restock_confirm'))[0].body, '/verify/restock/');
    await shop.database.db
      .update(product_requests)
      .set({ confirm_expires_at: new Date(Date.now() - 1000) })
      .where(eq(product_requests.id, r.body.id));
    expect((await confirm(token, 422)).body.code).toBe('product_request.confirm.invalid');
    const [row] = await shop.database.db.select().from(product_requests).where(eq(product_requests.id, r.body.id));
    expect(row.confirmed_at).toBeNull();
    // The same request again: a new link (the old one was mailed over an hour ago).
    await ask(id, 'kakunin2@example.jp', 200);
    const sent = await mails('kakunin2@example.jp', 'restock_confirm');
    expect(sent).toHaveLength(2);
    await confirm(linkToken(sent[1].body, '/verify/restock/'), 200);
  });

  it('sends one link an hour per address, which confirms every pending request of it; a confirmed address is confirmed at once later', async () => {
    const [a, b, c] = [await pick({ stock: 0 }), await pick({ stock: 0 }), await pick({ stock: 0 })];
    await ask(a, 'kakunin3@example.jp');
    await ask(b, 'kakunin3@example.jp');
    await ask(a, 'kakunin3@example.jp', 200);
    const sent = await mails('kakunin3@example.jp', 'restock_confirm');
    expect(sent).toHaveLength(1);
    expect((await confirm(linkToken(sent[0].body, '/verify/restock/'), 200)).body.confirmed).toBe(2);
    const later = await ask(c, 'kakunin3@example.jp');
    expect(later.body.confirmed_at).not.toBeNull();
    expect(await mails('kakunin3@example.jp', 'restock_confirm')).toHaveLength(1);
    await shop.database.db.update(products).set({ stock: 1 }).where(eq(products.id, c));
    await scanRestocked(shop.database.db, shop.env.SITE_URL);
    expect(await mails('kakunin3@example.jp', 'restock')).toHaveLength(1);
  });

  it("a member's request to their verified address is confirmed at once, without a confirmation mail", async () => {
    const id = await pick({ stock: 0 });
    const r = await expectStatus(shop, 201, 'POST', '/v1/product-requests', { token: demo, body: { product_id: id } });
    expect(r.body.email).toBe('demo@example.jp');
    expect(r.body.confirmed_at).not.toBeNull();
    expect(await mails('demo@example.jp', 'restock_confirm')).toHaveLength(0);
    expect((await raiseStock(shop.database.db, id, 1, shop.env.SITE_URL)).notified).toBe(1);
  });
});
