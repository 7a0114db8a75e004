/** Auth and the member: login, refresh rotation with reuse detection, logout, /me/user, addresses. */
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressListSchema } from '#contracts/addresses.ts';
import { loginResponseSchema } from '#contracts/auth.ts';
import { userSchema } from '#contracts/user.ts';
import { createApp } from '../../api/src/app.ts';
import { login_histories, users } from '../../api/src/db/schema/index.ts';
import { hashPassword } from '../../api/src/services/passwords/index.ts';
import { PASSWORD_CHECK_LIMIT } from '../../api/src/services/users/index.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

// Login names are counted in the rate-limit store, which outlives this file's database on Redis.
const run = randomBytes(4).toString('hex');

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  shop.request('POST', '/v1/auth/login', { body: { username, password }, headers });

/** The `refresh_token` value from a response's Set-Cookie header. */
function refreshCookie(res: Response): string | null {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
  return header ? header.split(';')[0].slice('refresh_token='.length) : null;
}

const refresh = (cookie: string | null) =>
  shop.request('POST', '/v1/auth/refresh', { body: {}, headers: cookie ? { Cookie: `refresh_token=${cookie}` } : {} });

async function createMember(username: string, password: string) {
  const [u] = await shop.database.db
    .insert(users)
    .values({
      channel_id: 'default',
      username,
      email: `${username}@example.jp`,
      password_hash: await hashPassword(password),
      last_name: '試験',
      first_name: '花子',
    })
    .returning();
  return u;
}

describe('login', () => {
  it("logs in by username and answers the spec's login fields with a refresh cookie", async () => {
    const res = await login('demo', 'demo-pass-2026', { 'User-Agent': 'vitest' });
    expect(res.status).toBe(200);
    const body = loginResponseSchema.parse(await res.json());
    expect(body).toMatchObject({
      access_token: expect.any(String),
      expires_in: 3600,
      is_registered_member: true,
      has_password_expired: false,
      has_mail_error_count_over: false,
      user_id: expect.any(Number),
      is_verify: false,
      verify_code: null,
    });
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(3500_000);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('refresh_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/v1\/auth/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http here
  });

  it('records the login in the history with the socket address, ignoring X-Forwarded-For unless the peer is in TRUSTED_PROXIES', async () => {
    const lastHistory = async (userId: number) =>
      (
        await shop.database.db
          .select()
          .from(login_histories)
          .where(eq(login_histories.user_id, userId))
          .orderBy(desc(login_histories.id))
          .limit(1)
      )[0];
    const send = (app: ReturnType<typeof createApp>) =>
      app.request(
        '/v1/auth/login',
        {
          method: 'POST',
          body: JSON.stringify({ username: 'demo', password: 'demo-pass-2026' }),
          headers: { 'Content-Type': 'application/json', 'User-Agent': 'vitest', 'X-Forwarded-For': '203.0.113.7, 10.0.0.1' },
        },
        { incoming: { socket: { remoteAddress: '::ffff:127.0.0.1' } } },
      );

    const direct = await send(shop.app);
    const { user_id } = await direct.json();
    expect(await lastHistory(user_id)).toMatchObject({ ip: '127.0.0.1', user_agent: 'vitest', succeeded: true });

    // Behind a trusted proxy the client is the rightmost entry that is not a trusted proxy.
    const proxied = createApp({ db: shop.database.db, env: shop.envWith({ TRUSTED_PROXIES: '127.0.0.1' }) });
    expect((await send(proxied)).status).toBe(200);
    expect(await lastHistory(user_id)).toMatchObject({ ip: '10.0.0.1' });
  });

  it('accepts the e-mail address in the username field, case-insensitively', async () => {
    const res = await login('Demo@Example.JP', 'demo-pass-2026');
    expect(res.status).toBe(200);
  });

  it('answers 422 auth.failed for a wrong password or an unknown user, with the same message', async () => {
    for (const [u, p] of [
      ['demo', 'wrong-password'],
      [`nobody-${run}`, 'demo-pass-2026'],
    ]) {
      const res = await login(u, p);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        message: 'ログインIDまたはパスワードが正しくありません。',
        code: 'auth.failed',
        request_id: expect.any(String),
      });
    }
  });

  it('locks the account after 5 failures in a row, even for the right password', async () => {
    await createMember(`lockme-${run}`, 'right-pass-123');
    for (let i = 0; i < 5; i++) expect((await login(`lockme-${run}`, 'bad')).status).toBe(422);
    const res = await login(`lockme-${run}`, 'right-pass-123');
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('auth.locked');
  });

  it('rejects bad bodies with 422 field errors and malformed JSON with 400, never 500', async () => {
    const missing = await shop.request('POST', '/v1/auth/login', { body: { username: 'demo' } });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors.password).toBeDefined();
    const wrongType = await shop.request('POST', '/v1/auth/login', { body: { username: 1, password: ['x'] } });
    expect(wrongType.status).toBe(422);
    const malformed = await shop.request('POST', '/v1/auth/login', { body: '{"username": "demo",' });
    expect(malformed.status).toBe(400);
  });
});

