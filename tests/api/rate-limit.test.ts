/**
 * Rate limits shared by every process: the PostgreSQL store (default) and the Redis store
 * (REDIS_URL) count exactly under concurrency, and login answers 429 with Retry-After per client
 * address and per login identifier, across app instances over one database.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import { type Database, openDatabase } from '../../api/src/db/client.ts';
import { rate_limits } from '../../api/src/db/schema/index.ts';
import { AUTH_LIMITS, authLimitKeys } from '../../api/src/services/auth/index.ts';
import { closeRateLimitStores, type RateLimitStore, rateLimitStore } from '../../api/src/services/rate-limit/index.ts';
import { deleteExpiredRateLimits, postgresRateLimitStore } from '../../api/src/services/rate-limit/postgres.ts';
import { redisRateLimitStore } from '../../api/src/services/rate-limit/redis.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

const redisUrl = process.env.REDIS_URL;
const run = randomBytes(4).toString('hex');
/** A documentation-range address unique to this run (Redis keys outlive the test database). */
const address = (i: number) => `198.51.${parseInt(run.slice(0, 2), 16)}.${(parseInt(run.slice(2, 4), 16) + i) % 256}`;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 120_000);
afterAll(async () => {
  await closeRateLimitStores();
  await shop?.close();
});

type App = ReturnType<typeof createApp>;
/** A login as @hono/node-server delivers it: with the socket's remote address. */
function loginFrom(app: App, remoteAddress: string, username: string, headers: Record<string, string> = {}) {
  return app.request(
    '/v1/auth/login',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ username, password: 'wrong-pass' }),
    },
    { incoming: { socket: { remoteAddress } } },
  );
}

const stores: [string, () => RateLimitStore][] = [['PostgreSQL', () => postgresRateLimitStore(shop.database.db)]];
if (redisUrl) stores.push(['Redis', () => redisRateLimitStore(redisUrl)]);

