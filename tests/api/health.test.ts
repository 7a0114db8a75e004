/**
 * GET /healthz and GET /readyz on the API app (issue 23, item 4): alive without I/O, ready when the
 * database answers and has the code's schema (and Redis answers PING when configured), never
 * cached, past the maintenance gate; a cut database or Redis answers 503 within about a second; a
 * schema that is behind says so and turns ready once migrated, without a restart.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import type { Db } from '../../api/src/db/client.ts';
import { openDatabase } from '../../api/src/db/client.ts';
import { expectedMigrations, migrateSingle } from '../../api/src/db/migrate.ts';
import { apiChecks, createReadiness } from '../../api/src/routes/health/readiness.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('GET /healthz and /readyz', () => {
  it('answers alive and ready, uncached, without a channel header', async () => {
    const health = await shop.app.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');
    const ready = await shop.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const body = await ready.json();
    expect(body.status).toBe('ready');
    expect(body.checks.database).toBe('ok');
    expect(body.checks.schema).toBe('ok');
  });

  it('is not behind the maintenance gate', async () => {
    const app = createApp({ db: shop.database.db, env: shop.envWith({ MAINTENANCE: '1' }) });
    expect((await app.request('/v1/settings', { headers: { 'X-Channel-Id': 'default' } })).status).toBe(503);
    expect((await app.request('/healthz')).status).toBe(200);
    expect((await app.request('/readyz')).status).toBe(200);
  });

  it('turns not ready at once when stopped (shutting down)', async () => {
    const readiness = createReadiness(apiChecks(shop.database.db, {}).checks);
    const app = createApp({ db: shop.database.db, env: shop.env, readiness });
    expect((await app.request('/readyz')).status).toBe(200);
    readiness.stop();
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'skipped', schema: 'skipped' },
      reason: 'shutting down',
      request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect((await app.request('/healthz')).status).toBe(200);
  });
});

describe('readiness of a database whose schema is behind', () => {
  it('says how many migrations are applied and turns ready after migrating, without a restart', async () => {
    const expected = (await expectedMigrations()).length;
    const database = await openDatabase('memory://', { migrate: false });
    try {
      const readiness = createReadiness(apiChecks(database.db, {}).checks, { cacheMs: 0 });
      const app = createApp({ db: database.db, env: shop.env, readiness });
      const behind = await app.request('/readyz');
      expect(behind.status).toBe(503);
      expect(await behind.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', schema: 'fail' },
        reason: `database schema is behind: 0 of ${expected} migrations applied; run npm run db:migrate`,
        request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      await migrateSingle(database.db);
      expect((await app.request('/readyz')).status).toBe(200);
    } finally {
      await database.close();
    }
    // A new embedded database migrated from nothing: 22 s once beside the CI's other suites.
  }, 120_000);
});

describe('readiness when a dependency is cut', () => {
  // A server that accepts connections and never answers: a database or Redis cut off mid-network.
  let silent: Server;
  let port = 0;
  beforeAll(async () => {
    silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    port = (silent.address() as AddressInfo).port;
  });
  afterAll(async () => {
    silent.close();
  });

  it('answers 503 within about a second when the database does not answer', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 2500 });
    pool.on('error', () => {});
    const readiness = createReadiness(apiChecks(drizzle(pool) as unknown as Db, {}).checks);
    const started = Date.now();
    const report = await readiness.report();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(report.ready).toBe(false);
    expect(report.checks.database).toBe('fail');
    expect(report.reason).toContain('database: no answer within 1000 ms');
    await pool.end().catch(() => {});
  });

  it('checks Redis only when REDIS_URL is set, and fails fast when it is away', async () => {
    expect(Object.keys(apiChecks(shop.database.db, {}).checks)).toEqual(['database', 'schema']);
    const away = apiChecks(shop.database.db, { REDIS_URL: 'redis://127.0.0.1:1' });
    const started = Date.now();
    const report = await createReadiness(away.checks).report();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(report.checks).toEqual({ database: 'ok', schema: 'ok', redis: 'fail' });
    expect(report.reason).toMatch(/Redis unreachable/);
    await away.close();
  });

  it.skipIf(!process.env.REDIS_URL)('is ready with a Redis that answers PING', async () => {
    const live = apiChecks(shop.database.db, { REDIS_URL: process.env.REDIS_URL });
    const report = await createReadiness(live.checks).report();
    expect(report).toEqual({ ready: true, checks: { database: 'ok', schema: 'ok', redis: 'ok' } });
    await live.close();
  });
});
