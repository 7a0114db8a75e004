/**
 * Database errors caused by input are never a 500, and an unreachable database is a 503 with
 * Retry-After and a Japanese message. The errors are real: produced by PGlite and, when
 * DATABASE_URL names a PostgreSQL server, by `pg`, then wrapped by drizzle like in the API.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import type { Db } from '../../api/src/db/client.ts';
import { readEnv } from '../../api/src/env.ts';
import { dbErrorOf } from '../../api/src/lib/errors.ts';
import { onPostgres } from './helpers.ts';

/** The error a query throws (drizzle wraps the driver's error in `cause`). */
async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (e) {
    return e;
  }
  throw new Error('the query did not fail');
}

const mapped = async (run: () => Promise<unknown>) => {
  const e = dbErrorOf(await errorOf(run));
  return e && { status: e.status, code: e.code, message: e.message, retryAfter: e.headers?.['Retry-After'] };
};

const UNAVAILABLE = {
  status: 503,
  code: 'common.service_unavailable',
  retryAfter: '5',
  message: 'ただいまサービスをご利用いただけません。しばらくしてから再度お試しください。',
};

/** The input-caused errors both drivers must map to a 4xx. */
const inputCases = [
  ['division by zero (22012)', sql`select 1/0`, 422],
  ['text cast to integer (22P02)', sql`select 'x'::int`, 422],
  ['integer out of range (22003)', sql`select 99999999999::int4`, 422],
  ['NUL in text (22021)', sql`select convert_from('\\x00'::bytea, 'UTF8')`, 422],
  ['unique violation (23505)', sql`insert into sweep_u values (1), (1)`, 409],
  ['foreign key violation (23503)', sql`insert into sweep_child values (42)`, 422],
  ['check violation (23514)', sql`insert into sweep_c values (-1)`, 422],
] as const;

const setup = [
  sql`create table sweep_u (id int unique)`,
  sql`create table sweep_parent (id int primary key)`,
  sql`create table sweep_child (parent_id int references sweep_parent(id))`,
  sql`create table sweep_c (n int check (n > 0))`,
];

describe('PGlite errors', () => {
  const client = new PGlite();
  const db = drizzlePglite(client);
  beforeAll(async () => {
    for (const q of setup) await db.execute(q);
  });
  afterAll(async () => {
    await client.close().catch(() => {});
  });

  for (const [name, query, status] of inputCases) {
    it(`${name} caused by input is a ${status}, not a 500`, async () => {
      const e = await mapped(() => db.execute(query));
      expect(e?.status).toBe(status);
      expect(e?.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    });
  }

  it('a syntax error is a bug, not input: left for the 500 handler', async () => {
    expect(await mapped(() => db.execute(sql`selec 1`))).toBeNull();
  });

  it('a closed database is a 503', async () => {
    const closed = new PGlite();
    await closed.close();
    expect(await mapped(() => drizzlePglite(closed).execute(sql`select 1`))).toEqual(UNAVAILABLE);
  });
});

describe('pg driver: unreachable database', () => {
  it('connection refused (a closed port) is a 503', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres', connectionTimeoutMillis: 2000 });
    expect(await mapped(() => drizzlePg(pool).execute(sql`select 1`))).toEqual(UNAVAILABLE);
    await pool.end();
  });

  it('a pool that was ended is a 503', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' });
    await pool.end();
    expect(await mapped(() => drizzlePg(pool).execute(sql`select 1`))).toEqual(UNAVAILABLE);
  });

  it('the API answers 503 with Retry-After and a Japanese message within a few seconds', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres', connectionTimeoutMillis: 2000 });
    const app = createApp({ db: drizzlePg(pool) as unknown as Db, env: readEnv({}) });
    const started = Date.now();
    const res = await app.request('/v1/products', { headers: { 'X-Channel-Id': 'unreachable-test' } });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ message: UNAVAILABLE.message, code: UNAVAILABLE.code, request_id: res.headers.get('x-request-id') });
    await pool.end();
  });
});

describe.runIf(onPostgres)('PostgreSQL errors (pg driver)', () => {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
  const db = drizzlePg(pool);
  afterAll(async () => {
    await pool.end();
  });

  for (const [name, query, status] of inputCases) {
    it(`${name} caused by input is a ${status}, not a 500`, async () => {
      // Each case makes its tables inside a transaction that the failing statement rolls back.
      const e = await mapped(() =>
        db.transaction(async (tx) => {
          for (const q of setup) await tx.execute(q);
          await tx.execute(query);
        }),
      );
      expect(e?.status).toBe(status);
    });
  }

  it('a statement timeout (57014) is a 503', async () => {
    expect(
      await mapped(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`set local statement_timeout = 50`);
          await tx.execute(sql`select pg_sleep(2)`);
        }),
      ),
    ).toEqual(UNAVAILABLE);
  });

  it("a hung query past the client's query_timeout (Query read timeout) is a 503", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL, query_timeout: 100 });
    await client.connect();
    const e = await errorOf(() => client.query('select pg_sleep(2)'));
    expect(dbErrorOf(e)).toMatchObject({ status: 503, code: 'common.service_unavailable' });
    await client.end().catch(() => {});
  });

  it('a terminated connection (57P01 / Connection terminated) is a 503', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    client.on('error', () => {});
    const e = await errorOf(() => client.query('select pg_terminate_backend(pg_backend_pid())'));
    expect(dbErrorOf(e)?.status).toBe(503);
    await client.end().catch(() => {});
  });
});
