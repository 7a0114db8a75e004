/** Shared steps of the discovery API tests: JSON calls and a fresh registered member. */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox_emails, users } from '../../api/src/db/schema/index.ts';
import { hashPassword } from '../../api/src/services/passwords/index.ts';
import type { RequestOptions, TestShop } from './helpers.ts';

/** Calls the API and returns status, JSON body (or null) and headers. */
export async function call(shop: TestShop, method: string, path: string, opts: RequestOptions = {}) {
  const res = await shop.request(method, path, opts);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** Expects `status`, showing the body when it differs. */
export async function expectStatus(shop: TestShop, status: number, method: string, path: string, opts: RequestOptions = {}) {
  const r = await call(shop, method, path, opts);
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r;
}

/** A second member (a copy of demo's row with a new login) and their access token. */
export async function otherMember(shop: TestShop): Promise<{ id: number; token: string; email: string }> {
  const db = shop.database.db;
  const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
  const username = `m${randomBytes(4).toString('hex')}`;
  const email = `${username}@example.jp`;
  const { id: _id, ...rest } = demo;
  const [row] = await db
    .insert(users)
    .values({ ...rest, username, email, password_hash: await hashPassword('other-pass-2026') })
    .returning();
  const res = await shop.request('POST', '/v1/auth/login', { body: { username, password: 'other-pass-2026' } });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(json)}`);
  return { id: row.id, token: json.access_token, email };
}

/**
 * A guest's restock request whose address is confirmed through the mailed link (POST
 * /v1/product-requests/confirm), so a restock mails it. Answers the request's id.
 */
export async function confirmedRestockRequest(shop: TestShop, productId: number, email: string): Promise<number> {
  const r = await expectStatus(shop, 201, 'POST', '/v1/product-requests', { body: { product_id: productId, email } });
  const [mail] = await shop.database.db
    .select()
    .from(outbox_emails)
    .where(and(eq(outbox_emails.to_address, email), eq(outbox_emails.template, 'restock_confirm')))
    .orderBy(desc(outbox_emails.id))
    .limit(1);
  if (mail) {
    const token = new URL(mail.body.split('\n').find((l) => l.includes('/verify/restock/'))!).searchParams.get('token');
    await expectStatus(shop, 200, 'POST', '/v1/product-requests/confirm', { body: { token } });
  }
  return r.body.id;
}
