/**
 * Coupons (spec 7 PATCH /v1/carts/coupons/add|delete, GET /v1/me/coupons): every check answers 422
 * with the reason on the クーポンコード field; the cart lists the coupon and each line's share;
 * a coupon that stops qualifying gives 0 with a notice and the decision refuses it; the decision
 * records the use once (per member, and never over the usage limit, also when racing on PostgreSQL).
 * Carriage comes from the channel's settings, with a running campaign.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myCouponListSchema } from '#contracts/benefits.ts';
import { cartSchema } from '#contracts/cart.ts';
import { coupons, order_items, orders, settings, user_coupons } from '../../api/src/db/schema/index.ts';
import { couponDiscount, couponRefusal } from '../../api/src/services/carts/coupons.ts';
import { benefitSettingsOf } from '../../api/src/services/points/settings.ts';
import { benefitSteps } from './benefits-support.ts';
import { createTestShop, loginDemo, onPostgres, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
let demoAddress: number;

beforeAll(async () => {
  shop = await createTestShop();
  demo = await loginDemo(shop);
  demoAddress = (await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json())[0].id;
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const steps = benefitSteps(() => shop);
const { patch, ok, failure, cartWith, decide, newMember } = steps;
const readyToDecide = (token: string, member: string, addressId = demoAddress) => steps.readyToDecide(token, member, addressId);

const couponRow = async (code: string) => (await shop.database.db.select().from(coupons).where(eq(coupons.code, code)))[0];

describe('coupon rules (pure)', () => {
  const base = {
    id: 1,
    code: 'X',
    name: 'x',
    discount_type: 'amount',
    discount_value: 500,
    min_total: 3000,
    starts_at: null,
    ends_at: null,
    is_member_only: false,
    channel_id: null,
    max_discount: null,
    is_active: true,
    usage_limit: null,
    used_count: 0,
    description: '',
  };
  const ctx = { channelId: 'default', now: new Date('2026-11-25T00:00:00Z'), goodsWithTax: 3000, member: { granted: false, used: false } };
  it('checks active, channel, member-only, period, use, limit and minimum in that order', () => {
    expect(couponRefusal(base, ctx)).toBeNull();
    expect(couponRefusal({ ...base, is_active: false }, ctx)).toBe('クーポンコードが正しくありません');
    expect(couponRefusal({ ...base, channel_id: 'outlet' }, ctx)).toBe('クーポンコードが正しくありません');
    expect(couponRefusal({ ...base, is_member_only: true }, { ...ctx, member: null })).toBe(
      'このクーポンは会員様限定です。ログインしてからご利用ください',
    );
    expect(couponRefusal({ ...base, is_member_only: true }, ctx)).toBe('クーポンコードが正しくありません');
    expect(couponRefusal({ ...base, ends_at: ctx.now }, ctx)).toBe('このクーポンはご利用期間外です');
    expect(couponRefusal({ ...base, starts_at: new Date(ctx.now.getTime() + 1) }, ctx)).toBe('このクーポンはご利用期間外です');
    expect(couponRefusal(base, { ...ctx, member: { granted: true, used: true } })).toBe('このクーポンはすでにご利用済みです');
    expect(couponRefusal({ ...base, usage_limit: 3, used_count: 3 }, ctx)).toBe(
      'このクーポンは利用上限枚数に達したため、ご利用いただけません',
    );
    expect(couponRefusal(base, { ...ctx, goodsWithTax: 2999 })).toBe('このクーポンは3,000円以上のご注文でご利用いただけます');
  });
  it('an amount never exceeds the goods; a percent is floored and capped', () => {
    expect(couponDiscount({ discount_type: 'amount', discount_value: 500, max_discount: null }, 300)).toBe(300);
    expect(couponDiscount({ discount_type: 'percent', discount_value: 10, max_discount: 2000 }, 5489)).toBe(548);
    expect(couponDiscount({ discount_type: 'percent', discount_value: 10, max_discount: 2000 }, 33000)).toBe(2000);
  });
});

describe('PATCH /v1/carts/coupons/add and /delete', () => {
  it('validates the body and names the field in Japanese', async () => {
    const { token } = await cartWith([[1000, 10, 1]]);
    expect((await failure(patch('coupons/add', { token }))).errors).toEqual({ code: ['クーポンコードは必須項目です'] });
    expect((await failure(patch('coupons/add', { token, code: '   ' }))).errors).toEqual({ code: ['クーポンコードは必須項目です'] });
    expect((await failure(patch('coupons/add', { token, code: 'A'.repeat(33) }))).errors.code[0]).toContain('クーポンコード');
    expect((await failure(patch('coupons/add', { token, code: 'AB\u0000C' }))).errors.code[0]).toContain('コード');
    expect((await failure(patch('coupons/add', { token, code: 12 }))).errors.code[0]).toContain('クーポンコード');
    await failure(patch('coupons/add', { token: 'no-such-cart', code: 'WELCOME500' }), 404);
  });

  it('refuses a wrong, expired, other-channel or too-small order coupon with the reason on the field', async () => {
    const { token } = await cartWith([[1000, 10, 1]]); // 1,100 yen of goods
    const reason = async (code: string, member?: string) => await failure(patch('coupons/add', { token, code }, member));
    const wrong = await reason('NOSUCHCODE');
    expect(wrong).toMatchObject({ code: 'cart.coupon.invalid', errors: { code: ['クーポンコードが正しくありません'] } });
    expect((await reason('SUMMER300')).errors.code).toEqual(['このクーポンはご利用期間外です']);
    expect((await reason('OUTLET5')).errors.code).toEqual(['クーポンコードが正しくありません']);
    expect((await reason('WELCOME500')).errors.code).toEqual(['このクーポンは3,000円以上のご注文でご利用いただけます']);
    expect((await reason('MEMBER1000')).errors.code).toEqual(['このクーポンは会員様限定です。ログインしてからご利用ください']);
    const cart = await ok(shop.request('GET', `/v1/carts/${token}`));
    expect(cart.detail.coupons).toEqual([]);
  });

  it('a member-only coupon is for the members it was handed to', async () => {
    const other = await newMember();
    const mine = await cartWith([[5000, 10, 1]], other.token);
    expect((await failure(patch('coupons/add', { token: mine.token, code: 'MEMBER1000' }, other.token))).errors.code).toEqual([
      'クーポンコードが正しくありません',
    ]);
    const demos = await cartWith([[5000, 10, 1]], demo);
    const cart = await ok(patch('coupons/add', { token: demos.token, code: 'member1000' }, demo));
    expect(cart.detail.coupons).toEqual([{ code: 'MEMBER1000', name: '会員様限定 1,000円OFFクーポン', discount: 1000, notice: null }]);
  });

  it('takes full-width and lower-case codes, one coupon per order, and removes it', async () => {
    const { token } = await cartWith([[2000, 10, 2]]); // 4,400 yen
    let cart = await ok(patch('coupons/add', { token, code: 'ｗｅｌｃｏｍｅ５００' }));
    cartSchema.parse(cart);
    expect(cart.detail.coupons).toEqual([{ code: 'WELCOME500', name: 'はじめてのお買い物 500円OFFクーポン', discount: 500, notice: null }]);
    expect(cart.detail.order).toMatchObject({
      subtotal_with_tax: 4400,
      total_discount: 500,
      total_carriage: 660,
      total_payment: 4400 + 660 - 500,
    });
    expect(cart.detail.products[0].coupon_discount_parts).toEqual([{ code: 'WELCOME500', amount: 500 }]);
    // The same code again changes nothing; a second coupon is refused.
    cart = await ok(patch('coupons/add', { token, code: 'WELCOME500' }));
    expect(cart.detail.coupons).toHaveLength(1);
    expect((await failure(patch('coupons/add', { token, code: 'SEASON10' }))).errors.code).toEqual([
      'クーポンは1回のご注文につき1枚までご利用いただけます。ご利用中のクーポンを解除してから入力してください',
    ]);
    expect((await failure(patch('coupons/delete', { token, code: 'SEASON10' }))).errors.code).toEqual([
      'このクーポンはご利用中ではありません',
    ]);
    cart = await ok(patch('coupons/delete', { token, code: 'welcome500' }));
    expect(cart.detail.coupons).toEqual([]);
    expect(cart.detail.order.total_discount).toBe(0);
    expect(cart.detail.products[0].coupon_discount_parts).toEqual([]);
  });

  it('a percent coupon is capped at its maximum', async () => {
    const { token } = await cartWith([[10000, 10, 3]]); // 33,000 yen: 10 % is 3,300, capped at 2,000
    const cart = await ok(patch('coupons/add', { token, code: 'SEASON10' }));
    expect(cart.detail.coupons[0]).toMatchObject({ code: 'SEASON10', discount: 2000 });
    expect(cart.detail.order.total_payment).toBe(33000 - 2000);
  });

  it('a coupon that stops qualifying stays listed with a notice, gives 0, and the decision refuses it', async () => {
    const member = await newMember();
    const { token, keys } = await cartWith([[2000, 10, 2]], member.token); // 4,400 yen
    await ok(patch('coupons/add', { token, code: 'WELCOME500' }, member.token));
    await readyToDecide(token, member.token, member.addressId);
    const cart = await ok(patch('products/modify', { token, key: keys[0], quantity: 1 }, member.token)); // 2,200 yen
    expect(cart.detail.coupons).toEqual([
      {
        code: 'WELCOME500',
        name: 'はじめてのお買い物 500円OFFクーポン',
        discount: 0,
        notice: 'このクーポンは3,000円以上のご注文でご利用いただけます',
      },
    ]);
    expect(cart.detail.order).toMatchObject({ total_discount: 0, total_payment: 2200 + 660 });
    const refused = await failure(decide(token, member.token));
    expect(refused).toMatchObject({
      code: 'cart.coupon.invalid',
      errors: { code: ['このクーポンは3,000円以上のご注文でご利用いただけます'] },
    });
    expect(refused.message).toContain('WELCOME500');
    await ok(patch('coupons/delete', { token, code: 'WELCOME500' }, member.token));
    expect((await ok(decide(token, member.token))).order_no).toEqual(expect.any(String));
    const [row] = await shop.database.db.select().from(user_coupons).where(eq(user_coupons.user_id, member.id));
    expect(row).toBeUndefined();
  });

  it('the decision records the use once per member: used_at, order and the counter', async () => {
    const member = await newMember();
    const before = (await couponRow('WELCOME500')).used_count;
    const { token } = await cartWith([[3000, 10, 1]], member.token); // 3,300 yen
    await ok(patch('coupons/add', { token, code: 'WELCOME500' }, member.token));
    await readyToDecide(token, member.token, member.addressId);
    const { order_id, order_no } = await ok(decide(token, member.token));
    const [use] = await shop.database.db.select().from(user_coupons).where(eq(user_coupons.user_id, member.id));
    expect(use).toMatchObject({ order_id, used_at: expect.any(Date) });
    expect((await couponRow('WELCOME500')).used_count).toBe(before + 1);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, order_id));
    expect(order.coupons).toEqual([{ code: 'WELCOME500', name: 'はじめてのお買い物 500円OFFクーポン', discount: 500 }]);
    expect(order.total_discount).toBe(500);
    const items = await shop.database.db.select().from(order_items).where(eq(order_items.order_id, order_id));
    expect(items.map((i) => i.coupon_discount)).toEqual([500]);
    const shown = await ok(shop.request('GET', `/v1/carts/order/${order_no}`, { token: member.token }));
    expect(shown.coupons).toEqual(order.coupons);
    // A second cart of the same member cannot use it again.
    const again = await cartWith([[3000, 10, 1]], member.token);
    expect((await failure(patch('coupons/add', { token: again.token, code: 'WELCOME500' }, member.token))).errors.code).toEqual([
      'このクーポンはすでにご利用済みです',
    ]);
  });

  it("a guest cart's coupon already used by the member shows a notice once the member signs in", async () => {
    const member = await newMember();
    await shop.database.db
      .insert(user_coupons)
      .values({ user_id: member.id, coupon_id: (await couponRow('SEASON10')).id, used_at: new Date() });
    const { token } = await cartWith([[3000, 10, 1]]);
    await ok(patch('coupons/add', { token, code: 'SEASON10' }));
    const cart = await ok(shop.request('GET', `/v1/carts/${token}`, { token: member.token }));
    expect(cart.detail.coupons[0]).toMatchObject({ code: 'SEASON10', discount: 0, notice: 'このクーポンはすでにご利用済みです' });
  });

  it('refuses a coupon whose usage limit is reached', async () => {
    const db = shop.database.db;
    const row = await couponRow('FIRST100');
    await db.update(coupons).set({ used_count: row.usage_limit! }).where(eq(coupons.id, row.id));
    const { token } = await cartWith([[1000, 10, 1]]);
    expect((await failure(patch('coupons/add', { token, code: 'FIRST100' }))).errors.code).toEqual([
      'このクーポンは利用上限枚数に達したため、ご利用いただけません',
    ]);
    await db.update(coupons).set({ used_count: row.used_count }).where(eq(coupons.id, row.id));
  });
});

describe('GET /v1/me/coupons', () => {
  it('lists the coupons handed to the member and the open ones valid now, paged with the headers', async () => {
    const res = await shop.request('GET', '/v1/me/coupons', { token: demo });
    expect(res.status).toBe(200);
    const list = myCouponListSchema.parse(await res.json());
    const codes = list.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['WELCOME500', 'SEASON10', 'MEMBER1000', 'FIRST100']));
    expect(codes).not.toContain('SUMMER300'); // over
    expect(codes).not.toContain('OUTLET5'); // another channel
    expect(list.find((c) => c.code === 'MEMBER1000')).toMatchObject({
      is_granted: true,
      used_at: null,
      min_total: 5000,
      discount_type: 'amount',
    });
    expect(list.find((c) => c.code === 'SEASON10')).toMatchObject({
      is_granted: false,
      discount_type: 'percent',
      discount_value: 10,
      max_discount: 2000,
    });
    expect(res.headers.get('x-total')).toBe(String(list.length));
    const page = await shop.request('GET', '/v1/me/coupons?per=2&page=2', { token: demo });
    expect(page.headers.get('x-per-page')).toBe('2');
    expect(page.headers.get('x-current-page')).toBe('2');
    expect(await page.json()).toHaveLength(2);
    expect((await shop.request('GET', '/v1/me/coupons')).status).toBe(401);
    expect((await shop.request('GET', '/v1/me/coupons?page=0', { token: demo })).status).toBe(422);
  });

  it('shows a used coupon with when it was used, after the unused ones', async () => {
    const member = await newMember();
    await shop.database.db
      .insert(user_coupons)
      .values({ user_id: member.id, coupon_id: (await couponRow('FIRST100')).id, used_at: new Date() });
    const list = await (await shop.request('GET', '/v1/me/coupons', { token: member.token })).json();
    expect(list.at(-1)).toMatchObject({ code: 'FIRST100', used_at: expect.any(String) });
    expect(list.map((c: { code: string }) => c.code)).not.toContain('MEMBER1000');
  });
});

describe('carriage from the settings', () => {
  it('reads the fee, the threshold and a campaign in its period (pure)', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    expect(benefitSettingsOf({}, now).carriage).toEqual({ fee: 660, freeFrom: 5500 });
    expect(benefitSettingsOf({ 'ORDER.CARRIAGE.FEE': 770, 'ORDER.CARRIAGE.FREE_FROM': null }, now).carriage).toEqual({
      fee: 770,
      freeFrom: null,
    });
    const campaign = { name: '送料無料', starts_at: '2026-11-30T15:00:00Z', ends_at: '2026-12-02T15:00:00Z', free_from: 0 };
    expect(benefitSettingsOf({ 'ORDER.CARRIAGE.CAMPAIGN': campaign }, now).carriageView).toEqual({
      fee: 660,
      free_from: 0,
      campaign: '送料無料',
    });
    expect(benefitSettingsOf({ 'ORDER.CARRIAGE.CAMPAIGN': campaign }, new Date('2026-12-02T15:00:00Z')).carriageView.campaign).toBeNull();
    expect(benefitSettingsOf({ 'ORDER.CARRIAGE.FEE': 'x', 'ORDER.CARRIAGE.CAMPAIGN': { starts_at: 'never' } }, now).carriage).toEqual({
      fee: 660,
      freeFrom: 5500,
    });
  });

  it("the cart and the order charge the channel's carriage; a running campaign lowers the threshold", async () => {
    const db = shop.database.db;
    const set = (key: string, value: unknown) =>
      db
        .update(settings)
        .set({ value })
        .where(and(eq(settings.channel_id, 'default'), eq(settings.key, key)));
    const { token } = await cartWith([[4000, 10, 1]]); // 4,400 yen
    let cart = await ok(shop.request('GET', `/v1/carts/${token}`));
    expect(cart.carriage).toEqual({ fee: 660, free_from: 5500, campaign: null });
    expect(cart.detail.order.total_carriage).toBe(660);
    try {
      await set('ORDER.CARRIAGE.FEE', 880);
      cart = await ok(shop.request('GET', `/v1/carts/${token}`));
      expect(cart.detail.order.total_carriage).toBe(880);
      // The guide and the 特定商取引法 page state the same rule (placeholders filled from the settings).
      for (const url of ['/guide/', '/law/']) {
        const page = await ok(shop.request('GET', `/v1/static-pages/url${url}`));
        expect(page.body, url).toContain('送料880円（税込・全国一律）。1回のご注文の商品代金が5,500円（税込）以上の場合は送料無料です。');
      }
      await set('ORDER.CARRIAGE.CAMPAIGN', {
        name: '送料無料キャンペーン',
        starts_at: new Date(Date.now() - 60_000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        free_from: 3300,
      });
      cart = await ok(shop.request('GET', `/v1/carts/${token}`));
      expect(cart.carriage).toEqual({ fee: 880, free_from: 3300, campaign: '送料無料キャンペーン' });
      expect(cart.detail.order).toMatchObject({ total_carriage: 0, total_payment: 4400 });
    } finally {
      await set('ORDER.CARRIAGE.FEE', 660);
      await set('ORDER.CARRIAGE.CAMPAIGN', {
        name: '夏の送料無料キャンペーン',
        starts_at: '2026-07-01T00:00:00+09:00',
        ends_at: '2026-08-01T00:00:00+09:00',
        free_from: 3300,
      });
    }
  });
});

describe.skipIf(!onPostgres)('coupon uses racing on PostgreSQL', () => {
  it('two carts of one member decided at once use the coupon once', async () => {
    const member = await newMember();
    const before = (await couponRow('SEASON10')).used_count;
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const { token } = await cartWith([[3000, 10, 1]], member.token);
      await ok(patch('coupons/add', { token, code: 'SEASON10' }, member.token));
      await readyToDecide(token, member.token, member.addressId);
      tokens.push(token);
    }
    const results = await Promise.all(tokens.map((t) => decide(t, member.token)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422]);
    const refused = await results.find((r) => r.status === 422)!.json();
    expect(refused.errors.code).toEqual(['このクーポンはすでにご利用済みです']);
    expect((await couponRow('SEASON10')).used_count).toBe(before + 1);
  }, 120_000);

  it('members racing for the last uses of a limited coupon never go over the limit', async () => {
    const db = shop.database.db;
    const N = 6;
    const left = 2;
    const row = await couponRow('FIRST100');
    const racers = [];
    for (let i = 0; i < N; i++) {
      const m = await newMember();
      const { token } = await cartWith([[1000, 10, 1]], m.token);
      await ok(patch('coupons/add', { token, code: 'FIRST100' }, m.token));
      await readyToDecide(token, m.token, m.addressId);
      racers.push({ m, token });
    }
    await db
      .update(coupons)
      .set({ used_count: row.usage_limit! - left })
      .where(eq(coupons.id, row.id));
    const results = await Promise.all(racers.map(({ m, token }) => decide(token, m.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(left);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(422);
      expect((await r.json()).code).toBe('cart.coupon.invalid');
    }
    const after = await couponRow('FIRST100');
    expect(after.used_count).toBe(after.usage_limit);
    const [{ n }] = (
      (await db.execute(
        sql`select count(*)::int as n from user_coupons where coupon_id = ${row.id} and order_id is not null`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(left);
  }, 180_000);
});
