/** Shared steps of the coupon and point tests: cart calls, a ready-to-order cart, a new signed-in member. */
import { expect } from 'vitest';
import { point_histories, user_addresses, users } from '../../api/src/db/schema/index.ts';
import { hashPassword } from '../../api/src/services/passwords/index.ts';
import { productPicker, type TestShop } from './helpers.ts';

/** The steps bound to the test shop `current()` gives (read when a step runs, so a file can bind them before beforeAll). */
export function benefitSteps(current: () => TestShop) {
  let picker: ReturnType<typeof productPicker> | null = null;
  const product: ReturnType<typeof productPicker> = (opts) => (picker ??= productPicker(current()))(opts);
  const patch = (path: string, body: unknown, token?: string) => current().request('PATCH', `/v1/carts/${path}`, { body, token });
  const ok = async (res: Response | Promise<Response>) => {
    const r = await res;
    const body = await r.json();
    expect(r.status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const failure = async (res: Response | Promise<Response>, status = 422) => {
    const r = await res;
    const body = await r.json();
    expect(r.status, JSON.stringify(body)).toBe(status);
    return body;
  };
  /** A fresh cart (a guest cart, bound to the member by the first change) holding `lines` [[price, rate, qty]]. */
  const cartWith = async (lines: Array<[number, 8 | 10, number]>, member?: string) => {
    const { token } = await (await current().request('POST', '/v1/carts/init', { body: {} })).json();
    const keys: string[] = [];
    let cart;
    for (const [price, taxRate, quantity] of lines) {
      cart = await ok(patch('products/add', { token, product_id: await product({ price, taxRate, stock: 50 }), quantity }, member));
      keys.push(cart.detail.products.at(-1).key);
    }
    return { token: token as string, keys, cart };
  };
  const methods = new Map<string, number>();
  /** Delivers to `addressId` and pays by `payment` (default bank transfer: no fee); answers the cart. */
  const readyToDecide = async (token: string, member: string, addressId: number, payment = 'bank_transfer') => {
    if (!methods.has(payment)) {
      const found = (await (await current().request('GET', '/v1/payments')).json()).find((p: { code: string }) => p.code === payment);
      methods.set(payment, found.id as number);
    }
    await ok(patch('shippings/add', { token, user_address_id: addressId }, member));
    return ok(patch('order/modify', { token, payment_id: methods.get(payment) }, member));
  };
  const decide = (token: string, member: string) => current().request('POST', `/v1/carts/${token}/decision`, { token: member, body: {} });
  let members = 0;
  /** A new signed-in member with an address, holding `points` (one 'キャンペーン特典' lot valid 200 days). */
  const newMember = async (points = 0) => {
    const shop = current();
    const db = shop.database.db;
    const name = `benefits${++members}`;
    const [u] = await db
      .insert(users)
      .values({
        channel_id: 'default',
        username: name,
        email: `${name}@example.jp`,
        password_hash: await hashPassword('benefits-pass-123'),
        last_name: '中村',
        first_name: '光',
        is_registered_member: true,
        point_balance: points,
      })
      .returning();
    if (points)
      await db
        .insert(point_histories)
        .values({ user_id: u.id, amount: points, reason: 'キャンペーン特典', expires_at: new Date(Date.now() + 200 * 86_400_000) });
    const [a] = await db
      .insert(user_addresses)
      .values({
        user_id: u.id,
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
    const res = await shop.request('POST', '/v1/auth/login', { body: { username: name, password: 'benefits-pass-123' } });
    return { token: (await res.json()).access_token as string, id: u.id, addressId: a.id };
  };
  return { product, patch, ok, failure, cartWith, readyToDecide, decide, newMember };
}
