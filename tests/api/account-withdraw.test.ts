/**
 * Withdrawal (DELETE /v1/me/user): the password confirms it; personal data and every session go in
 * one transaction; orders stay for the accounts; the login ID and e-mail are free again.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth_tokens,
  bookmarks,
  carts,
  login_histories,
  orders,
  product_likes,
  system_messages,
  timeseries,
  user_addresses,
  user_memorials,
  user_name_embroideries,
  users,
} from '../../api/src/db/schema/index.ts';
import { createMember, MEMBER_PASSWORD, refreshCookie, registration, run } from './account-support.ts';
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

async function ok(method: string, path: string, token: string, body?: unknown) {
  const res = await shop.request(method, path, { token, body });
  const json = res.status === 204 ? null : await res.json();
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json;
}

const address = {
  division_ct: 1,
  name: '自宅',
  shipping_name: '試験 花子',
  last_name: '試験',
  first_name: '花子',
  last_name_kana: 'シケン',
  first_name_kana: 'ハナコ',
  postal_code: '1500001',
  prefecture: '東京都',
  city: '渋谷区',
  address1: '神宮前2-2-2',
  address2: '',
  phone_number: '0311112222',
  cell_phone_number: null,
};

describe('DELETE /v1/me/user', () => {
  it('a wrong password is 422 on password and changes nothing; without a sign-in 401', async () => {
    const m = await createMember(shop, `wd${id}a`);
    const session = await (
      await shop.request('POST', '/v1/auth/login', { body: { username: m.username, password: MEMBER_PASSWORD } })
    ).json();
    const res = await shop.request('DELETE', '/v1/me/user', { token: session.access_token, body: { password: 'wrong-pass' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'user.password.mismatch', errors: { password: ['パスワードが正しくありません'] } });
    expect((await shop.database.db.select().from(users).where(eq(users.id, m.id)))[0].deleted_at).toBeNull();
    expect((await shop.request('DELETE', '/v1/me/user', { body: { password: MEMBER_PASSWORD } })).status).toBe(401);
    const empty = await shop.request('DELETE', '/v1/me/user', { token: session.access_token, body: {} });
    expect((await empty.json()).errors.password).toEqual(['パスワードは必須項目です']);
  });

  it('erases the personal data, ends every session, keeps the order and frees the login ID and e-mail', async () => {
    const m = await createMember(shop, `wd${id}b`);
    const login = await shop.request('POST', '/v1/auth/login', { body: { username: m.username, password: MEMBER_PASSWORD } });
    const session = await login.json();
    const cookie = refreshCookie(login)!;
    const token = session.access_token;
    const db = shop.database.db;

    // An order, an address, a like, a bookmark, a memorial day, the name embroidery and an open cart.
    const saved = await ok('POST', '/v1/me/user-addresses', token, address);
    const payments = await (await shop.request('GET', '/v1/payments')).json();
    const cart = await (await shop.request('POST', '/v1/carts/init', { body: {} })).json();
    await ok('PATCH', '/v1/carts/products/add', token, { token: cart.token, product_id: await product(), quantity: 1 });
    await ok('PATCH', '/v1/carts/shippings/add', token, { token: cart.token, user_address_id: saved.id });
    await ok('PATCH', '/v1/carts/order/modify', token, {
      token: cart.token,
      payment_id: payments.find((p: { code: string }) => p.code === 'cod').id,
    });
    const order = await ok('POST', `/v1/carts/${cart.token}/decision`, token, {});
    const open = await (await shop.request('POST', '/v1/carts/init', { body: {} })).json();
    await ok('PATCH', '/v1/carts/products/add', token, { token: open.token, product_id: await product(), quantity: 1 });
    const liked = await product();
    await db.insert(product_likes).values({ user_id: m.id, product_id: liked });
    await db.insert(bookmarks).values({ user_id: m.id, url: '/product/x/', title: 'お気に入り' });
    // A message of the message centre (addressed by name: personal).
    await db.insert(system_messages).values({ user_id: m.id, title: 'お知らせ', body: '試験 花子 様' });
    // A memorial day and the name embroidery, through the API.
    await ok('POST', '/v1/me/user-memorials', token, {
      target_user_name: '試験 太郎',
      division_ct: 1,
      name: '父の誕生日',
      month: 3,
      date: 3,
      call: true,
    });
    await ok('PUT', '/v1/me/name-embroidery', token, { text: 'HANAKO', font: 'gothic', color: 'navy' });
    // Body measurements (採寸), through the API.
    await ok('POST', '/v1/me/timeseries', token, { purpose: 'height', value: '165.5' });
    await ok('POST', '/v1/me/timeseries', token, { purpose: 'weight', value: '55' });
    expect(await db.select().from(timeseries).where(eq(timeseries.user_id, m.id))).toHaveLength(2);
    expect(await db.select().from(user_memorials).where(eq(user_memorials.user_id, m.id))).toHaveLength(1);
    expect(await db.select().from(user_name_embroideries).where(eq(user_name_embroideries.user_id, m.id))).toHaveLength(1);

    const res = await shop.request('DELETE', '/v1/me/user', { token, body: { password: MEMBER_PASSWORD } });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/refresh_token=;/);

    const [row] = await db.select().from(users).where(eq(users.id, m.id));
    expect(row).toMatchObject({
      username: `withdrawn-${m.id}`,
      email: '',
      last_name: '',
      first_name: '',
      last_name_kana: '',
      first_name_kana: '',
      phone_number: null,
      cell_phone_number: null,
      birthday: null,
      security_answer_hash: null,
      security_question_ct: null,
    });
    expect(row.deleted_at).not.toBeNull();
    expect(row.password_hash).not.toBe(m.password_hash);
    for (const table of [
      user_addresses,
      product_likes,
      bookmarks,
      login_histories,
      user_memorials,
      user_name_embroideries,
      system_messages,
      timeseries,
    ]) {
      expect(await db.select().from(table).where(eq(table.user_id, m.id))).toEqual([]);
    }
    expect(await db.select().from(carts).where(eq(carts.token, open.token))).toEqual([]);
    const live = (await db.select().from(auth_tokens).where(eq(auth_tokens.user_id, m.id))).filter((t) => !t.revoked_at && !t.used_at);
    expect(live).toEqual([]);

    // Signed out everywhere.
    expect((await shop.request('GET', '/v1/me/user', { token })).status).toBe(401);
    expect((await shop.request('POST', '/v1/auth/refresh', { body: {}, headers: { Cookie: `refresh_token=${cookie}` } })).status).toBe(401);
    expect((await shop.request('POST', '/v1/auth/login', { body: { username: m.username, password: MEMBER_PASSWORD } })).status).toBe(422);

    // The order stays for the accounts.
    const [kept] = await db.select().from(orders).where(eq(orders.order_no, order.order_no));
    expect(kept.user_id).toBe(m.id);
    expect(kept.total_payment).toBeGreaterThan(0);

    // The login ID and e-mail can be registered again.
    const again = await shop.request('POST', '/v1/users', { body: registration(m.username, { email: m.email }) });
    expect(again.status).toBe(201);
  });
});