describe.each(stores)('the %s store', (_name, makeStore) => {
  it('counts every hit of 40 sent at once exactly once, allowing the first `limit`', async () => {
    const store = makeStore();
    // Its own key each attempt: a retry after a failure must not count on from the first attempt.
    const key = `test:burst:${run}:${_name}:${Math.random().toString(36).slice(2)}`;
    const results = await Promise.all(Array.from({ length: 40 }, () => store.hit(key, 25, 60)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    for (const r of results) expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    for (const r of results) expect(r.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('starts a new window once the old one has passed, and forgets a key on reset', async () => {
    const store = makeStore();
    const key = `test:window:${run}:${_name}`;
    expect(await store.hit(key, 1, 1)).toMatchObject({ allowed: true, count: 1 });
    expect(await store.hit(key, 1, 1)).toMatchObject({ allowed: false, count: 2, retryAfterSeconds: 1 });
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.hit(key, 1, 1)).toMatchObject({ allowed: true, count: 1 });
    await store.reset(key);
    expect(await store.hit(key, 1, 60)).toMatchObject({ allowed: true, count: 1 });
  });
});

describe('the PostgreSQL store', () => {
  it('sweeps windows that have ended', async () => {
    const db = shop.database.db;
    await db.insert(rate_limits).values([
      { key: `test:old:${run}`, count: 3, reset_at: sql`now() - interval '1 minute'` },
      { key: `test:live:${run}`, count: 3, reset_at: sql`now() + interval '1 minute'` },
    ]);
    expect(await deleteExpiredRateLimits(db)).toBeGreaterThanOrEqual(1);
    const keys = (await db.select().from(rate_limits)).map((r) => r.key);
    expect(keys).not.toContain(`test:old:${run}`);
    expect(keys).toContain(`test:live:${run}`);
  });
});

/** Uses up all but `left` of a bucket's allowance directly in the store (what earlier requests would have done). */
async function prefill(key: string, rule: { limit: number; windowSeconds: number }, left = 0) {
  const store = rateLimitStore(shop.database.db, shop.env);
  for (let i = 0; i < rule.limit - left; i++) await store.hit(key, rule.limit, rule.windowSeconds);
}

describe('login rate limits', () => {
  it(`answers 429 auth.too_many_attempts with Retry-After after ${AUTH_LIMITS.loginPerAddress.limit} attempts from one address, other addresses unaffected`, async () => {
    await prefill(authLimitKeys.loginAddress(address(0)), AUTH_LIMITS.loginPerAddress, 2);
    expect((await loginFrom(shop.app, address(0), `addr-${run}-1`)).status).toBe(422);
    expect((await loginFrom(shop.app, address(0), `addr-${run}-2`)).status).toBe(422);
    const refused = await loginFrom(shop.app, address(0), `addr-${run}-3`);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(AUTH_LIMITS.loginPerAddress.windowSeconds);
    expect(await refused.json()).toEqual({
      message: expect.stringMatching(/試行回数が多すぎます/),
      code: 'auth.too_many_attempts',
      request_id: expect.any(String),
    });
    expect((await loginFrom(shop.app, address(1), `addr-${run}-other`)).status).toBe(422);
  });

  it(`answers 429 after ${AUTH_LIMITS.loginPerAccount.limit} attempts on one login name from different addresses`, async () => {
    const name = `acct-${run}`;
    await prefill(authLimitKeys.loginAccount('default', name), AUTH_LIMITS.loginPerAccount, 2);
    expect((await loginFrom(shop.app, address(10), name)).status).toBe(422);
    expect((await loginFrom(shop.app, address(11), name.toUpperCase())).status).toBe(422);
    const refused = await loginFrom(shop.app, address(12), name);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('two app instances over one database share the limits', async () => {
    // On PostgreSQL the second instance has its own connection pool, like a second process.
    let second: Database | null = null;
    let db = shop.database.db;
    if (onPostgres) {
      const { rows } = (await shop.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      second = await openDatabase(url.toString());
      db = second.db;
    }
    try {
      const other = createApp({ db, env: shop.env });
      const from = address(100);
      await prefill(authLimitKeys.loginAddress(from), AUTH_LIMITS.loginPerAddress, 2);
      expect((await loginFrom(other, from, `shared-${run}-1`)).status).toBe(422);
      expect((await loginFrom(shop.app, from, `shared-${run}-2`)).status).toBe(422);
      expect((await loginFrom(other, from, `shared-${run}-3`)).status).toBe(429);
      expect((await loginFrom(shop.app, from, `shared-${run}-4`)).status).toBe(429);
    } finally {
      await second?.close();
    }
  });

  it('counts every address of an IPv6 /64 as one client, and ::ffff:a.b.c.d as a.b.c.d', async () => {
    const net = `2001:db8:${run.slice(0, 4)}:${run.slice(4, 8)}`;
    await prefill(authLimitKeys.loginAddress(`${net}::1`), AUTH_LIMITS.loginPerAddress, 1);
    expect((await loginFrom(shop.app, `${net}:0:0:0:2`, `v6-${run}-1`)).status).toBe(422);
    // Another address of the same /64 (written another way) is the same client: refused.
    const refused = await loginFrom(shop.app, `${net.toUpperCase()}:ffff:1:2:3`, `v6-${run}-2`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // The next /64 is another client.
    expect(
      (await loginFrom(shop.app, `2001:db8:${run.slice(0, 4)}:${(parseInt(run.slice(4, 8), 16) ^ 1).toString(16)}::1`, `v6-${run}-3`))
        .status,
    ).toBe(422);
    // An IPv4-mapped address stays the IPv4 client.
    const v4 = address(90);
    await prefill(authLimitKeys.loginAddress(v4), AUTH_LIMITS.loginPerAddress);
    expect((await loginFrom(shop.app, `::ffff:${v4}`, `v6-${run}-4`)).status).toBe(429);
  });

  it('takes the address from X-Forwarded-For only from a peer in TRUSTED_PROXIES', async () => {
    const proxy = address(200);
    const proxied = createApp({ db: shop.database.db, env: shop.envWith({ TRUSTED_PROXIES: proxy }) });
    await prefill(authLimitKeys.loginAddress(proxy), AUTH_LIMITS.loginPerAddress);
    // Behind the trusted proxy the client is the entry the proxy appended, not the shared socket.
    const viaProxy = await loginFrom(proxied, proxy, `xff-${run}`, { 'X-Forwarded-For': `${proxy}, ${address(201)}` });
    expect(viaProxy.status).toBe(422);
    // Without TRUSTED_PROXIES a forged header changes nothing: the socket address is counted.
    const forged = await loginFrom(shop.app, proxy, `noxff-${run}`, { 'X-Forwarded-For': address(202) });
    expect(forged.status).toBe(429);
    // A peer not on the list (a client talking to the process directly) is not believed either.
    const elsewhere = await loginFrom(proxied, address(203), `notlisted-${run}`, { 'X-Forwarded-For': address(201) });
    expect(elsewhere.status).toBe(422);
    await prefill(authLimitKeys.loginAddress(address(203)), AUTH_LIMITS.loginPerAddress);
    expect((await loginFrom(proxied, address(203), `notlisted2-${run}`, { 'X-Forwarded-For': address(204) })).status).toBe(429);
  });

  it.skipIf(!redisUrl)('counts in Redis, not in the database, when REDIS_URL is set', async () => {
    const key = `test:which:${run}`;
    await rateLimitStore(shop.database.db, { REDIS_URL: redisUrl, REDIS_PREFIX: 'shop:' }).hit(key, 5, 60);
    expect((await redisRateLimitStore(redisUrl!, 'shop:rl:').hit(key, 5, 60)).count).toBe(2);
    expect((await shop.database.db.select().from(rate_limits)).map((r) => r.key)).not.toContain(key);
  });
});
