/**
 * Login steps beyond the password: the mailed 6-digit code (POST /v1/auth/verify), channel-sync
 * login under the target channel's rules (school key, first-login verification), the lockout's unlock mail and link (GET /v1/auth/unlock/{token}), the login history and
 * the password change ending other sessions.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginHistoryListSchema, MAX_CODE_ATTEMPTS } from '#contracts/account.ts';
import { loginResponseSchema } from '#contracts/auth.ts';
import { auth_tokens, login_histories, user_addresses, users } from '../../api/src/db/schema/index.ts';
import { SCHOOL_CHANNEL } from '../../api/src/db/seed/school.ts';
import { SCHOOL_KEY_MESSAGES } from '../../api/src/services/schools/index.ts';
import { hashToken } from '../../api/src/services/tokens/index.ts';
import { createMember, lastMail, linkToken, MEMBER_PASSWORD, mailedCode, mailsTo, refreshCookie, run } from './account-support.ts';
import { benefitSteps } from './benefits-support.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

let shop: TestShop;
const id = run();
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const login = (username: string, password = MEMBER_PASSWORD, channel = 'default') =>
  shop.request('POST', '/v1/auth/login', { body: { username, password }, channel, headers: { 'User-Agent': 'vitest-account' } });
const verify = (user_id: number, verify_code: string, channel = 'default') =>
  shop.request('POST', '/v1/auth/verify', { body: { user_id, verify_code }, channel });
const codeTokens = (userId: number) =>
  shop.database.db
    .select()
    .from(auth_tokens)
    .where(and(eq(auth_tokens.user_id, userId), eq(auth_tokens.kind, 'mfa')));

/** Logs a code-step member in: the step's answer and the mailed code. */
async function passwordStep(username: string, email: string, channel = 'default') {
  const res = await login(username, MEMBER_PASSWORD, channel);
  expect(res.status).toBe(200);
  const body = loginResponseSchema.parse(await res.json());
  return { body, res, code: mailedCode((await lastMail(shop, email, 'login_code')).body) };
}

