/**
 * A real Shop API for tests: PGlite in memory by default, or a throwaway database on the PostgreSQL
 * server named by DATABASE_URL. Each starts as a copy of the shop that global-setup.ts migrated and
 * seeded once for the run (or, with `{ fresh: true }`, is migrated and seeded on its own).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, eq, notInArray } from 'drizzle-orm';
import { inject } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import { type Database, openDatabase } from '../../api/src/db/client.ts';
import { product_channels, products } from '../../api/src/db/schema/index.ts';
import { seed } from '../../api/src/db/seed/index.ts';
import { type ApiEnv, readEnv } from '../../api/src/env.ts';

export const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

/** A new database on the server; a copy of `template` (a migrated and seeded shop) when given. */
async function createPostgresDatabase(baseUrl: string, template: string | null) {
  const { default: pg } = await import('pg');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { url: url.toString(), drop };
}

export interface RequestOptions {
  body?: unknown;
  token?: string | null;
  channel?: string | null;
  headers?: Record<string, string>;
}

export interface TestShop {
  database: Database;
  app: ReturnType<typeof createApp>;
  /** The app's configuration: this shop's database and its own Redis key prefix. */
  env: ApiEnv;
  /** The same configuration with some variables changed (for a second app over the same shop). */
  envWith: (overrides: Record<string, string>) => ApiEnv;
  /** Sends a request like the storefront does (channel header, XHR marker, JSON, bearer token). */
  request: (method: string, path: string, opts?: RequestOptions) => Promise<Response>;
  close: () => Promise<void>;
}

export interface TestShopOptions {
  /**
   * Migrate and seed this shop's own database instead of copying the run's template (for a test
   * that checks the seed itself or needs data stamped at its own start rather than the run's).
   */
  fresh?: boolean;
}

/**
 * Opens a copy of the run's migrated and seeded shop (global-setup.ts) and returns the app over it.
 * Opening still runs the migrations (a no-op on a current template). Call close() in afterAll.
 * `overrides` change variables of the app's configuration (e.g. PAYMENT_PROVIDER_URL).
 */
export async function createTestShop(overrides: Record<string, string> = {}, options: TestShopOptions = {}): Promise<TestShop> {
  // Absent when the file runs without the api project's globalSetup: then every shop is fresh.
  const template = options.fresh ? undefined : inject('shopTemplate');
  let url = 'memory://';
  let drop = async () => {};
  let pgliteDataDir: Uint8Array<ArrayBuffer> | undefined;
  let copied = false;
  if (onPostgres) {
    const from = template?.kind === 'postgres' ? template.database : null;
    ({ url, drop } = await createPostgresDatabase(process.env.DATABASE_URL!, from));
    copied = from !== null;
  } else if (template?.kind === 'pglite') {
    pgliteDataDir = new Uint8Array(await readFile(template.tarball));
    copied = true;
  }
  const database = await openDatabase(url, pgliteDataDir ? { pgliteDataDir } : {});
  if (!copied) await seed(database.db);
  // Each test shop has its own Redis namespace: files run in parallel and runs repeat within a window.
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const envWith = (overrides: Record<string, string>) => readEnv({ ...process.env, DATABASE_URL: url, REDIS_PREFIX: prefix, ...overrides });
  const env = envWith(overrides);
  const app = createApp({ db: database.db, env });
  const request = (method: string, path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...opts.headers };
    if (opts.channel !== null) headers['X-Channel-Id'] = opts.channel ?? 'default';
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    return Promise.resolve(app.request(path, { method, headers, body }));
  };
  return {
    database,
    app,
    env,
    envWith,
    request,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** Logs the seeded demo member in and returns the access token. */
export async function loginDemo(shop: TestShop): Promise<string> {
  const res = await shop.request('POST', '/v1/auth/login', { body: { username: 'demo', password: 'demo-pass-2026' } });
  if (res.status !== 200) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

export interface ProductSetup {
  price?: number;
  taxRate?: 8 | 10;
  stock?: number;
}

/**
 * Returns a function that hands out a different published product of the default channel on each
 * call, first set to a known tax-exclusive price, tax rate and stock, so tests never share a line.
 */
export function productPicker(shop: TestShop): (opts?: ProductSetup) => Promise<number> {
  const picked = new Set<number>([0]);
  return async (opts = {}) => {
    const db = shop.database.db;
    const [p] = await db
      .select({ id: products.id })
      .from(products)
      .innerJoin(product_channels, and(eq(product_channels.product_id, products.id), eq(product_channels.channel_id, 'default')))
      .where(and(eq(products.is_published, true), notInArray(products.id, [...picked])))
      .orderBy(products.id)
      .limit(1);
    picked.add(p.id);
    await db
      .update(products)
      .set({ product_price: opts.price ?? 1000, tax_rate: opts.taxRate ?? 10, stock: opts.stock ?? 50 })
      .where(eq(products.id, p.id));
    return p.id;
  };
}
