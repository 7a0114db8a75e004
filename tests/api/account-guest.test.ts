/**
 * The guest purchase's member: GET /v1/users/dummy → PUT /v1/me/user (any e-mail, even a member's)
 * → an address → cart → decision with the order mail to the guest's e-mail → POST /v1/me/convert.
 * Also the school-key check.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '#contracts/auth.ts';
import { orders, users } from '../../api/src/db/schema/index.ts';
import { appWithAddresses, lastMail, refreshCookie, run } from './account-support.ts';
import { createTestShop, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let product: ReturnType<typeof productPicker>;
const id = run();
beforeAll(async () => {
  shop = await createTestShop();
  product = productPicker(shop);
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const details = (email: string) => ({
  email,
  last_name: '高橋',
  first_name: '美咲',
  last_name_kana: 'タカハシ',
  first_name_kana: 'ミサキ',
  cell_phone_number: '09033334444',
});
const address = {
  division_ct: 1,
  name: '',
  shipping_name: '高橋 美咲',
  last_name: '高橋',
  first_name: '美咲',
  last_name_kana: 'タカハシ',
  first_name_kana: 'ミサキ',
  postal_code: '5300001',
  prefecture: '大阪府',
  city: '大阪市北区',
  address1: '梅田1-1-1',
  address2: '',
  phone_number: null,
  cell_phone_number: '09033334444',
};

async function dummy() {
  const res = await shop.request('GET', '/v1/users/dummy');
  expect(res.status).toBe(200);
  return { res, body: loginResponseSchema.parse(await res.json()) };
}

async function ok(method: string, path: string, token: string, body?: unknown) {
  const res = await shop.request(method, path, { token, body });
  const json = res.status === 204 ? null : await res.json();
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json;
}

describe('GET /v1/users/dummy', () => {
  it('creates an unregistered guest member without a password and logs it in', async () => {
    const { res, body } = await dummy();
    expect(body).toMatchObject({ is_registered_member: false, is_verify: false, expires_in: 3600 });
    expect(refreshCookie(res)).toBeTruthy();
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, body.user_id));
    expect(row).toMatchObject({ is_guest: true, is_registered_member: false, email: '', last_name: '', channel_id: 'default' });
    expect(row.username).toMatch(/^guest-[\w-]{16}$/);
    expect(row.password_hash).not.toMatch(/^scrypt/);
    // A guest never logs in with a password.
    expect((await shop.request('POST', '/v1/auth/login', { body: { username: row.username, password: 'anything' } })).status).toBe(422);
    const me = await ok('GET', '/v1/me/user', body.access_token);
    expect(me).toMatchObject({ is_registered_member: false, email: '' });
  });

  it('is rate-limited per client address', async () => {
    const send = appWithAddresses(shop);
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await send('GET', '/v1/users/dummy', ip)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });
});

describe('guest purchase', () => {
  it("a guest may give a member's e-mail address (a member may not)", async () => {
    const { body } = await dummy();
    expect((await ok('PUT', '/v1/me/user', body.access_token, details('demo@example.jp'))).email).toBe('demo@example.jp');
    // The member login by e-mail still finds the member, not the guest.
    const demo = await (
      await shop.request('POST', '/v1/auth/login', { body: { username: 'demo@example.jp', password: 'demo-pass-2026' } })
    ).json();
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, demo.user_id));
    expect(row.username).toBe('demo');
    // Converting that guest is refused on the e-mail: it belongs to a member.
    const res = await shop.request('POST', '/v1/me/convert', {
      token: body.access_token,
      body: { username: `conv${id}x`, password: 'guest-pass-2026', security_question_ct: 4, security_answer: 'カレー' },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { email: ['このメールアドレスは既に登録されています'] } });

    // A member cannot take another member's address.
    const clash = await shop.request('PUT', '/v1/me/user', {
      token: demo.access_token,
      body: { ...details('demo-mfa@example.jp'), password: 'demo-pass-2026' },
    });
    expect(clash.status).toBe(422);
    expect(await clash.json()).toMatchObject({ code: 'user.email.taken', errors: { email: ['このメールアドレスは既に登録されています'] } });
    await ok('PUT', '/v1/me/user', demo.access_token, { ...details('demo@example.jp'), password: 'demo-pass-2026' });
  });

  it("dummy → details → address → cart → decision mails the order to the guest's e-mail → convert to a member", async () => {
    const { body } = await dummy();
    const token = body.access_token;
    const email = `guest-${id}@example.jp`;
    const created = await ok('POST', '/v1/me/user-addresses', token, address);
    const payments = await (await shop.request('GET', '/v1/payments')).json();
    const cod = payments.find((p: { code: string }) => p.code === 'cod').id;
    const cart = await (await shop.request('POST', '/v1/carts/init', { body: {} })).json();
    await ok('PATCH', '/v1/carts/products/add', token, { token: cart.token, product_id: await product({ price: 2000 }), quantity: 1 });
    await ok('PATCH', '/v1/carts/shippings/add', token, { token: cart.token, user_address_id: created.id });
    const ready = await ok('PATCH', '/v1/carts/order/modify', token, { token: cart.token, payment_id: cod });
    expect(ready.flags).toMatchObject({ needs_login: false, is_decidable: true });

    // Without an e-mail there is nobody to confirm the order to.
    let res = await shop.request('POST', `/v1/carts/${cart.token}/decision`, { token, body: {} });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('cart.decision.email_required');

    await ok('PUT', '/v1/me/user', token, details(email));
    res = await shop.request('POST', `/v1/carts/${cart.token}/decision`, { token, body: {} });
    expect(res.status).toBe(200);
    const order = await res.json();
    const mail = await lastMail(shop, email, 'order_confirmation');
    expect(mail.body).toContain(order.order_no);
    expect(mail.body).toContain('高橋 美咲 様');

    // 「この内容で会員登録する」: duplicates first, then the conversion.
    const convert = (b: Record<string, unknown>) =>
      shop.request('POST', '/v1/me/convert', {
        token,
        body: { password: 'guest-pass-2026', security_question_ct: 4, security_answer: 'カレー', ...b },
      });
    res = await convert({ username: 'DEMO' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'user.username.taken', errors: { username: ['このログインIDは既に使用されています'] } });
    res = await convert({ username: 'x' });
    expect((await res.json()).errors.username).toBeDefined();

    res = await convert({ username: `conv${id}` });
    expect(res.status).toBe(200);
    const session = loginResponseSchema.parse(await res.json());
    expect(session).toMatchObject({ is_registered_member: true, user_id: body.user_id });
    expect(refreshCookie(res)).toBeTruthy();
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, body.user_id));
    expect(row).toMatchObject({
      is_guest: false,
      is_registered_member: true,
      username: `conv${id}`,
      email,
      last_name: '高橋',
      security_question_ct: 4,
    });
    expect((await lastMail(shop, email, 'welcome')).body).toContain(`ログインID：conv${id}`);

    // The member logs in, sees the guest's order, and cannot convert twice.
    const logged = await (
      await shop.request('POST', '/v1/auth/login', { body: { username: `conv${id}`, password: 'guest-pass-2026' } })
    ).json();
    expect(logged.user_id).toBe(body.user_id);
    const history = await ok('GET', '/v1/me/orders', logged.access_token);
    expect(history.map((o: { order_no: string }) => o.order_no)).toEqual([order.order_no]);
    res = await convert({ username: `conv${id}z` });
    expect((await res.json()).code).toBe('user.not_guest');
    const [placed] = await shop.database.db.select().from(orders).where(eq(orders.order_no, order.order_no));
    expect(placed.user_id).toBe(body.user_id);
  });

  it('converting needs an e-mail, and a sign-in', async () => {
    const { body } = await dummy();
    const res = await shop.request('POST', '/v1/me/convert', {
      token: body.access_token,
      body: { username: `conv${id}n`, password: 'guest-pass-2026', security_question_ct: 1, security_answer: 'ポチ' },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ email: ['メールアドレスは必須項目です'] });
    expect(
      (
        await shop.request('POST', '/v1/me/convert', {
          body: { username: `conv${id}n`, password: 'guest-pass-2026', security_question_ct: 1, security_answer: 'ポチ' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('POST /v1/schools/check', () => {
  const check = (key: unknown, channel = 'default') => shop.request('POST', '/v1/schools/check', { body: { key }, channel });

  it("answers whether the key is one of the channel's active keys, ignoring width and case", async () => {
    expect(await (await check('KIYORA2026')).json()).toEqual({ key: 'KIYORA2026', check: true });
    expect(await (await check('ｋｉｙｏｒａ２０２６')).json()).toEqual({ key: 'ｋｉｙｏｒａ２０２６', check: true });
    expect(await (await check('SAKURA2026')).json()).toEqual({ key: 'SAKURA2026', check: true });
    expect(await (await check('NOPE2026')).json()).toEqual({ key: 'NOPE2026', check: false });
    expect(await (await check('KIYORA2026', 'outlet')).json()).toEqual({ key: 'KIYORA2026', check: false });
    const res = await check('');
    expect(res.status).toBe(422);
    expect((await res.json()).errors.key).toEqual(['学校キーは必須項目です']);
  });

  it('is rate-limited per client address', async () => {
    const send = appWithAddresses(shop);
    const ip = `198.18.0.${Math.floor(Math.random() * 200) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send('POST', '/v1/schools/check', ip, { key: `GUESS${i}` })).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
  });
});
