/**
 * The address book's x-limit under concurrency (PostgreSQL only: PGlite serialises every query):
 * a CSV import and a cart's new address, or the new addresses of two carts, arriving at once never
 * leave the member with more than ADDRESS_LIMIT addresses.
 */

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT } from '#contracts/addresses.ts';
import { user_addresses } from '../../api/src/db/schema/index.ts';
import { createMember, MEMBER_PASSWORD, run } from './account-support.ts';
import { createTestShop, onPostgres, productPicker, type TestShop } from './helpers.ts';

const ROUNDS = 6;
const HEADER = 'お届け先名,姓,名,セイ,メイ,郵便番号,都道府県,市区町村,番地,建物名,電話番号';
const ROW = ',山田,花子,ヤマダ,ハナコ,1500001,東京都,渋谷区,神宮前1-2-3,,0312345678';
const newAddress = { last_name: '鈴木', first_name: '一郎', postal_code: '1500001', prefecture: '東京都', city: '渋谷区', address1: '1-1' };

describe.skipIf(!onPostgres)('the address book limit under concurrency', () => {
  let shop: TestShop;
  let productId: number;
  const id = run();
  beforeAll(async () => {
    shop = await createTestShop();
    productId = await productPicker(shop)({ stock: 500 });
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
  });

  async function member(name: string) {
    const m = await createMember(shop, `race${id}${name}`);
    const res = await shop.request('POST', '/v1/auth/login', { body: { username: m.username, password: MEMBER_PASSWORD } });
    return { id: m.id, token: (await res.json()).access_token as string };
  }

  /** Leaves the member with exactly `n` saved addresses. */
  async function bookOf(userId: number, n: number) {
    await shop.database.db.delete(user_addresses).where(eq(user_addresses.user_id, userId));
    await shop.database.db.insert(user_addresses).values(
      Array.from({ length: n }, (_, i) => ({
        user_id: userId,
        last_name: '山田',
        first_name: `${i}`,
        postal_code: '1500001',
        prefecture: '東京都',
        city: '渋谷区',
        address1: '1',
        is_default: i === 0,
      })),
    );
  }
  const bookSize = async (userId: number) =>
    (await shop.database.db.select({ n: count() }).from(user_addresses).where(eq(user_addresses.user_id, userId)))[0].n;

  /** A cart of the member's with one product (a guest cart bound by its first change, so a member can have several). */
  async function cart(token: string) {
    const { token: cartToken } = await (await shop.request('POST', '/v1/carts/init', { body: {} })).json();
    const res = await shop.request('PATCH', '/v1/carts/products/add', {
      token,
      body: { token: cartToken, product_id: productId, quantity: 1 },
    });
    expect(res.status).toBe(200);
    return cartToken as string;
  }
  const addNewAddress = (token: string, cartToken: string) =>
    shop.request('PATCH', '/v1/carts/shippings/add', { token, body: { token: cartToken, address: newAddress } });

  function importRow(token: string) {
    const form = new FormData();
    form.append('file', new File([`${HEADER}\n${ROW}\n`], 'addresses.csv', { type: 'text/csv' }));
    return Promise.resolve(
      shop.app.request('/v1/me/user-addresses/import', {
        method: 'POST',
        body: form,
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Channel-Id': 'default', Authorization: `Bearer ${token}` },
      }),
    );
  }

  it("a CSV import and a cart's new address at once: one is saved, the other refused, never 21", async () => {
    const m = await member('imp');
    for (let i = 0; i < ROUNDS; i++) {
      await bookOf(m.id, ADDRESS_LIMIT - 1);
      const c = await cart(m.token);
      const [imported, added] = await Promise.all([importRow(m.token), addNewAddress(m.token, c)]);
      expect(await bookSize(m.id)).toBe(ADDRESS_LIMIT);
      expect((imported.status === 201 ? 1 : 0) + (added.status === 200 ? 1 : 0)).toBe(1);
      if (added.status !== 200) expect((await added.json()).code).toBe('user_address.limit');
    }
  });

  it("two carts' new addresses at once: exactly one is saved", async () => {
    const m = await member('two');
    for (let i = 0; i < ROUNDS; i++) {
      await bookOf(m.id, ADDRESS_LIMIT - 1);
      const [a, b] = [await cart(m.token), await cart(m.token)];
      const answers = await Promise.all([addNewAddress(m.token, a), addNewAddress(m.token, b)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
      expect(await bookSize(m.id)).toBe(ADDRESS_LIMIT);
    }
  });
});
