/**
 * Registration (POST /v1/users) and first-login e-mail verification (POST /v1/email-verify/request,
 * /check): logged in at once, unregistered until the mailed link is opened on the default channel
 * (setting on), registered at once with a welcome mail on the outlet; duplicates per field; the link
 * works once. Also has_password_expired (AUTH.PASSWORD_EXPIRE_DAYS).
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '#contracts/auth.ts';
import { auth_tokens, settings, user_addresses, users } from '../../api/src/db/schema/index.ts';
import { appWithAddresses, lastMail, linkToken, mailsTo, refreshCookie, registration, run } from './account-support.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

let shop: TestShop;
const id = run();
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const register = (body: unknown, channel = 'default') => shop.request('POST', '/v1/users', { body, channel });
const check = (token: string) => shop.request('POST', '/v1/email-verify/check', { body: { token } });
const userByName = async (username: string, channel = 'default') =>
  (
    await shop.database.db
      .select()
      .from(users)
      .where(and(eq(users.username, username), eq(users.channel_id, channel)))
  )[0];

describe('POST /v1/users', () => {
  it('registers, logs in (201 LoginResponse + refresh cookie) and, with verification on, mails the link and stays unregistered', async () => {
    const name = `reg${id}a`;
    const res = await register(
      registration(name, { address: { postal_code: '150-0001', prefecture: '東京都', city: '渋谷区', address1: '神宮前1-2-3' } }),
    );
    expect(res.status).toBe(201);
    const body = loginResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ is_registered_member: false, is_verify: false, has_password_expired: false, expires_in: 3600 });
    expect(refreshCookie(res)).toBeTruthy();

    const me = await (await shop.request('GET', '/v1/me/user', { token: body.access_token })).json();
    expect(me).toMatchObject({
      username: name,
      email: `${name}@example.jp`,
      last_name: '鈴木',
      is_registered_member: false,
      security_question_ct: 2,
      newsletter: 1,
    });
    const row = await userByName(name);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.security_answer_hash).toMatch(/^scrypt\$/);
    expect(row.security_answer_hash).not.toContain('田中');
    expect(row.password_changed_at).not.toBeNull();

    const [address] = await shop.database.db.select().from(user_addresses).where(eq(user_addresses.user_id, row.id));
    expect(address).toMatchObject({
      postal_code: '1500001',
      prefecture: '東京都',
      city: '渋谷区',
      address1: '神宮前1-2-3',
      is_default: true,
      last_name: '鈴木',
      cell_phone_number: '09011112222',
    });
    const list = await (await shop.request('GET', '/v1/me/user-addresses', { token: body.access_token })).json();
    expect(list[0]).toMatchObject({ formatted_postal_code: '150-0001', full_address: '〒150-0001 東京都渋谷区神宮前1-2-3' });

    const mail = await lastMail(shop, `${name}@example.jp`, 'email_verify');
    expect(mail.subject).toBe('【Maison Kiyora】メールアドレスのご確認');
    expect(mail.body).toContain('鈴木 一郎 様');
    expect(mail.body).toContain('このリンクの有効期限は24時間です');
    expect(await lastMail(shop, `${name}@example.jp`, 'welcome')).toBeUndefined();

    // Opening the link registers the member and logs in again.
    const opened = await check(linkToken(mail.body, '/verify/email/'));
    expect(opened.status).toBe(200);
    const session = loginResponseSchema.parse(await opened.json());
    expect(session).toMatchObject({ is_registered_member: true, user_id: row.id });
    expect(refreshCookie(opened)).toBeTruthy();
    expect((await userByName(name)).email_verified_at).not.toBeNull();
  });

  it('registers at once on the outlet (verification off) and mails the welcome', async () => {
    const name = `reg${id}o`;
    const res = await register(registration(name), 'outlet');
    expect(res.status).toBe(201);
    expect((await res.json()).is_registered_member).toBe(true);
    const mail = await lastMail(shop, `${name}@example.jp`, 'welcome');
    expect(mail.subject).toBe('【Maison Kiyora OUTLET】会員登録が完了しました');
    expect(mail.body).toContain(`ログインID：${name}`);
    expect(mail.channel_id).toBe('outlet');
    expect(await lastMail(shop, `${name}@example.jp`, 'email_verify')).toBeUndefined();
  });

  it('refuses a login ID a member already uses, with the message on that field only', async () => {
    const name = `dup${id}`;
    expect((await register(registration(name))).status).toBe(201);

    const res = await register(registration(name.toUpperCase(), { email: `other-${name}@example.jp` }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'user.username.taken', errors: { username: ['このログインIDは既に使用されています'] } });
    // A taken login ID with a taken address: only the login ID, a public name, is answered.
    expect((await (await register(registration(name))).json()).errors).toEqual({ username: ['このログインIDは既に使用されています'] });
    // The same login ID is free on the other channel.
    expect((await register(registration(name), 'outlet')).status).toBe(201);
  });

  it("refuses a member's e-mail where registration logs in at once (the outlet verifies nothing first)", async () => {
    const name = `dupo${id}`;
    expect((await register(registration(name), 'outlet')).status).toBe(201);
    const res = await register(registration(`${name}b`, { email: `${name.toUpperCase()}@EXAMPLE.JP` }), 'outlet');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'user.email.taken', errors: { email: ['このメールアドレスは既に登録されています'] } });
  });

  it("where the address is verified first, a member's e-mail answers as a new one does; the owner is mailed the way to the reminders", async () => {
    const owner = await register(registration(`own${id}`));
    const ownerLink = linkToken((await lastMail(shop, `own${id}@example.jp`, 'email_verify')).body, '/verify/email/');
    expect((await check(ownerLink)).status).toBe(200);

    const shape = async (res: Response) => {
      const body = loginResponseSchema.parse(await res.json());
      return {
        status: res.status,
        keys: Object.keys(body).sort(),
        cookie: refreshCookie(res) != null,
        flags: { ...body, access_token: typeof body.access_token, expires_at: typeof body.expires_at, user_id: typeof body.user_id },
      };
    };
    const fresh = await shape(await register(registration(`new${id}`, { password: 'probe-pass-2026' })));
    const taken = await register(registration(`prb${id}`, { email: `OWN${id}@example.jp`, password: 'probe-pass-2026' }));
    const probe = await shape(taken.clone());
    expect(probe).toEqual(fresh);
    expect(probe).toMatchObject({ status: 201, flags: { is_registered_member: false, is_verify: false } });
    expect(owner.status).toBe(201);

    // The address gets no link but a mail saying it is registered, with the reminder pages.
    const mails = (await mailsTo(shop, `own${id}@example.jp`)).map((m) => m.template);
    expect(mails).toEqual(['email_verify', 'email_taken']);
    const told = await lastMail(shop, `own${id}@example.jp`, 'email_taken');
    expect(told.subject).toBe('【Maison Kiyora】会員登録のお申し込みについて');
    expect(told.body).toContain('既に会員登録されています');
    linkToken(told.body, '/reminder/');
    expect(told.body).not.toContain(`prb${id}`);
    // A resend by the probe's session mails the same notice, never a link.
    const { access_token } = await (await register(registration(`prc${id}`, { email: `own${id}@example.jp` }))).json();
    expect((await shop.request('POST', '/v1/email-verify/request', { token: access_token, body: {} })).status).toBe(200);
    expect((await mailsTo(shop, `own${id}@example.jp`)).filter((m) => m.template === 'email_verify')).toHaveLength(1);
    // Logging in by the address with the probe's password fails as for a new address (an unverified
    // registration logs in by its login ID only); the owner still logs in with the address.
    const byAddress = (username: string, password = 'new-pass-2026') =>
      shop.request('POST', '/v1/auth/login', { body: { username, password } }).then(async (r) => [r.status, (await r.json()).code]);
    expect(await byAddress(`new${id}@example.jp`, 'probe-pass-2026')).toEqual([422, 'auth.failed']);
    expect(await byAddress(`own${id}@example.jp`, 'probe-pass-2026')).toEqual([422, 'auth.failed']);
    expect(
      (await (await shop.request('POST', '/v1/auth/login', { body: { username: `new${id}`, password: 'probe-pass-2026' } })).json())
        .is_registered_member,
    ).toBe(false);
    const login = await shop.request('POST', '/v1/auth/login', { body: { username: `own${id}@example.jp`, password: 'new-pass-2026' } });
    expect((await login.json()).is_registered_member).toBe(true);
  });

  it('an unverified registration blocks nobody: a newer one of the address verifies it and the stale one is dropped', async () => {
    const email = `blk${id}@example.jp`;
    expect((await register(registration(`sq${id}`, { email }))).status).toBe(201);
    const staleLink = linkToken((await lastMail(shop, email, 'email_verify')).body, '/verify/email/');
    const stale = await userByName(`sq${id}`);

    const res = await register(registration(`blk${id}`, { email }));
    expect(res.status).toBe(201);
    const opened = await check(linkToken((await lastMail(shop, email, 'email_verify')).body, '/verify/email/'));
    expect(opened.status).toBe(200);
    expect((await opened.json()).is_registered_member).toBe(true);
    expect(await userByName(`blk${id}`)).toMatchObject({ is_registered_member: true, email });

    // The stale registration is erased (its login ID is free again) and its link is void.
    const [gone] = await shop.database.db.select().from(users).where(eq(users.id, stale.id));
    expect(gone.deleted_at).not.toBeNull();
    expect(gone.email).toBe('');
    expect((await check(staleLink)).status).toBe(422);
    // The owner can now use the password reminder.
    const reminder = await shop.request('POST', '/v1/reminder/request', { body: { email } });
    expect(reminder.status).toBe(200);
    expect(await lastMail(shop, email, 'reminder_password')).toBeDefined();
  });

  it.skipIf(!onPostgres)(
    'two registrations of one address opening their links at once: exactly one is registered, the other erased',
    async () => {
      const email = `both${id}@example.jp`;
      const links: string[] = [];
      for (const suffix of ['x', 'y']) {
        expect((await register(registration(`both${id}${suffix}`, { email }))).status).toBe(201);
        links.push(linkToken((await lastMail(shop, email, 'email_verify')).body, '/verify/email/'));
      }
      const answers = await Promise.all(links.map((t) => check(t)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
      const rows = await shop.database.db
        .select()
        .from(users)
        .where(and(eq(users.channel_id, 'default'), sql`lower(${users.email}) = ${email}`));
      expect(rows.map((r) => [r.is_registered_member, r.deleted_at == null])).toEqual([[true, true]]);
    },
  );

  it('validates the fields: a phone is required, the login ID is half-width letters and digits', async () => {
    const res = await register(registration(`val${id}`, { cell_phone_number: null, username: 'やまだ' }));
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors.phone_number).toEqual(['いずれかは必須項目です']);
    expect(errors.cell_phone_number).toEqual(['いずれかは必須項目です']);
    expect(errors.username[0]).toBe('ログインIDは半角英数字で入力してください');
  });

  it.skipIf(!onPostgres)('two sign-ups with the same login ID at once: one is registered, the other gets 422 on username', async () => {
    const name = `race${id}`;
    const answers = await Promise.all([
      register(registration(name, { email: `race1-${id}@example.jp` })),
      register(registration(name, { email: `race2-${id}@example.jp` })),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422]);
    const refused = answers.find((r) => r.status === 422)!;
    expect(Object.keys((await refused.json()).errors)).toEqual(['username']);
  });

  it('is rate-limited per client address', async () => {
    const send = appWithAddresses(shop);
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const statuses: number[] = [];
    // A valid body with a login ID in use: counted, then refused cheaply (no hashing) as a duplicate.
    for (let i = 0; i < 21; i++) statuses.push((await send('POST', '/v1/users', ip, registration('demo'))).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(422));
    expect(statuses[20]).toBe(429);
    const over = await send('POST', '/v1/users', ip, registration(`rl${id}`));
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ message: 'リクエストが多すぎます。しばらく時間をおいてから再度お試しください。' });
  });
});

describe('e-mail verification', () => {
  async function unregistered(suffix: string) {
    const name = `ver${id}${suffix}`;
    const res = await register(registration(name));
    const body = await res.json();
    return { name, email: `${name}@example.jp`, token: body.access_token as string, userId: body.user_id as number };
  }

  it('request mails a new link and the older one stops working; the new one works once', async () => {
    const m = await unregistered('a');
    const first = linkToken((await lastMail(shop, m.email, 'email_verify')).body, '/verify/email/');
    const res = await shop.request('POST', '/v1/email-verify/request', { token: m.token, body: {} });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toContain('確認メールを送信しました');
    const mails = (await mailsTo(shop, m.email)).filter((x) => x.template === 'email_verify');
    expect(mails).toHaveLength(2);
    const second = linkToken(mails[1].body, '/verify/email/');

    const old = await check(first);
    expect(old.status).toBe(422);
    expect(await old.json()).toMatchObject({ code: 'email_verify.invalid', message: expect.stringContaining('無効') });
    expect((await check(second)).status).toBe(200);
    expect((await check(second)).status).toBe(422);
  });

  it('a registered member or a request without a token is refused; more than 5 links an hour is 429', async () => {
    const m = await unregistered('b');
    expect((await shop.request('POST', '/v1/email-verify/request', { body: {} })).status).toBe(401);
    for (let i = 0; i < 5; i++)
      expect((await shop.request('POST', '/v1/email-verify/request', { token: m.token, body: {} })).status).toBe(200);
    const over = await shop.request('POST', '/v1/email-verify/request', { token: m.token, body: {} });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);

    const demo = await (await shop.request('POST', '/v1/auth/login', { body: { username: 'demo', password: 'demo-pass-2026' } })).json();
    const res = await shop.request('POST', '/v1/email-verify/request', { token: demo.access_token, body: {} });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('email_verify.not_required');
  });

  it('an expired, unknown or other-channel link is 422 email_verify.invalid', async () => {
    const m = await unregistered('c');
    const token = linkToken((await lastMail(shop, m.email, 'email_verify')).body, '/verify/email/');
    expect((await shop.request('POST', '/v1/email-verify/check', { body: { token }, channel: 'outlet' })).status).toBe(422);
    await shop.database.db
      .update(auth_tokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(and(eq(auth_tokens.user_id, m.userId), eq(auth_tokens.kind, 'email_verify')));
    const res = await check(token);
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('email_verify.invalid');
    expect((await check('no-such-token')).status).toBe(422);
    expect((await userByName(m.name)).is_registered_member).toBe(false);
  });

  it('a link mailed before the member changed the address is void', async () => {
    const m = await unregistered('d');
    const token = linkToken((await lastMail(shop, m.email, 'email_verify')).body, '/verify/email/');
    const put = await shop.request('PUT', '/v1/me/user', {
      token: m.token,
      body: {
        password: 'new-pass-2026',
        email: `changed-${m.email}`,
        last_name: '鈴木',
        first_name: '一郎',
        last_name_kana: 'スズキ',
        first_name_kana: 'イチロウ',
        cell_phone_number: '09011112222',
      },
    });
    expect(put.status).toBe(200);
    expect((await check(token)).status).toBe(422);
  });

  it.skipIf(!onPostgres)('two parallel uses of one link: exactly one succeeds', async () => {
    const m = await unregistered('e');
    const token = linkToken((await lastMail(shop, m.email, 'email_verify')).body, '/verify/email/');
    const answers = await Promise.all(Array.from({ length: 5 }, () => check(token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
  });
});

describe('has_password_expired', () => {
  it('is true once the password is older than AUTH.PASSWORD_EXPIRE_DAYS (0 = never)', async () => {
    const name = `exp${id}`;
    await register(registration(name), 'outlet');
    const login = async () =>
      (
        await (
          await shop.request('POST', '/v1/auth/login', { body: { username: name, password: 'new-pass-2026' }, channel: 'outlet' })
        ).json()
      ).has_password_expired;
    expect(await login()).toBe(false);
    await shop.database.db.update(users).set({ password_changed_at: sql`now() - interval '31 days'` }).where(eq(users.username, name));
    expect(await login()).toBe(false); // the seeded setting is 0: never
    await shop.database.db
      .update(settings)
      .set({ value: 30 })
      .where(and(eq(settings.channel_id, 'outlet'), eq(settings.key, 'AUTH.PASSWORD_EXPIRE_DAYS')));
    try {
      expect(await login()).toBe(true);
      await shop.database.db.update(users).set({ password_changed_at: sql`now() - interval '29 days'` }).where(eq(users.username, name));
      expect(await login()).toBe(false);
    } finally {
      await shop.database.db
        .update(settings)
        .set({ value: 0 })
        .where(and(eq(settings.channel_id, 'outlet'), eq(settings.key, 'AUTH.PASSWORD_EXPIRE_DAYS')));
    }
    // The setting is private: the storefront's settings do not show it.
    const front = await (await shop.request('GET', '/v1/settings/front', { channel: 'outlet' })).json();
    expect(front).not.toHaveProperty('AUTH.PASSWORD_EXPIRE_DAYS');
  });
});