describe('GET /v1/me/user', () => {
  it('answers the member with the token and never the password hash', async () => {
    const token = await loginDemo(shop);
    const res = await shop.request('GET', '/v1/me/user', { token });
    expect(res.status).toBe(200);
    const raw = await res.json();
    const me = userSchema.parse(raw);
    expect(me).toMatchObject({ username: 'demo', email: 'demo@example.jp', is_registered_member: true });
    const text = JSON.stringify(raw); // the raw body: parsing would strip a leaked field
    expect(text).not.toMatch(/password|security_answer|scrypt/);
  });

  it('answers 401 with a message without a token or with a garbage one', async () => {
    for (const token of [null, 'garbage', 'x'.repeat(43)]) {
      const res = await shop.request('GET', '/v1/me/user', { token });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
  });

  it("does not accept a member's token on another channel", async () => {
    const token = await loginDemo(shop);
    expect((await shop.request('GET', '/v1/me/user', { token, channel: 'outlet' })).status).toBe(401);
  });
});

describe('PUT /v1/me/user and /v1/me/password', () => {
  it("updates the member's fields but never the username", async () => {
    await createMember('editme', 'edit-pass-123');
    const { access_token: token } = await (await login('editme', 'edit-pass-123')).json();
    const body = {
      password: 'edit-pass-123',
      email: 'edited@example.jp',
      last_name: '編集',
      first_name: '済子',
      last_name_kana: 'ヘンシュウ',
      first_name_kana: 'スミコ',
      phone_number: '0311112222',
      username: 'hacker',
    };
    const res = await shop.request('PUT', '/v1/me/user', { token, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: 'editme', email: 'edited@example.jp', last_name_kana: 'ヘンシュウ' });
    const bad = await shop.request('PUT', '/v1/me/user', {
      token,
      body: { ...body, last_name_kana: 'へんしゅう', phone_number: '03-1111-2222' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(['last_name_kana', 'phone_number']);
    const taken = await shop.request('PUT', '/v1/me/user', { token, body: { ...body, email: 'DEMO@example.jp' } });
    expect(taken.status).toBe(422);
  });

  it('changes the password after checking the current one', async () => {
    await createMember('pwchange', 'old-pass-123');
    const { access_token: token } = await (await login('pwchange', 'old-pass-123')).json();
    const wrong = await shop.request('PUT', '/v1/me/password', { token, body: { current_password: 'nope', password: 'new-pass-456' } });
    expect(wrong.status).toBe(422);
    const res = await shop.request('PUT', '/v1/me/password', {
      token,
      body: { current_password: 'old-pass-123', password: 'new-pass-456' },
    });
    expect(res.status).toBe(204);
    expect((await login('pwchange', 'old-pass-123')).status).toBe(422);
    expect((await login('pwchange', 'new-pass-456')).status).toBe(200);
    expect((await shop.request('GET', '/v1/me/user', { token })).status).toBe(200); // this session stays
  });

  it('limits current-password checks per member: a stolen token cannot guess the password', async () => {
    const name = `pwguess${Date.now()}`;
    await createMember(name, 'guess-pass-123');
    const { access_token: token } = await (await login(name, 'guess-pass-123')).json();
    const guess = () =>
      shop.request('PUT', '/v1/me/password', { token, body: { current_password: 'wrong-guess', password: 'new-pass-456' } });
    for (let i = 0; i < PASSWORD_CHECK_LIMIT; i += 1) expect((await guess()).status).toBe(422);
    const refused = await guess();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'user.password.too_many_attempts', message: expect.stringMatching(/パスワード/) });
    // Even the right password is not checked until the window passes.
    const right = await shop.request('PUT', '/v1/me/password', {
      token,
      body: { current_password: 'guess-pass-123', password: 'new-pass-456' },
    });
    expect(right.status).toBe(429);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token, and a reused one revokes the whole family', async () => {
    const first = await login('demo', 'demo-pass-2026');
    const c1 = refreshCookie(first);
    expect(c1).toBeTruthy();

    const r1 = await refresh(c1);
    expect(r1.status).toBe(200);
    const b1 = await r1.json();
    expect(b1.access_token).toEqual(expect.any(String));
    const c2 = refreshCookie(r1);
    expect(c2).toBeTruthy();
    expect(c2).not.toBe(c1);
    expect((await shop.request('GET', '/v1/me/user', { token: b1.access_token })).status).toBe(200);

    // c1 was already used: a replay. It fails, and so does everything issued in its family.
    expect((await refresh(c1)).status).toBe(401);
    expect((await refresh(c2)).status).toBe(401);
    expect((await shop.request('GET', '/v1/me/user', { token: b1.access_token })).status).toBe(401);
  });

  it('answers 401 without a refresh cookie or with an unknown one', async () => {
    expect((await refresh(null)).status).toBe(401);
    expect((await refresh('not-a-token')).status).toBe(401);
  });

  it('logout revokes the access token and the refresh family and clears the cookie', async () => {
    const res = await login('demo', 'demo-pass-2026');
    const { access_token } = await res.json();
    const cookie = refreshCookie(res);
    const out = await shop.request('POST', '/v1/auth/logout', {
      body: {},
      token: access_token,
      headers: { Cookie: `refresh_token=${cookie}` },
    });
    expect(out.status).toBe(204);
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await shop.request('GET', '/v1/me/user', { token: access_token })).status).toBe(401);
    expect((await refresh(cookie)).status).toBe(401);
  });
});

