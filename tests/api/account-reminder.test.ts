/**
 * Password and login-ID reminders (POST /v1/reminder/request, /check, /reset): the same answer for
 * unknown addresses, the mailed link, the security question, wrong answers counted, the reset that
 * ends every other session and logs in, and links that work once and expire.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderCheckResponseSchema, reminderResetResponseSchema } from '#contracts/account.ts';
import { auth_tokens, outbox_emails, users } from '../../api/src/db/schema/index.ts';
import { appWithAddresses, createMember, lastMail, linkToken, MEMBER_PASSWORD, refreshCookie, run } from './account-support.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

let shop: TestShop;
const id = run();
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const post = (path: string, body: unknown, channel = 'default') => shop.request('POST', `/v1/reminder/${path}`, { body, channel });
const login = (username: string, password: string) => shop.request('POST', '/v1/auth/login', { body: { username, password } });

/** Requests a reminder for `email` and returns the token of the mailed link. */
async function mailedToken(email: string, type: 'password' | 'username' = 'password') {
  expect((await post('request', { email, type })).status).toBe(200);
  const mail = await lastMail(shop, email, `reminder_${type}`);
  return linkToken(mail.body, type === 'password' ? '/reminder/reset/' : '/reminder/username/reset/');
}

describe('POST /v1/reminder/request', () => {
  it('mails a password link to the member; an unknown, guest or unregistered address gets the same answer and no mail', async () => {
    const m = await createMember(shop, `rem${id}a`);
    const unregistered = await createMember(shop, `rem${id}u`, { registered: false });
    const before = (await shop.database.db.select().from(outbox_emails)).length;
    const answers = [];
    for (const email of [m.email, `nobody-${id}@example.jp`, unregistered.email]) {
      const started = performance.now();
      const res = await post('request', { email, type: 'password' });
      answers.push({ status: res.status, body: await res.json(), ms: performance.now() - started });
    }
    expect(answers[1].status).toBe(200);
    expect(answers.map((a) => a.body)).toEqual(Array(3).fill(answers[0].body));
    expect(answers[0].body.message).toContain('パスワード再設定のご案内');
    // Both branches answer after the same floor, so the time does not tell them apart.
    for (const a of answers) expect(a.ms).toBeGreaterThanOrEqual(240);
    expect((await shop.database.db.select().from(outbox_emails)).length).toBe(before + 1);

    const mail = await lastMail(shop, m.email, 'reminder_password');
    expect(mail.subject).toBe('【Maison Kiyora】パスワード再設定のご案内');
    expect(mail.body).toContain('このリンクの有効期限は1時間です');
    expect(linkToken(mail.body, '/reminder/reset/')).toMatch(/^[\w-]{40,}$/);
  });

  it('mails a login-ID link for type username (to the e-mail typed in any case)', async () => {
    const m = await createMember(shop, `rem${id}b`);
    const res = await post('request', { email: m.email.toUpperCase(), type: 'username' });
    expect((await res.json()).message).toContain('ログインIDのご案内');
    const mail = await lastMail(shop, m.email, 'reminder_username');
    expect(mail.subject).toBe('【Maison Kiyora】ログインIDのご案内');
    linkToken(mail.body, '/reminder/username/reset/');
  });

  it('is rate-limited per e-mail (known or not alike) and per client address', async () => {
    const email = `limit-${id}@example.jp`;
    for (let i = 0; i < 5; i++) expect((await post('request', { email, type: 'password' })).status).toBe(200);
    const over = await post('request', { email, type: 'password' });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);

    const send = appWithAddresses(shop);
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await send('POST', '/v1/reminder/request', ip, { email: `ip${i}-${id}@example.jp`, type: 'username' })).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  }, 60_000);
});

describe('POST /v1/reminder/check', () => {
  it("answers the member's security question, or null when none is set", async () => {
    const m = await createMember(shop, `chk${id}a`);
    const res = await post('check', { token: await mailedToken(m.email), type: 'password' });
    expect(res.status).toBe(200);
    expect(reminderCheckResponseSchema.parse(await res.json())).toEqual({ question_ct: 1, question: '初めて飼ったペットの名前は？' });

    const plain = await createMember(shop, `chk${id}b`, { question: false });
    expect(await (await post('check', { token: await mailedToken(plain.email, 'username'), type: 'username' })).json()).toEqual({
      question_ct: null,
      question: null,
    });
  });

  it('a link of the other type, unknown, other-channel or expired is 422 reminder.invalid', async () => {
    const m = await createMember(shop, `chk${id}c`);
    const token = await mailedToken(m.email);
    for (const [body, channel] of [
      [{ token, type: 'username' }, 'default'],
      [{ token: 'nope', type: 'password' }, 'default'],
      [{ token, type: 'password' }, 'outlet'],
    ] as const) {
      const res = await post('check', body, channel);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'reminder.invalid', message: expect.stringContaining('無効') });
    }
    await shop.database.db
      .update(auth_tokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(and(eq(auth_tokens.user_id, m.id), eq(auth_tokens.kind, 'reminder')));
    expect((await (await post('check', { token, type: 'password' })).json()).code).toBe('reminder.invalid');
  });
});

