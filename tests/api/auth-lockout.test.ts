/**
 * The lockout (5 failures in a row lock the account for 15 minutes) holds under parallel guesses,
 * and its answers are the same for names that do not exist.
 */

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../api/src/db/schema/index.ts';
import { authLimitKeys } from '../../api/src/services/auth/index.ts';
import { hashPassword } from '../../api/src/services/passwords/index.ts';
import { rateLimitStore } from '../../api/src/services/rate-limit/index.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

// Names are counted in the rate-limit store, which outlives this file's database on Redis.
const run = randomBytes(4).toString('hex');

let shop: TestShop;
let passwordHash: string;
beforeAll(async () => {
  shop = await createTestShop();
  passwordHash = await hashPassword('right-pass-123');
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const login = (username: string, password: string) => shop.request('POST', '/v1/auth/login', { body: { username, password } });

async function createMember(username: string) {
  const [u] = await shop.database.db
    .insert(users)
    .values({
      channel_id: 'default',
      username,
      email: `${username}@example.jp`,
      password_hash: passwordHash,
      last_name: '試験',
      first_name: '花子',
    })
    .returning();
  return u;
}

/** Lets time pass for one account: its lock ends and its per-account rate-limit window closes. */
async function expireLockAndLimits(userId: number, login: string) {
  const db = shop.database.db;
  await db.update(users).set({ locked_until: sql`now() - interval '1 second'` }).where(eq(users.id, userId));
  await rateLimitStore(db, shop.env).reset(authLimitKeys.loginAccount('default', login));
}

const lockedAnswer = { message: expect.stringContaining('ロック'), code: 'auth.locked' };
const failedAnswer = { message: 'ログインIDまたはパスワードが正しくありません。', code: 'auth.failed' };
/** An error body without its request_id (it names the request, so it differs per answer). */
const answer = async (res: Response) => {
  const { request_id: id, ...body } = (await res.json()) as Record<string, unknown>;
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  return body;
};

describe('lockout', () => {
  it('five wrong passwords lock the account: the right one is then refused with the lock message', async () => {
    await createMember(`seq-lock-${run}`);
    for (let i = 0; i < 5; i++) expect(await answer(await login(`seq-lock-${run}`, 'bad'))).toEqual(failedAnswer);
    const res = await login(`seq-lock-${run}`, 'right-pass-123');
    expect(res.status).toBe(422);
    expect(await answer(res)).toEqual(lockedAnswer);
  });

  it('four wrong passwords and then the right one signs in and starts the count afresh', async () => {
    const u = await createMember(`four-fails-${run}`);
    for (let i = 0; i < 4; i++) expect((await login(`four-fails-${run}`, 'bad')).status).toBe(422);
    expect((await login(`four-fails-${run}`, 'right-pass-123')).status).toBe(200);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ failed_login_count: 0, locked_until: null });
  });

  it.skipIf(!onPostgres)('30 wrong passwords and the right one sent at once never sign in, and the account ends locked', async () => {
    const u = await createMember(`parallel-lock-${run}`);
    const attempts = [...Array.from({ length: 15 }, () => 'bad'), 'right-pass-123', ...Array.from({ length: 15 }, () => 'bad')];
    const answers = await Promise.all(attempts.map((p) => login(`parallel-lock-${run}`, p)));
    expect(answers.map((r) => r.status)).not.toContain(200);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row.locked_until!.getTime()).toBeGreaterThan(Date.now());

    // Once the lock has run out, the right password works again.
    await expireLockAndLimits(u.id, `parallel-lock-${run}`);
    expect((await login(`parallel-lock-${run}`, 'right-pass-123')).status).toBe(200);
  });

  it.skipIf(!onPostgres)('the right password among parallel guesses within the rate limit still never signs in', async () => {
    // 9 + 1 stay under the per-account limit of 10, so every attempt reaches the lock itself.
    const u = await createMember(`gate-lock-${run}`);
    const answers = await Promise.all(
      ['bad', 'bad', 'bad', 'bad', 'right-pass-123', 'bad', 'bad', 'bad', 'bad', 'bad'].map((p) => login(`gate-lock-${run}`, p)),
    );
    expect(answers.map((r) => r.status)).not.toContain(200);
    expect(answers.map((r) => r.status)).not.toContain(429);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row.locked_until!.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('the lock message does not reveal whether a username exists', () => {
  it('an unknown name gets the same failure answers and, after as many failures, the same lock message', async () => {
    await createMember(`exists-here-${run}`);
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await answer(await login(`exists-here-${run}`, 'bad')));
      unknown.push(await answer(await login(`nobody-${run}`, 'bad')));
    }
    expect(unknown).toEqual(known);
    expect(known.slice(0, 5)).toEqual(Array(5).fill(failedAnswer));
    expect(known[5]).toEqual(lockedAnswer);
  });

  it('the unknown name is counted however it is typed (case, full-width letters)', async () => {
    const fullWidth = `ｇｈｏｓｔ－${run.replace(/[0-9a-f]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0))}`;
    for (const name of [`Ghost-${run}`, `ghost-${run}`, `GHOST-${run.toUpperCase()}`, fullWidth, ` ghost-${run} `]) {
      expect(await answer(await login(name, 'bad'))).toEqual(failedAnswer);
    }
    expect(await answer(await login(`ghost-${run}`, 'bad'))).toEqual(lockedAnswer);
  });
});