describe('address book', () => {
  it("lists the member's addresses with the display fields and the x-limit header", async () => {
    const token = await loginDemo(shop);
    const res = await shop.request('GET', '/v1/me/user-addresses', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-limit')).toBe('20');
    const list = addressListSchema.parse(await res.json());
    expect(list.length).toBeGreaterThan(0);
    const a = list[0];
    expect(a.is_default).toBe(true);
    expect(a.formatted_postal_code).toBe(`${a.postal_code.slice(0, 3)}-${a.postal_code.slice(3)}`);
    expect(a.combined_address.startsWith(`${a.prefecture}${a.city}${a.address1}`)).toBe(true);
    expect(a.full_address).toBe(`〒${a.formatted_postal_code} ${a.combined_address}`);
    expect((await shop.request('GET', '/v1/me/user-addresses')).status).toBe(401);
  });

  it('adds, edits, defaults and deletes an address, and validates the postal code', async () => {
    const token = await loginDemo(shop);
    const input = {
      name: '実家',
      last_name: '山田',
      first_name: '花子',
      postal_code: '530-0001',
      prefecture: '大阪府',
      city: '大阪市北区',
      address1: '梅田1-1-1',
      address2: '梅田ビル3F',
      phone_number: '0612345678',
    };
    const created = await shop.request('POST', '/v1/me/user-addresses', { token, body: input });
    expect(created.status).toBe(201);
    const a = await created.json();
    expect(a).toMatchObject({
      postal_code: '5300001',
      formatted_postal_code: '530-0001',
      combined_address: '大阪府大阪市北区梅田1-1-1 梅田ビル3F',
      is_default: false,
    });

    const edited = await shop.request('PUT', `/v1/me/user-addresses/${a.id}`, { token, body: { ...input, address2: '' } });
    expect((await edited.json()).combined_address).toBe('大阪府大阪市北区梅田1-1-1');
    const used = await shop.request('PATCH', `/v1/me/user-addresses/${a.id}/use`, { token });
    expect((await used.json()).is_default).toBe(true);
    const list = await (await shop.request('GET', '/v1/me/user-addresses', { token })).json();
    expect(list.filter((x: { is_default: boolean }) => x.is_default)).toHaveLength(1);
    expect(list[0].id).toBe(a.id);

    const bad = await shop.request('POST', '/v1/me/user-addresses', { token, body: { ...input, postal_code: '12-345' } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.postal_code).toBeDefined();

    expect((await shop.request('DELETE', `/v1/me/user-addresses/${a.id}`, { token })).status).toBe(204);
    expect((await shop.request('GET', `/v1/me/user-addresses/${a.id}`, { token })).status).toBe(404);
    const after = await (await shop.request('GET', '/v1/me/user-addresses', { token })).json();
    expect(after.filter((x: { is_default: boolean }) => x.is_default)).toHaveLength(1);
  });
});

describe('openapi', () => {
  it('lists the auth, user, address, cart, payment and order operations', async () => {
    const doc = await (await shop.request('GET', '/v1/openapi.json')).json();
    for (const path of [
      '/auth/login',
      '/auth/refresh',
      '/auth/logout',
      '/me/user',
      '/me/user-addresses',
      '/carts/init',
      '/carts/{token}',
      '/carts/products/add',
      '/carts/shippings/add',
      '/carts/order/modify',
      '/carts/{token}/decision',
      '/payments/carts/{token}',
      '/me/orders',
      '/me/orders/{id}',
    ]) {
      expect(
        Object.keys(doc.paths).some((p) => p.endsWith(path)),
        path,
      ).toBe(true);
    }
  });
});
