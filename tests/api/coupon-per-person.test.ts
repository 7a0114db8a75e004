/**
 * One use of a coupon per person, not per account: a guest checkout with the e-mail of a member, or
 * of an earlier guest order, that already used the coupon is refused (the mailbox compared
 * lower-case, `a+tag@x` as `a@x`), also when two guest orders with one e-mail race on PostgreSQL.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../api/src/db/schema/index.ts';
import { mailboxKey } from '../../api/src/lib/mailbox.ts';
import { benefitSteps } from './benefits-support.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const steps = benefitSteps(() => shop);
const { ok, patch, cartWith, decide, newMember } = steps;
const REFUSED = 'このクーポンはご入力のメールアドレスですでにご利用済みです';

let coupons_made = 0;
async function newCoupon() {
  const code = `PERSON${++coupons_made}`;
  await shop.database.db.insert(coupons).values({ code, name: 'おひとり様1回', discount_type: 'amount', discount_value: 300 });
  return code;
}

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

const guestDetails = (email: string) => ({
  email,
  last_name: '高橋',
  first_name: '美咲',
  last_name_kana: 'タカハシ',
  first_name_kana: 'ミサキ',
  cell_phone_number: '09033334444',
});

/** A guest purchase's member (GET /v1/users/dummy) with a cart; `email` given at once when set. */
async function guestCart(email?: string) {
  const token = (await (await shop.request('GET', '/v1/users/dummy')).json()).access_token as string;
  if (email) await ok(shop.request('PUT', '/v1/me/user', { token, body: guestDetails(email) }));
  const { token: cart } = await cartWith([[3000, 10, 1]], token);
  return { token, cart };
}

/** A guest's cart holding `code`, added before the guest gives `email` (so the decision is what checks it). */
async function guestReady(email: string, code: string) {
  const { token, cart } = await guestCart();
  await ok(patch('coupons/add', { token: cart, code }, token));
  await ok(shop.request('PUT', '/v1/me/user', { token, body: guestDetails(email) }));
  const created = await (await shop.request('POST', '/v1/me/user-addresses', { token, body: address })).json();
  await steps.readyToDecide(cart, token, created.id);
  return { token, cart };
}

async function guestOrder(email: string, code: string) {
  const { token, cart } = await guestReady(email, code);
  return decide(cart, token);
}

async function memberOrder(member: { token: string; addressId: number }, code: string) {
  const { token } = await cartWith([[3000, 10, 1]], member.token);
  await ok(patch('coupons/add', { token, code }, member.token));
  await steps.readyToDecide(token, member.token, member.addressId);
  return decide(token, member.token);
}

describe('mailboxKey', () => {
  it('lower-cases and drops a plus tag', () => {
    expect(mailboxKey(' Hanako+Sale1@Example.JP ')).toBe('hanako@example.jp');
    expect(mailboxKey('hanako@example.jp')).toBe('hanako@example.jp');
    expect(mailboxKey('+only@example.jp')).toBe('+only@example.jp');
  });
});

describe('one-per-customer coupons are per person', () => {
  it('a guest with the e-mail of a member who used the coupon is refused', async () => {
    const code = await newCoupon();
    const member = await newMember();
    expect((await memberOrder(member, code)).status).toBe(200);
    const [name] = (await shop.request('GET', '/v1/me/user', { token: member.token }).then((r) => r.json())).email.split('@');
    const res = await guestOrder(`${name.toUpperCase()}+2@example.jp`, code);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body.errors.code).toEqual([REFUSED]);
  });

  it('the third use with one e-mail (two guests, one of them plus-addressed) is refused; another e-mail may use it', async () => {
    const code = await newCoupon();
    expect((await guestOrder('shopper@example.jp', code)).status).toBe(200);
    const second = await guestOrder('Shopper+1@example.jp', code);
    expect(second.status).toBe(422);
    expect((await second.json()).errors.code).toEqual([REFUSED]);
    const third = await guestOrder('SHOPPER@EXAMPLE.JP', code);
    expect(third.status).toBe(422);
    expect((await guestOrder('someone-else@example.jp', code)).status).toBe(200);
    const [row] = await shop.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row.used_count).toBe(2);
  });

  it("adding the coupon is refused at once when the guest's e-mail already used it", async () => {
    const code = await newCoupon();
    expect((await guestOrder('cart-notice@example.jp', code)).status).toBe(200);
    const { token, cart } = await guestCart('Cart-Notice+x@example.jp');
    expect((await steps.failure(patch('coupons/add', { token: cart, code }, token))).errors.code).toEqual([REFUSED]);
  });

  it.skipIf(!onPostgres)('two guest orders with the same e-mail at once: exactly one uses the coupon', async () => {
    const code = await newCoupon();
    const a = await guestReady('racer@example.jp', code);
    const b = await guestReady('racer+2@example.jp', code);
    const statuses = (await Promise.all([decide(a.cart, a.token), decide(b.cart, b.token)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422]);
  });
});