describe('POST /v1/reminder/reset', () => {
  it('password: a wrong answer is 422 on security_answer; the right one (any width or case) sets the password, ends other sessions and logs in', async () => {
    const m = await createMember(shop, `rst${id}a`);
    const old = await (await login(m.username, MEMBER_PASSWORD)).json();
    const token = await mailedToken(m.email);

    let res = await post('reset', { token, type: 'password', security_answer: 'タマ', password: 'brand-new-2026' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'reminder.answer_mismatch',
      errors: { security_answer: ['秘密の質問の答えが正しくありません'] },
    });
    res = await post('reset', { token, type: 'password', password: 'brand-new-2026' });
    expect((await res.json()).errors).toHaveProperty('security_answer');
    res = await post('reset', { token, type: 'password', security_answer: 'ポチ' });
    expect((await res.json()).errors).toEqual({ password: ['パスワードは必須項目です'] });

    res = await post('reset', { token, type: 'password', security_answer: ' ﾎﾟﾁ ', password: 'brand-new-2026' });
    expect(res.status).toBe(200);
    const body = reminderResetResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ username: m.username, user_id: m.id, is_verify: false });
    expect(refreshCookie(res)).toBeTruthy();
    expect((await shop.request('GET', '/v1/me/user', { token: body.access_token })).status).toBe(200);
    expect((await shop.request('GET', '/v1/me/user', { token: old.access_token })).status).toBe(401);
    expect((await login(m.username, MEMBER_PASSWORD)).status).toBe(422);
    expect((await login(m.username, 'brand-new-2026')).status).toBe(200);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, m.id));
    expect(Date.now() - row.password_changed_at!.getTime()).toBeLessThan(60_000);

    // The link is spent.
    res = await post('reset', { token, type: 'password', security_answer: 'ポチ', password: 'again-pass-2026' });
    expect((await res.json()).code).toBe('reminder.invalid');
  });

  it('password reset also lifts a lock', async () => {
    const m = await createMember(shop, `rst${id}l`);
    for (let i = 0; i < 5; i++) await login(m.username, 'bad');
    expect((await (await login(m.username, MEMBER_PASSWORD)).json()).code).toBe('auth.locked');
    const token = await mailedToken(m.email);
    expect((await post('reset', { token, type: 'password', security_answer: 'ポチ', password: 'unlocked-2026' })).status).toBe(200);
    expect((await login(m.username, 'unlocked-2026')).status).toBe(200);
  });

  it('username: the right answer shows the login ID and logs in, without touching the password', async () => {
    const m = await createMember(shop, `rst${id}b`);
    const token = await mailedToken(m.email, 'username');
    // A login-ID link cannot set a password.
    expect((await (await post('reset', { token, type: 'password', security_answer: 'ポチ', password: 'sneaky-pass-1' })).json()).code).toBe(
      'reminder.invalid',
    );
    const res = await post('reset', { token, type: 'username', security_answer: 'ポチ' });
    expect(res.status).toBe(200);
    expect((await res.json()).username).toBe(m.username);
    expect((await login(m.username, MEMBER_PASSWORD)).status).toBe(200);
    expect((await post('reset', { token, type: 'username', security_answer: 'ポチ' })).status).toBe(422);
  });

  it('without a security question the link alone suffices', async () => {
    const m = await createMember(shop, `rst${id}c`, { question: false });
    const res = await post('reset', { token: await mailedToken(m.email, 'username'), type: 'username' });
    expect(res.status).toBe(200);
    expect((await res.json()).username).toBe(m.username);
  });

  it('wrong answers are counted per member: past the limit the reset answers 429 even with the right one', async () => {
    const m = await createMember(shop, `rst${id}d`);
    const token = await mailedToken(m.email);
    for (let i = 0; i < 5; i++)
      expect((await post('reset', { token, type: 'password', security_answer: `違う${i}`, password: 'brand-new-2026' })).status).toBe(422);
    const res = await post('reset', { token, type: 'password', security_answer: 'ポチ', password: 'brand-new-2026' });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: 'reminder.too_many_attempts' });
    // A new link does not reset the count.
    const fresh = await mailedToken(m.email);
    expect((await post('reset', { token: fresh, type: 'password', security_answer: 'ポチ', password: 'brand-new-2026' })).status).toBe(429);
  });

  it('an expired link is refused', async () => {
    const m = await createMember(shop, `rst${id}e`);
    const token = await mailedToken(m.email);
    await shop.database.db
      .update(auth_tokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(and(eq(auth_tokens.user_id, m.id), eq(auth_tokens.kind, 'reminder')));
    expect(
      (await (await post('reset', { token, type: 'password', security_answer: 'ポチ', password: 'brand-new-2026' })).json()).code,
    ).toBe('reminder.invalid');
  });

  it('a newer request makes the older link void', async () => {
    const m = await createMember(shop, `rst${id}f`);
    const first = await mailedToken(m.email);
    await mailedToken(m.email);
    expect((await (await post('check', { token: first, type: 'password' })).json()).code).toBe('reminder.invalid');
  });

  it.skipIf(!onPostgres)('two parallel resets with one link: exactly one succeeds', async () => {
    const m = await createMember(shop, `rst${id}p`);
    const token = await mailedToken(m.email);
    const answers = await Promise.all(
      ['first-pass-2026', 'other-pass-2026'].map((password) =>
        post('reset', { token, type: 'password', security_answer: 'ポチ', password }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
  });
});

describe('the seeded demo member', () => {
  it('has the security question 1 answered ポチ', async () => {
    const token = await mailedToken('demo@example.jp', 'username');
    expect((await (await post('check', { token, type: 'username' })).json()).question_ct).toBe(1);
    const res = await post('reset', { token, type: 'username', security_answer: 'ポチ' });
    expect((await res.json()).username).toBe('demo');
  });
});