describe('login with a verification code', () => {
  it('the seeded demo-mfa member gets is_verify, no session, and a code by mail; the code logs in once', async () => {
    const res = await shop.request('POST', '/v1/auth/login', { body: { username: 'demo-mfa', password: 'demo-pass-2026' } });
    expect(res.status).toBe(200);
    const step = loginResponseSchema.parse(await res.json());
    expect(step).toMatchObject({
      is_verify: true,
      access_token: '',
      expires_in: 0,
      expires_at: '',
      verify_code: null,
      user_id: expect.any(Number),
    });
    expect(refreshCookie(res)).toBeNull();

    const mail = await lastMail(shop, 'demo-mfa@example.jp', 'login_code');
    expect(mail.subject).toBe('【Maison Kiyora】ログイン認証コード');
    expect(mail.body).toContain('佐藤 花子 様');
    expect(mail.body).toContain('有効期限は10分です');
    const code = mailedCode(mail.body);
    // Only a salted hash is stored: neither the code nor its plain hash is in the table.
    const [token] = (await codeTokens(step.user_id)).filter((t) => !t.used_at && !t.revoked_at);
    expect(token.token_hash).not.toBe(hashToken(code));
    expect(JSON.stringify(token)).not.toContain(code);

    const done = await verify(step.user_id, code);
    expect(done.status).toBe(200);
    const session = loginResponseSchema.parse(await done.json());
    expect(session).toMatchObject({ is_verify: false, is_registered_member: true, user_id: step.user_id, expires_in: 3600 });
    expect(refreshCookie(done)).toBeTruthy();
    expect((await shop.request('GET', '/v1/me/user', { token: session.access_token })).status).toBe(200);

    const again = await verify(step.user_id, code);
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: 'auth.verify_expired', errors: { verify_code: [expect.any(String)] } });
  });

  it('a wrong code is 422 auth.verify_failed on verify_code; after MAX_CODE_ATTEMPTS wrong ones the code is spent', async () => {
    const m = await createMember(shop, `mfa${id}a`, { mfa: true });
    const { body, code } = await passwordStep(m.username, m.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const res = await verify(body.user_id, wrong);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        message: '認証コードが正しくありません。',
        code: 'auth.verify_failed',
        request_id: expect.any(String),
        errors: { verify_code: ['認証コードが正しくありません。'] },
      });
    }
    const res = await verify(body.user_id, code);
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('auth.verify_expired');
    // Logging in again mails a fresh code that works.
    const next = await passwordStep(m.username, m.email);
    expect((await verify(next.body.user_id, next.code)).status).toBe(200);
  });

  it('a few wrong codes and then the right one logs in', async () => {
    const m = await createMember(shop, `mfa${id}b`, { mfa: true });
    const { body, code } = await passwordStep(m.username, m.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) expect((await verify(body.user_id, wrong)).status).toBe(422);
    expect((await verify(body.user_id, code)).status).toBe(200);
  });

  it('no code without the password step: a member without a live code, an expired code or an older code get auth.verify_expired', async () => {
    const m = await createMember(shop, `mfa${id}c`, { mfa: true });
    expect((await (await verify(m.id, '123456')).json()).code).toBe('auth.verify_expired');
    const demo = (await shop.database.db.select().from(users).where(eq(users.username, 'demo')))[0];
    expect((await (await verify(demo.id, '123456')).json()).code).toBe('auth.verify_expired');
    expect((await (await verify(2147483647, '123456')).json()).code).toBe('auth.verify_expired');

    const first = await passwordStep(m.username, m.email);
    const second = await passwordStep(m.username, m.email);
    if (first.code !== second.code) expect((await (await verify(m.id, first.code)).json()).code).toBe('auth.verify_failed');
    await shop.database.db
      .update(auth_tokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(and(eq(auth_tokens.user_id, m.id), eq(auth_tokens.kind, 'mfa')));
    expect((await (await verify(m.id, second.code)).json()).code).toBe('auth.verify_expired');
    // The code of another channel's request does not count here.
    const third = await passwordStep(m.username, m.email);
    expect((await (await verify(m.id, third.code, 'outlet')).json()).code).toBe('auth.verify_expired');
    expect((await verify(m.id, third.code)).status).toBe(200);
  });

  it('validates the code: six digits', async () => {
    const res = await verify(1, '12ab');
    expect(res.status).toBe(422);
    expect((await res.json()).errors.verify_code[0]).toContain('認証コード');
  });

  it.skipIf(!onPostgres)('parallel uses of the right code: exactly one logs in', async () => {
    const m = await createMember(shop, `mfa${id}p`, { mfa: true });
    const { body, code } = await passwordStep(m.username, m.email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(body.user_id, code)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
  });

  it.skipIf(!onPostgres)('30 parallel wrong guesses are never more than MAX_CODE_ATTEMPTS comparisons: the code ends spent', async () => {
    const m = await createMember(shop, `mfa${id}g`, { mfa: true });
    const { body, code } = await passwordStep(m.username, m.email);
    const guesses = Array.from({ length: 30 }, (_, i) => String(i).padStart(6, '0')).filter((g) => g !== code);
    const answers = await Promise.all(guesses.map((g) => verify(body.user_id, g)));
    const codes = await Promise.all(answers.map(async (r) => (await r.json()).code));
    expect(codes.filter((c) => c === 'auth.verify_failed').length).toBe(MAX_CODE_ATTEMPTS);
    expect((await (await verify(body.user_id, code)).json()).code).toBe('auth.verify_expired');
  });
});

