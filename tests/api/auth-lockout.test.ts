/**
 * The lockout (5 failures in a row lock the account for 15 minutes) holds under parallel guesses,
 * and its answers are the same for names that do not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { rate_limits, users } from '../../api/src/db/schema.ts';
import { hashPassword } from '../../api/src/services/password.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

let shop: TestShop;
let passwordHash: string;
beforeAll(async () => {
  shop = await createTestShop();
  passwordHash = await hashPassword('right-pass-123');
}, 120_000);
afterAll(async () => { await shop?.close(); });

const login = (username: string, password: string) => shop.request('POST', '/v1/auth/login', { body: { username, password } });

async function createMember(username: string) {
  const [u] = await shop.database.db.insert(users).values({
    channel_id: 'default', username, email: `${username}@example.jp`, password_hash: passwordHash, last_name: '試験', first_name: '花子',
  }).returning();
  return u;
}

/** Lets time pass for one account: its lock ends and its rate-limit windows close. */
async function expireLockAndLimits(userId: number, login: string) {
  const db = shop.database.db;
  await db.update(users).set({ locked_until: sql`now() - interval '1 second'` }).where(eq(users.id, userId));
  await db.delete(rate_limits).where(like(rate_limits.key, `%:${login}`));
}

const lockedAnswer = { message: expect.stringContaining('ロック'), code: 'auth.locked' };
const failedAnswer = { message: 'ログインIDまたはパスワードが正しくありません。', code: 'auth.failed' };

describe('lockout', () => {
  it('five wrong passwords lock the account: the right one is then refused with the lock message', async () => {
    await createMember('seq-lock');
    for (let i = 0; i < 5; i++) expect(await (await login('seq-lock', 'bad')).json()).toEqual(failedAnswer);
    const res = await login('seq-lock', 'right-pass-123');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(lockedAnswer);
  });

  it('four wrong passwords and then the right one signs in and starts the count afresh', async () => {
    const u = await createMember('four-fails');
    for (let i = 0; i < 4; i++) expect((await login('four-fails', 'bad')).status).toBe(422);
    expect((await login('four-fails', 'right-pass-123')).status).toBe(200);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ failed_login_count: 0, locked_until: null });
  });

  it.skipIf(!onPostgres)('30 wrong passwords and the right one sent at once never sign in, and the account ends locked', async () => {
    const u = await createMember('parallel-lock');
    const attempts = [...Array.from({ length: 15 }, () => 'bad'), 'right-pass-123', ...Array.from({ length: 15 }, () => 'bad')];
    const answers = await Promise.all(attempts.map((p) => login('parallel-lock', p)));
    expect(answers.map((r) => r.status)).not.toContain(200);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row.locked_until!.getTime()).toBeGreaterThan(Date.now());

    // Once the lock has run out, the right password works again.
    await expireLockAndLimits(u.id, 'parallel-lock');
    expect((await login('parallel-lock', 'right-pass-123')).status).toBe(200);
  });

  it.skipIf(!onPostgres)('the right password among parallel guesses within the rate limit still never signs in', async () => {
    // 9 + 1 stay under the per-account limit of 10, so every attempt reaches the lock itself.
    const u = await createMember('gate-lock');
    const answers = await Promise.all(['bad', 'bad', 'bad', 'bad', 'right-pass-123', 'bad', 'bad', 'bad', 'bad', 'bad']
      .map((p) => login('gate-lock', p)));
    expect(answers.map((r) => r.status)).not.toContain(200);
    expect(answers.map((r) => r.status)).not.toContain(429);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row.locked_until!.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('the lock message does not reveal whether a username exists', () => {
  it('an unknown name gets the same failure answers and, after as many failures, the same lock message', async () => {
    await createMember('exists-here');
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await (await login('exists-here', 'bad')).json());
      unknown.push(await (await login('nobody-at-all', 'bad')).json());
    }
    expect(unknown).toEqual(known);
    expect(known.slice(0, 5)).toEqual(Array(5).fill(failedAnswer));
    expect(known[5]).toEqual(lockedAnswer);
  });

  it('the unknown name is counted however it is typed (case, full-width letters)', async () => {
    for (const name of ['Ghost-User', 'ghost-user', 'GHOST-USER', 'ｇｈｏｓｔ－ｕｓｅｒ', ' ghost-user ']) {
      expect(await (await login(name, 'bad')).json()).toEqual(failedAnswer);
    }
    expect(await (await login('ghost-user', 'bad')).json()).toEqual(lockedAnswer);
  });
});
