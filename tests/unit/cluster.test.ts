/**
 * The pieces of `npm run start:cluster` that decide correctness with several processes:
 * (the edge, nginx, is tests/unit/nginx-config.test.ts's; the whole cluster through it, cluster-smoke.test.ts's)
 * - the rebuild lock (scripts/host/rebuild-lock.ts): two holders never hold it at once, in Redis (REDIS_URL)
 *   and as a PostgreSQL advisory lock (DATABASE_URL); the published-build pointer;
 * - RATE_LIMIT_MULTIPLIER's parsing (a bad value must stop the start);
 * - without nginx the cluster stops with one line saying how to install it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rateLimitMultiplier } from '../../api/src/services/rate-limit/index.ts';
import { tagLine } from '../../scripts/cluster.ts';
import { type BuildLock, buildCoordinator, postgresBuildLock, redisBuildLock } from '../../scripts/host/rebuild-lock.ts';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** Two processes' locks on one store: only one holds it; after release the other gets it. */
async function twoHolders(a: BuildLock, b: BuildLock): Promise<void> {
  const first = await a.tryAcquire();
  expect(first).not.toBeNull();
  expect(await b.tryAcquire()).toBeNull();
  expect(await a.tryAcquire()).toBeNull(); // not re-entrant either: one build at a time
  await first!.release();
  const second = await b.tryAcquire();
  expect(second).not.toBeNull();
  expect(await a.tryAcquire()).toBeNull();
  await second!.release();
  await second!.release(); // twice is harmless
  const again = await a.tryAcquire();
  expect(again).not.toBeNull();
  await again!.release();
}

describe('the rebuild lock', () => {
  const tag = `${process.pid}-${Date.now()}`;

  it.skipIf(!process.env.REDIS_URL)('in Redis: one holder at a time, and a holder that dies loses it after its lifetime', async () => {
    const key = `test:rebuild:${tag}`;
    const a = redisBuildLock(process.env.REDIS_URL!, key);
    const b = redisBuildLock(process.env.REDIS_URL!, key);
    try {
      await twoHolders(a, b);
      // A holder that never releases nor renews (its process died): short lifetime, then free.
      const dying = redisBuildLock(process.env.REDIS_URL!, `${key}:ttl`, 300);
      const held = await dying.tryAcquire();
      expect(held).not.toBeNull();
      await dying.close(); // the renewal timer stops with the connection
      const other = redisBuildLock(process.env.REDIS_URL!, `${key}:ttl`, 300);
      expect(await other.tryAcquire()).toBeNull();
      await new Promise((r) => setTimeout(r, 450));
      const taken = await other.tryAcquire();
      expect(taken).not.toBeNull();
      await taken!.release();
      await other.close();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('as a PostgreSQL advisory lock: one holder at a time', async () => {
    const name = `test-rebuild-${tag}`;
    await twoHolders(postgresBuildLock(process.env.DATABASE_URL!, name), postgresBuildLock(process.env.DATABASE_URL!, name));
  });

  it('publishes the newest build only once its directory holds a server entry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-'));
    try {
      const c = buildCoordinator(dir, { tryAcquire: async () => null, close: async () => {} });
      expect(c.latest()).toBeNull();
      const out = join(dir, '1700000000000');
      await c.publish({ outDir: out, fingerprint: 'abc' });
      expect(c.latest()).toBeNull(); // no server/entry.mjs there (pruned or half-written)
      mkdirSync(join(out, 'server'), { recursive: true });
      writeFileSync(join(out, 'server', 'entry.mjs'), 'export const handler = () => {};\n');
      expect(c.latest()).toMatchObject({ outDir: out, fingerprint: 'abc' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('start:cluster without nginx', () => {
  it('stops with one line saying how to install it', () => {
    const r = spawnSync(process.execPath, [join(import.meta.dirname, '..', '..', 'scripts', 'cluster.ts')], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { PATH: process.env.PATH, NGINX_BIN: '/nonexistent/nginx', DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop', PORT: '5180' },
    });
    expect(r.status).toBe(1);
    const errors = r.stderr.trim().split('\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^\[cluster\] failed to start: nginx not found: install it with `apt-get install nginx libnginx-mod-http-brotli-static`/,
    );
  });
});

describe('RATE_LIMIT_MULTIPLIER', () => {
  it('is 1 unset and a whole number from 1 to 10000 otherwise', () => {
    expect(rateLimitMultiplier(undefined)).toBe(1);
    expect(rateLimitMultiplier('')).toBe(1);
    expect(rateLimitMultiplier('1000')).toBe(1000);
    for (const bad of ['0', '-5', '1.5', 'lots', '10001']) expect(() => rateLimitMultiplier(bad)).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });
});

describe('rate limits in Redis while Redis is away', () => {
  it('answer 503 common.service_unavailable with Retry-After, not a 500 and not a hang', { timeout: 15_000 }, async () => {
    const { redisRateLimitStore, closeRedisClients } = await import('../../api/src/services/rate-limit/redis.ts');
    const port = await closedPort();
    const store = redisRateLimitStore(`redis://127.0.0.1:${port}`, `test:${process.pid}:`);
    const started = Date.now();
    try {
      for (const attempt of [store.hit('k', 5, 60), store.hit('k', 5, 60), store.reset('k')]) {
        await expect(attempt).rejects.toMatchObject({ status: 503, code: 'common.service_unavailable', retryAfterSeconds: 5 });
      }
      // The first command waits up to 2 s for the first connection; the others fail at once.
      expect(Date.now() - started).toBeLessThan(4500);
    } finally {
      await closeRedisClients();
    }
  });
});

describe("the cluster's output", () => {
  it('keeps a JSON log line one JSON object, with the process named in it', () => {
    const line = tagLine('api-1', JSON.stringify({ level: 'info', msg: 'Shop API listening', req_id: 'abc' }));
    expect(JSON.parse(line)).toEqual({ process: 'api-1', level: 'info', msg: 'Shop API listening', req_id: 'abc' });
  });
  it('prefixes any other line with the process name', () => {
    expect(tagLine('web-2', 'Astro build done')).toBe('[web-2] Astro build done');
    expect(tagLine('nginx', '{not json')).toBe('[nginx] {not json');
  });
});
