/**
 * Password hashing runs on a bounded pool of worker threads: a login flood beyond the bound is
 * refused at once with 429 and Retry-After instead of queueing (not 503, which the storefront reads
 * as maintenance), and existing hashes still verify.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import { users } from '../../api/src/db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../api/src/services/passwords/index.ts';
import { KdfPool } from '../../api/src/services/passwords/kdf/pool.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
// The real cost (N=2^17): the rest of the API suite runs scrypt cheaper (vitest.config.ts), this file must not.
const suiteCost = process.env.SCRYPT_LOG2_N;
beforeAll(async () => {
  delete process.env.SCRYPT_LOG2_N;
  shop = await createTestShop();
}, 120_000);
afterAll(async () => {
  process.env.SCRYPT_LOG2_N = suiteCost;
  await shop?.close();
});

describe('bounded password hashing', () => {
  it('with one worker and two waiting, ten logins at once: the overflow gets 429 with Retry-After at once, the rest sign in', async () => {
    const hash = await hashPassword('flood-pass-123');
    await shop.database.db.insert(users).values(
      Array.from({ length: 10 }, (_, i) => ({
        channel_id: 'default',
        username: `flood${i}`,
        email: `flood${i}@example.jp`,
        password_hash: hash,
      })),
    );
    const app = createApp({ db: shop.database.db, env: shop.envWith({ KDF_CONCURRENCY: '1', KDF_QUEUE_MAX: '2' }) });
    const timed = async (i: number) => {
      const started = performance.now();
      const res = await app.request('/v1/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: `flood${i}`, password: 'flood-pass-123' }),
      });
      return { res, ms: performance.now() - started, body: await res.json() };
    };
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => timed(i)));
    const ok = results.filter((r) => r.res.status === 200);
    const busy = results.filter((r) => r.res.status === 429);
    expect(ok.length + busy.length).toBe(10);
    expect(ok.length).toBeGreaterThanOrEqual(3); // one running + two waiting
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const b of busy) {
      expect(Number(b.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(b.body).toMatchObject({ message: expect.stringMatching(/しばらく/), code: 'common.busy' });
    }
    // Refused at once: faster than even one hash of the admitted logins.
    const slowestBusy = Math.max(...busy.map((b) => b.ms));
    const slowestOk = Math.max(...ok.map((o) => o.ms));
    expect(slowestBusy).toBeLessThan(slowestOk);
  });

  it('the pool never runs more hashes than its size and refuses beyond its queue', async () => {
    const pool = new KdfPool({ concurrency: 2, queueMax: 3 });
    const job = { password: 'x', salt: randomBytes(16), keylen: 32, N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
    const settled = Array.from({ length: 8 }, () =>
      pool.derive(job).then(
        () => 'ok',
        (e: { status?: number }) => e.status,
      ),
    );
    expect(pool.load).toEqual({ running: 2, waiting: 3 });
    expect(await Promise.all(settled)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 429, 429, 429]);
    await pool.close();
    await expect(pool.derive(job)).rejects.toThrow(/closed/);
  });

  it('a hash made by the former libuv scrypt (same format, N=2^17) still verifies', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('old-pass-123'.normalize('NFKC'), salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 2 ** 17 * 8 + 1024 * 1024 });
    const stored = `scrypt$${2 ** 17}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('old-pass-123', stored)).toBe(true);
    expect(await verifyPassword('old-pass-124', stored)).toBe(false);
    expect((await hashPassword('new-pass')).startsWith(`scrypt$${2 ** 17}$8$1$`)).toBe(true);
  });

  it('a lowered cost (SCRYPT_LOG2_N) is honoured under the test runner only, and never above the real one', async () => {
    const vitest = process.env.VITEST;
    try {
      process.env.SCRYPT_LOG2_N = '12';
      expect((await hashPassword('x')).startsWith(`scrypt$${2 ** 12}$8$1$`)).toBe(true);
      delete process.env.VITEST; // as in the shop: the variable is ignored
      expect((await hashPassword('x')).startsWith(`scrypt$${2 ** 17}$8$1$`)).toBe(true);
      process.env.VITEST = vitest;
      process.env.SCRYPT_LOG2_N = '9'; // below the floor, or not lower: the real cost
      expect((await hashPassword('x')).startsWith(`scrypt$${2 ** 17}$8$1$`)).toBe(true);
    } finally {
      process.env.VITEST = vitest;
      delete process.env.SCRYPT_LOG2_N;
    }
  });
});