describe('channel-sync login', () => {
  const sync = (username: string, password = MEMBER_PASSWORD, channel = 'default') =>
    shop.request('POST', '/v1/auth/login-sync-channel', { body: { username, password }, channel });

  it('a default member logs into the outlet: the linked member is created once with the same profile and password', async () => {
    const source = await createMember(shop, `sync${id}a`, { channel: 'default' });
    // A plain login there does not know the default member.
    expect((await login(source.username, MEMBER_PASSWORD, 'outlet')).status).toBe(422);

    const res = await sync(source.username, MEMBER_PASSWORD, 'outlet');
    expect(res.status).toBe(200);
    const body = loginResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ is_registered_member: true, is_verify: false });
    expect(refreshCookie(res)).toBeTruthy();
    const [linked] = await shop.database.db.select().from(users).where(eq(users.id, body.user_id));
    expect(linked).toMatchObject({
      channel_id: 'outlet',
      synced_from_user_id: source.id,
      username: source.username,
      email: source.email,
      last_name: '試験',
      password_hash: source.password_hash,
      security_question_ct: 1,
    });

    // Again by e-mail: the same linked member; and from now on a plain login works there too.
    const again = await (await sync(source.email, MEMBER_PASSWORD, 'outlet')).json();
    expect(again.user_id).toBe(body.user_id);
    expect((await (await login(source.username, MEMBER_PASSWORD, 'outlet')).json()).user_id).toBe(body.user_id);
    const linkedRows = await shop.database.db.select().from(users).where(eq(users.synced_from_user_id, source.id));
    expect(linkedRows).toHaveLength(1);
  });

  it('into a channel that verifies the e-mail first: the linked member starts unregistered and is mailed the link; the link registers it', async () => {
    const source = await createMember(shop, `sync${id}v`, { channel: 'outlet' });
    const res = await sync(source.username);
    expect(res.status).toBe(200);
    const body = loginResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ is_registered_member: false, is_verify: false });
    const [linked] = await shop.database.db.select().from(users).where(eq(users.id, body.user_id));
    expect(linked).toMatchObject({
      channel_id: 'default',
      synced_from_user_id: source.id,
      is_registered_member: false,
      email_verified_at: null,
    });
    // Logging in again (a plain login now finds the linked member) still is no registered login.
    expect((await (await login(source.username)).json()).is_registered_member).toBe(false);

    // Nor may it buy before the link is opened (the channel's rule), and may once it is.
    const steps = benefitSteps(() => shop);
    const [address] = await shop.database.db
      .insert(user_addresses)
      .values({
        user_id: body.user_id,
        name: '自宅',
        last_name: '中村',
        first_name: '光',
        postal_code: '1000001',
        prefecture: '東京都',
        city: '千代田区',
        address1: '千代田1-1',
        is_default: true,
      })
      .returning();
    const { token: cart } = await steps.cartWith([[1000, 10, 1]], body.access_token);
    await steps.readyToDecide(cart, body.access_token, address.id);
    const refused = await steps.failure(steps.decide(cart, body.access_token));
    expect(refused.code).toBe('cart.decision.unverified');

    const mail = await lastMail(shop, source.email, 'email_verify');
    expect(mail.channel_id).toBe('default');
    const opened = await shop.request('POST', '/v1/email-verify/check', { body: { token: linkToken(mail.body, '/verify/email/') } });
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ is_registered_member: true, user_id: body.user_id });
    await steps.ok(steps.decide(cart, body.access_token));
  });

  it('an unverified member of another channel cannot sync: the answer is a failed login and nothing is created', async () => {
    const source = await createMember(shop, `sync${id}u`, { channel: 'default', registered: false });
    for (const channel of ['outlet', SCHOOL_CHANNEL]) {
      const res = await sync(source.username, MEMBER_PASSWORD, channel);
      expect(res.status).toBe(422);
      expect((await res.json()).code).toBe('auth.failed');
    }
    expect(await shop.database.db.select().from(users).where(eq(users.synced_from_user_id, source.id))).toHaveLength(0);
  });

  it('into the school channel (SITE.SCHOOL_KEY_REQUIRED) the school key is required as for registration; a valid one stores the school', async () => {
    const source = await createMember(shop, `sync${id}s`, { channel: 'default' });
    const syncKey = (school_key?: string, password = MEMBER_PASSWORD) =>
      shop.request('POST', '/v1/auth/login-sync-channel', {
        body: { username: source.username, password, ...(school_key ? { school_key } : {}) },
        channel: SCHOOL_CHANNEL,
      });

    const missing = await syncKey();
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({
      code: 'user.school_key.required',
      errors: { school_key: [SCHOOL_KEY_MESSAGES.required] },
    });
    expect(refreshCookie(missing)).toBeNull();
    const wrong = await syncKey('NOPE2026');
    expect(await wrong.json()).toMatchObject({ code: 'user.school_key.invalid', errors: { school_key: [SCHOOL_KEY_MESSAGES.invalid] } });
    // The key is asked for only after the right password.
    expect((await (await syncKey(undefined, 'wrong-pass')).json()).code).toBe('auth.failed');
    expect(await shop.database.db.select().from(users).where(eq(users.synced_from_user_id, source.id))).toHaveLength(0);

    const ok = await syncKey('ｋｉｙｏｒａ２０２６');
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.is_registered_member).toBe(true);
    const [linked] = await shop.database.db.select().from(users).where(eq(users.id, body.user_id));
    expect(linked).toMatchObject({ channel_id: SCHOOL_CHANNEL, synced_from_user_id: source.id, school: '清良学園' });
  });

  it("a wrong password is auth.failed and counts towards the source member's lockout; unknown names answer the same", async () => {
    const source = await createMember(shop, `sync${id}b`, { channel: 'outlet' });
    const res = await sync(source.username, 'wrong-pass');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: 'ログインIDまたはパスワードが正しくありません。',
      code: 'auth.failed',
      request_id: expect.any(String),
    });
    expect((await shop.database.db.select().from(users).where(eq(users.id, source.id)))[0].failed_login_count).toBe(1);
    expect(await (await sync(`nobody${id}`, 'wrong-pass')).json()).toEqual({
      message: 'ログインIDまたはパスワードが正しくありません。',
      code: 'auth.failed',
      request_id: expect.any(String),
    });
    expect(await shop.database.db.select().from(users).where(eq(users.synced_from_user_id, source.id))).toHaveLength(0);
  });

  it("this channel's own credentials log in as for login", async () => {
    const res = await sync('demo', 'demo-pass-2026');
    expect(res.status).toBe(200);
    const [demo] = await shop.database.db
      .select()
      .from(users)
      .where(and(eq(users.username, 'demo'), eq(users.channel_id, 'default')));
    expect((await res.json()).user_id).toBe(demo.id);
  });

  it('a code-step member of the other channel gets the code step for the linked member, and the code completes it', async () => {
    const source = await createMember(shop, `sync${id}c`, { channel: 'default', mfa: true });
    const res = await sync(source.username, MEMBER_PASSWORD, 'outlet');
    const step = await res.json();
    expect(step).toMatchObject({ is_verify: true, access_token: '' });
    expect(step.user_id).not.toBe(source.id);
    const code = mailedCode((await lastMail(shop, source.email, 'login_code')).body);
    const done = await shop.request('POST', '/v1/auth/verify', {
      body: { user_id: step.user_id, verify_code: code, is_sync_user_channel: true },
      channel: 'outlet',
    });
    expect(done.status).toBe(200);
    expect((await done.json()).user_id).toBe(step.user_id);
  });
});

