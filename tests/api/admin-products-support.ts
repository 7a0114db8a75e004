/** Shared steps of the stock and price API tests: staff sessions, calls, products set up by SQL, CSV uploads. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { outbox_emails, products, staff_audit_log } from '../../api/src/db/schema/index.ts';
import { DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import type { RequestOptions, TestShop } from './helpers.ts';

export async function loginAs(shop: TestShop, who: { login: string; password: string }): Promise<string> {
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: who.login, password: who.password } });
  if (res.status !== 200) throw new Error(`login ${who.login}: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A staff session's JSON calls (an editor's with `editor`). */
export async function staffClient(shop: TestShop) {
  const staff = await loginAs(shop, DEV_STAFF);
  const editor = await loginAs(shop, DEV_EDITOR);
  const call = async <T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<Answer<T>> => {
    const res = await shop.request(method, `/admin/v1${path}`, { token: staff, ...opts });
    const text = await res.text();
    return {
      status: res.status,
      body: (text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text) as T,
      headers: res.headers,
    };
  };
  /** POST /products/import with the bytes as the body. */
  const upload = async <T = any>(bytes: Uint8Array | string, query: string, token = staff): Promise<Answer<T>> => {
    const body = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
    const res = await shop.app.request(`/admin/v1/products/import?${query}`, {
      method: 'POST',
      body: body as unknown as BodyInit,
      headers: { 'X-Channel-Id': 'default', 'Content-Type': 'text/csv', Authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as T, headers: res.headers };
  };
  return { staff, editor, call, upload };
}

export interface Setup {
  stock?: number;
  product_price?: number;
  before_price?: number | null;
  is_published?: boolean;
  tax_rate?: 8 | 10;
}

/**
 * Hands out products of the default channel (never the same twice, from the highest ids down, away
 * from helpers.ts productPicker's), each set to known values by SQL first.
 */
export function variantPicker(shop: TestShop) {
  const used = new Set<number>();
  return async (setup: Setup = {}) => {
    const rows = await shop.database.db
      .select({ id: products.id, code: products.code, key: products.key })
      .from(products)
      .where(sql`'default' = any(${products.channel_ids})`)
      .orderBy(desc(products.id))
      .limit(600);
    const p = rows.find((r) => !used.has(r.id))!;
    used.add(p.id);
    await shop.database.db
      .update(products)
      .set({ stock: 10, product_price: 3000, before_price: null, is_published: true, tax_rate: 10, ...setup })
      .where(eq(products.id, p.id));
    return p;
  };
}

export const productRow = async (shop: TestShop, id: number) =>
  (await shop.database.db.select().from(products).where(eq(products.id, id)))[0];

export const auditEntries = (shop: TestShop, action: string) =>
  shop.database.db.select().from(staff_audit_log).where(eq(staff_audit_log.action, action)).orderBy(staff_audit_log.id);

export const restockMailsTo = (shop: TestShop, to: string[]) =>
  shop.database.db
    .select()
    .from(outbox_emails)
    .where(and(eq(outbox_emails.template, 'restock'), inArray(outbox_emails.to_address, to)));
