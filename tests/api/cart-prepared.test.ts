/**
 * The cart's hot read (cart by token, with its lines and shippings in the same statement) runs as a
 * named prepared statement, so PostgreSQL plans it once per connection instead of on every request.
 * Checked on a one-connection pool, where pg_prepared_statements shows what that session has prepared.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import { type Database, openDatabase } from '../../api/src/db/client.ts';
import { seed } from '../../api/src/db/seed/index.ts';
import { readEnv } from '../../api/src/env.ts';
import { onPostgres } from './helpers.ts';

let database: Database;
let app: ReturnType<typeof createApp>;
let drop = async () => {};

beforeAll(async () => {
  let url = 'memory://';
  if (onPostgres) {
    const { default: pg } = await import('pg');
    const name = `shop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  database = await openDatabase(url, { max: 1 });
  await seed(database.db);
  app = createApp({ db: database.db, env: readEnv({ ...process.env, DATABASE_URL: url }) });
}, 120_000);
afterAll(async () => {
  await database?.close();
  await drop();
});

const call = async (method: string, path: string, body?: unknown) => {
  const res = await app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Channel-Id': 'default' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return res.json();
};

describe('cart reads use prepared statements', () => {
  it('prepares cart_by_token once and answers each cart with its own lines', async () => {
    const [{ id }] = (
      (await database.db.execute(sql`select p.id from products p join product_channels pc on pc.product_id = p.id
      and pc.channel_id = 'default' where p.is_published and p.stock > 5 order by p.id limit 1`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const a = await call('POST', '/v1/carts/init', {});
    const b = await call('POST', '/v1/carts/init', {});
    await call('PATCH', '/v1/carts/products/add', { token: a.token, product_id: id, quantity: 2 });
    for (let i = 0; i < 3; i++) {
      expect((await call('GET', `/v1/carts/${a.token}`)).detail.products.map((p: { quantity: number }) => p.quantity)).toEqual([2]);
      expect((await call('GET', `/v1/carts/${b.token}`)).detail.products).toEqual([]);
    }
    const names = (
      (await database.db.execute(sql`select name from pg_prepared_statements`)) as unknown as { rows: { name: string }[] }
    ).rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['cart_by_token']));
  });
});