describe('lockout and unlock', () => {
  const unlock = (token: string, channel = 'default') => shop.request('GET', `/v1/auth/unlock/${encodeURIComponent(token)}`, { channel });

  it('the lock mails one unlock link; the link lifts the lock at once and works once', async () => {
    const m = await createMember(shop, `lock${id}a`);
    for (let i = 0; i < 5; i++) expect((await (await login(m.username, 'bad')).json()).code).toBe('auth.failed');
    expect((await (await login(m.username)).json()).code).toBe('auth.locked');
    expect((await (await login(m.username, 'bad')).json()).code).toBe('auth.locked');
    const mails = (await mailsTo(shop, m.email)).filter((x) => x.template === 'unlock');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('【Maison Kiyora】アカウントのロック解除のご案内');
    expect(mails[0].body).toContain('このリンクの有効期限は24時間です');
    const token = linkToken(mails[0].body, '/login/unlock/');

    const res = await unlock(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'アカウントのロックを解除しました。ログインしてください。' });
    expect((await shop.database.db.select().from(users).where(eq(users.id, m.id)))[0]).toMatchObject({
      locked_until: null,
      failed_login_count: 0,
    });
    expect((await login(m.username)).status).toBe(200);

    const again = await unlock(token);
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: 'auth.unlock_invalid', message: expect.stringContaining('無効') });
  });

  it('an expired, unknown or other-channel link is 422 auth.unlock_invalid and the lock stays', async () => {
    const m = await createMember(shop, `lock${id}b`);
    for (let i = 0; i < 5; i++) await login(m.username, 'bad');
    const token = linkToken((await lastMail(shop, m.email, 'unlock')).body, '/login/unlock/');
    expect((await unlock(token, 'outlet')).status).toBe(422);
    await shop.database.db
      .update(auth_tokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(and(eq(auth_tokens.user_id, m.id), eq(auth_tokens.kind, 'unlock')));
    expect((await (await unlock(token)).json()).code).toBe('auth.unlock_invalid');
    expect((await (await unlock('no-such-token')).json()).code).toBe('auth.unlock_invalid');
    expect((await shop.database.db.select().from(users).where(eq(users.id, m.id)))[0].locked_until).not.toBeNull();
  });

  it.skipIf(!onPostgres)('parallel uses of one unlock link: exactly one succeeds', async () => {
    const m = await createMember(shop, `lock${id}p`);
    for (let i = 0; i < 5; i++) await login(m.username, 'bad');
    const token = linkToken((await lastMail(shop, m.email, 'unlock')).body, '/login/unlock/');
    const answers = await Promise.all(Array.from({ length: 5 }, () => unlock(token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
  });
});

describe('GET /v1/me/login-histories', () => {
  it('pages every attempt newest first, with the code step and sync logins', async () => {
    const m = await createMember(shop, `hist${id}`, { mfa: true });
    await login(m.username, 'bad');
    const { body, code } = await passwordStep(m.username, m.email);
    const wrong = code === '000000' ? '111111' : '000000';
    await verify(body.user_id, wrong);
    const session = await (await verify(body.user_id, code)).json();

    const res = await shop.request('GET', '/v1/me/login-histories?per=2', { token: session.access_token });
    expect(res.status).toBe(200);
    const page = loginHistoryListSchema.parse(await res.json());
    expect(page.map((h) => h.succeeded)).toEqual([true, false]);
    expect(page[0].user_agent).toBeNull(); // verify came without a User-Agent
    expect(res.headers.get('x-total')).toBe('3');
    expect(res.headers.get('x-per-page')).toBe('2');
    expect(res.headers.get('x-last-page')).toBe('2');
    expect(res.headers.get('x-current-page')).toBe('1');
    const second = await (await shop.request('GET', '/v1/me/login-histories?per=2&page=2', { token: session.access_token })).json();
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ succeeded: false, user_agent: 'vitest-account' });
    expect((await shop.request('GET', '/v1/me/login-histories')).status).toBe(401);
    expect((await shop.request('GET', '/v1/me/login-histories?page=0', { token: session.access_token })).status).toBe(422);
  });

  it('a sync login is recorded on the linked member', async () => {
    const source = await createMember(shop, `hsync${id}`, { channel: 'outlet' });
    const body = await (
      await shop.request('POST', '/v1/auth/login-sync-channel', { body: { username: source.username, password: MEMBER_PASSWORD } })
    ).json();
    const rows = await shop.database.db.select().from(login_histories).where(eq(login_histories.user_id, body.user_id));
    expect(rows.map((r) => r.succeeded)).toEqual([true]);
  });
});

describe('PUT /v1/me/password', () => {
  it("sets password_changed_at and ends the member's other sessions, keeping this one", async () => {
    const m = await createMember(shop, `pw${id}`);
    const other = await (await login(m.username)).json();
    const current = await (await login(m.username)).json();
    const res = await shop.request('PUT', '/v1/me/password', {
      token: current.access_token,
      body: { current_password: MEMBER_PASSWORD, password: 'changed-pass-2026' },
    });
    expect(res.status).toBe(204);
    expect((await shop.request('GET', '/v1/me/user', { token: other.access_token })).status).toBe(401);
    expect((await shop.request('GET', '/v1/me/user', { token: current.access_token })).status).toBe(200);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, m.id));
    expect(Date.now() - row.password_changed_at!.getTime()).toBeLessThan(60_000);
    expect((await login(m.username, 'changed-pass-2026')).status).toBe(200);
  });
});
