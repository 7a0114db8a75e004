/**
 * The pieces of `npm run start:cluster` that decide correctness with several processes:
 * - the balancer (scripts/lb.ts): round robin over healthy backends, a request that could not reach a
 *   backend (refused) goes to the other one, the API paths go to the API pool, a pool marked down is
 *   still tried, every backend refusing is a 503 JSON;
 * - the rebuild lock (scripts/rebuild-lock.ts): two holders never hold it at once, in Redis (REDIS_URL)
 *   and as a PostgreSQL advisory lock (DATABASE_URL); the published-build pointer;
 * - RATE_LIMIT_MULTIPLIER's parsing (a bad value must stop the start).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isApiPath, startBalancer, type Balancer } from '../../scripts/lb.ts';
import { buildCoordinator, postgresBuildLock, redisBuildLock, type BuildLock } from '../../scripts/rebuild-lock.ts';
import { rateLimitMultiplier } from '../../api/src/services/rate-limit/index.ts';

/** A backend answering its name (and echoing the method, body and forwarded address). */
async function backend(name: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name, method: req.method, url: req.url, body, xff: req.headers['x-forwarded-for'] ?? null }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const { server, port } = await backend('gone');
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('the load balancer', () => {
  const servers: Server[] = [];
  let lb: Balancer;
  afterAll(async () => {
    await lb?.close();
    for (const s of servers) { s.closeAllConnections(); s.close(); }
  });

  it('sends API paths to the API pool, round robin, and resends a refused request to the next backend', async () => {
    const [a1, a2, w1] = await Promise.all([backend('api-1'), backend('api-2'), backend('web-1')]);
    servers.push(a1.server, a2.server, w1.server);
    const dead = await closedPort();
    lb = await startBalancer({
      port: 0, checkMs: 60_000, log: () => {},
      api: [{ name: 'api-1', port: a1.port }, { name: 'api-2', port: a2.port }, { name: 'api-3', port: dead }],
      web: [{ name: 'web-1', port: w1.port }],
    });
    await lb.check();
    const base = `http://127.0.0.1:${lb.port}`;
    const names: string[] = [];
    for (let i = 0; i < 4; i++) names.push((await (await fetch(`${base}/v1/products?i=${i}`)).json()).name);
    expect(names.sort()).toEqual(['api-1', 'api-1', 'api-2', 'api-2']);
    const page = await (await fetch(`${base}/cart/`)).json();
    expect(page.name).toBe('web-1');
    expect(page.xff).toMatch(/127\.0\.0\.1$/);

    // api-1 goes away without the balancer knowing: its POSTs are resent to api-2, body intact.
    await new Promise<void>((r) => { a1.server.closeAllConnections(); a1.server.close(() => r()); });
    const answers = await Promise.all([1, 2, 3, 4].map(async (n) => {
      const res = await fetch(`${base}/v1/carts/init`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n }) });
      return { status: res.status, body: await res.json() };
    }));
    for (const [i, a] of answers.entries()) {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ name: 'api-2', method: 'POST', body: JSON.stringify({ n: i + 1 }) });
    }
  });

  it('still tries a pool whose backends are all marked down, and answers 503 JSON with Retry-After once every one refuses', async () => {
    // Marked down (e.g. slow health checks under load) but still there: answered, not refused by the balancer.
    lb.markDown('web-1');
    const slow = await fetch(`http://127.0.0.1:${lb.port}/`);
    expect(slow.status).toBe(200);
    expect((await slow.json()).name).toBe('web-1');
    const web = servers[2];
    await new Promise<void>((r) => { web.closeAllConnections(); web.close(() => r()); });
    const res = await fetch(`http://127.0.0.1:${lb.port}/`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toMatchObject({ code: 'common.service_unavailable', message: expect.stringContaining('しばらく') });
  });

  it('routes exactly the Shop API paths to the API', () => {
    expect(['/v1', '/v1/products', '/v1?x=1', '/public.json', '/admin/v1/login'].every(isApiPath)).toBe(true);
    expect(['/', '/v1x', '/admin/', '/products/1', '/_astro/a.js'].some(isApiPath)).toBe(false);
  });
});

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
