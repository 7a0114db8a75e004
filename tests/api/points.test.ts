/**
 * Points (spec 7 PATCH /v1/carts/point, GET /v1/me/points, /v1/me/point-histories): earned on
 * every order at POINT.RATE % of the goods without tax (after the coupon) and shown before purchase;
 * used in whole points up to the balance and the total; the points used leave the balance at the
 * decision, never below 0 (also racing on PostgreSQL), the points earned join it once the order is
 * paid or shipped (points-pending.test.ts), and both come back at cancellation.
 * Includes the worked example of issue 8, computed by hand.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointHistoryListSchema, pointSummarySchema } from '#contracts/benefits.ts';
import { cartSchema } from '#contracts/cart.ts';
import { coupons, orders, point_histories, settings, user_coupons, users } from '../../api/src/db/schema/index.ts';
import { returnOrderBenefits } from '../../api/src/services/orders/benefits.ts';
import { markOrderPaid } from '../../api/src/services/orders/fulfil.ts';
import { earnedPoints } from '../../api/src/services/points/earn.ts';
import { expirePointsOf, expiringOf, openLots } from '../../api/src/services/points/ledger.ts';
import { benefitSteps } from './benefits-support.ts';
import { createTestShop, loginDemo, onPostgres, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
let demoId: number;
let demoAddress: number;

beforeAll(async () => {
  shop = await createTestShop();
  demo = await loginDemo(shop);
  demoId = (await shop.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo')))[0].id;
  demoAddress = (await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json())[0].id;
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const { product, patch, ok, failure, cartWith, readyToDecide, decide, newMember } = benefitSteps(() => shop);
const balanceOf = async (id: number) =>
  (await shop.database.db.select({ b: users.point_balance }).from(users).where(eq(users.id, id)))[0].b;

describe('points rules (pure)', () => {
  it('earns the rate on the goods without tax after the coupon, per tax rate, floored', () => {
    // 10 %: 3,999 incl. → 3,999 − floor(3,999 × 10/110 = 363.5) = 3,636; 8 %: 981 → 981 − 72 = 909; 1 % of 4,545 = 45.
    expect(
      earnedPoints(
        [
          { tax_rate: 10, subtotal_with_tax: 4400, coupon_discount: 401 },
          { tax_rate: 8, subtotal_with_tax: 1080, coupon_discount: 99 },
        ],
        1,
      ),
    ).toBe(45);
    expect(earnedPoints([{ tax_rate: 10, subtotal_with_tax: 1100, coupon_discount: 0 }], 1.5)).toBe(15);
    expect(earnedPoints([{ tax_rate: 10, subtotal_with_tax: 1100, coupon_discount: 0 }], 0)).toBe(0);
  });

  it('uses the lots that expire first and tells what expires soon', () => {
    const d = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000);
    const lots = openLots([
      { amount: 500, expires_at: d(380), created_at: d(15) },
      { amount: 300, expires_at: d(340), created_at: d(-25) }, // older, expires first
      { amount: -400, expires_at: null, created_at: d(20) },
    ]);
    expect(lots).toEqual([{ left: 400, expires_at: d(380) }]);
    expect(expiringOf(lots, d(360), d(390))).toEqual({ expiring: 400, expiringAt: d(380), expired: 0 });
    expect(expiringOf(lots, d(381), d(400)).expired).toBe(400);
  });
});

describe('PATCH /v1/carts/point', () => {
  it('is for members only and validates whole points', async () => {
    const { token } = await cartWith([[1000, 10, 1]]);
    expect((await failure(patch('point', { token, use_point: 100 }), 401)).message).toBe('ログインしてください。');
    for (const bad of [-1, 1.5, 'abc', null, 99999999999]) {
      const body = await failure(patch('point', { token, use_point: bad }, demo));
      expect(Object.keys(body.errors)).toEqual(['use_point']);
      expect(body.errors.use_point[0]).toContain('ご利用ポイント');
    }
  });

  it('refuses more than the balance or the total, with the reason on the field', async () => {
    const { token } = await cartWith([[1000, 10, 1]], demo); // 1,100 + carriage 660 = 1,760
    const over = await failure(patch('point', { token, use_point: 1201 }, demo));
    expect(over).toMatchObject({
      code: 'cart.point.over_balance',
      errors: { use_point: ['ご利用ポイントは保有ポイント（1,200ポイント）以内で入力してください'] },
    });
    const more = await failure(patch('point', { token, use_point: 1200 }, (await newMember(5000)).token), 404); // another member's cart
    expect(more.message).toEqual(expect.any(String));
    const rich = await newMember(5000);
    const mine = await cartWith([[1000, 10, 1]], rich.token);
    expect((await failure(patch('point', { token: mine.token, use_point: 1761 }, rich.token))).errors.use_point).toEqual([
      'ご利用ポイントはお支払い合計（1,760円）以内で入力してください',
    ]);
    const all = await ok(patch('point', { token: mine.token, use_point: 1760 }, rich.token));
    expect(all.detail.order).toMatchObject({ use_point: 1760, total_payment: 0 });
  });

  it('shows the points used and earned before purchase; nothing moves until the decision', async () => {
    const { token } = await cartWith([[2000, 10, 1]], demo); // 2,200 yen: 1 % of 2,000 = 20 points
    let cart = await ok(shop.request('GET', `/v1/carts/${token}`, { token: demo }));
    expect(cart.detail.order.earn_point).toBe(20);
    cart = await ok(patch('point', { token, use_point: 300 }, demo));
    cartSchema.parse(cart);
    expect(cart.detail.order).toMatchObject({ use_point: 300, total_payment: 2200 + 660 - 300, earn_point: 20 });
    const summary = await ok(shop.request('GET', '/v1/me/points', { token: demo }));
    expect(summary.point_balance).toBe(1200);
    await ok(patch('point', { token, use_point: 0 }, demo));
    expect(await balanceOf(demoId)).toBe(1200);
  });

  it('follows POINT.RATE', async () => {
    const set = (value: number) =>
      shop.database.db
        .update(settings)
        .set({ value })
        .where(and(eq(settings.channel_id, 'default'), eq(settings.key, 'POINT.RATE')));
    const { token } = await cartWith([[2000, 10, 1]]);
    try {
      await set(5);
      expect((await ok(shop.request('GET', `/v1/carts/${token}`))).detail.order.earn_point).toBe(100);
    } finally {
      await set(1);
    }
  });
});

describe('the decision moves the balance, and a cancellation moves it back', () => {
  it('worked example: a coupon and points on a 10 % and an 8 % line (totals by hand)', async () => {
    // Goods: A 2,000 yen + 10 % = 2,200 × 2 = 4,400; B 1,000 yen + 8 % = 1,080 × 1. Goods 5,480 (< 5,500: carriage 660).
    // WELCOME500 (500 yen off from 3,000) over the goods 4,400 : 1,080 → 401.46 / 98.54 → 401 + 98, the spare yen to
    //   the larger fraction (B): A 401, B 99. After it: A 3,999, B 981.
    // 300 points over everything still to pay, 3,999 : 981 : 660 (carriage) → 212.7 / 52.2 / 35.1 → 212 + 52 + 35 = 299,
    //   the spare yen to A: A 213, B 52, carriage 35.
    // 10 %: 3,999 − 213 + 660 − 35 = 4,411, tax floor(4,411 × 10/110) = 401; 8 %: 981 − 52 = 929, tax floor(929 × 8/108) = 68.
    // Total 5,480 + 660 − 500 − 300 = 5,340 (= 4,411 + 929); tax 469.
    // Earned: 1 % of the goods without tax after the coupon: 3,999 − 363 = 3,636 and 981 − 72 = 909 → 45.45 → 45 points.
    // Balance: 1,200 − 300 = 900; the 45 earned are pending until the order is paid (945 then).
    const a = await product({ price: 2000, taxRate: 10 });
    const b = await product({ price: 1000, taxRate: 8 });
    const { token } = await (await shop.request('POST', '/v1/carts/init', { body: {} })).json();
    await ok(patch('products/add', { token, product_id: a, quantity: 2 }, demo));
    await ok(patch('products/add', { token, product_id: b, quantity: 1 }, demo));
    await ok(patch('coupons/add', { token, code: 'WELCOME500' }, demo));
    await ok(patch('point', { token, use_point: 300 }, demo));
    const cart = await readyToDecide(token, demo, demoAddress);
    expect(cart.detail.products.map((p: { coupon_discount_parts: unknown }) => p.coupon_discount_parts)).toEqual([
      [{ code: 'WELCOME500', amount: 401 }],
      [{ code: 'WELCOME500', amount: 99 }],
    ]);
    expect(cart.detail.order).toEqual({
      subtotal: 4000 + 1000,
      subtotal_with_tax: 5480,
      total_tax: 469,
      total_carriage: 660,
      total_packing: 0,
      total_fee: 0,
      total_discount: 500,
      use_point: 300,
      total_payment: 5340,
      earn_point: 45,
      amount_by_tax_rate: [
        { tax_rate: 10, subtotal: 4010, tax: 401, total: 4411 },
        { tax_rate: 8, subtotal: 861, tax: 68, total: 929 },
      ],
    });
    const { order_id, order_no } = await ok(decide(token, demo));
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, order_id));
    expect(order).toMatchObject({ total_payment: 5340, total_discount: 500, use_point: 300, earned_point: 45, total_tax: 469 });
    expect(await balanceOf(demoId)).toBe(900);
    const shown = await ok(shop.request('GET', `/v1/carts/order/${order_no}`, { token: demo }));
    expect(shown.order).toMatchObject({ use_point: 300, total_discount: 500, earn_point: 45, total_payment: 5340 });

    const history = await ok(shop.request('GET', '/v1/me/point-histories', { token: demo }));
    pointHistoryListSchema.parse(history);
    expect(history[0]).toMatchObject({ amount: -300, reason: 'ご注文でのご利用', order_no });
    // The 300 came out of the seeded welcome lot (expiring first): 200 of it still expires within the month.
    let summary = pointSummarySchema.parse(await ok(shop.request('GET', '/v1/me/points', { token: demo })));
    expect(summary).toMatchObject({ point_balance: 900, expiring_point: 200, expiring_within_days: 30, point_rate: 1, pending_point: 45 });
    // The payment is confirmed: the 45 are granted.
    await markOrderPaid(shop.database.db, 'default', order_id);
    summary = pointSummarySchema.parse(await ok(shop.request('GET', '/v1/me/points', { token: demo })));
    expect(summary).toMatchObject({ point_balance: 945, pending_point: 0 });
    const granted = await ok(shop.request('GET', '/v1/me/point-histories', { token: demo }));
    expect(granted[0]).toMatchObject({ amount: 45, reason: 'ご注文でのポイント獲得', order_no });

    // Cancellation gives it all back: +300, −45, the coupon free again, its counter down.
    const used = (await shop.database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME500')))[0].used_count;
    const back = await shop.database.db.transaction((tx) => returnOrderBenefits(tx, order_id));
    expect(back).toEqual({ returned_point: 300, revoked_point: 45, shortfall_point: 0, coupons: 1 });
    expect(await balanceOf(demoId)).toBe(1200);
    expect((await shop.database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME500')))[0].used_count).toBe(used - 1);
    const [use] = await shop.database.db
      .select()
      .from(user_coupons)
      .where(and(eq(user_coupons.user_id, demoId), eq(user_coupons.order_id, order_id)));
    expect(use).toBeUndefined();
    // Twice changes nothing.
    expect(await shop.database.db.transaction((tx) => returnOrderBenefits(tx, order_id))).toEqual({
      returned_point: 0,
      revoked_point: 0,
      shortfall_point: 0,
      coupons: 0,
    });
    expect(await balanceOf(demoId)).toBe(1200);
    // The member may use the coupon again.
    const again = await cartWith([[3000, 10, 1]], demo);
    expect((await ok(patch('coupons/add', { token: again.token, code: 'WELCOME500' }, demo))).detail.coupons[0].discount).toBe(500);
    await ok(patch('coupons/delete', { token: again.token, code: 'WELCOME500' }, demo));
  });

  it('takes granted points back only as far as the balance holds them, and tells the shortfall', async () => {
    const m = await newMember(0);
    const { token } = await cartWith([[10000, 10, 1]], m.token); // 1 % of 10,000 = 100 points
    await readyToDecide(token, m.token, m.addressId);
    const { order_id } = await ok(decide(token, m.token));
    await markOrderPaid(shop.database.db, 'default', order_id);
    expect(await balanceOf(m.id)).toBe(100);
    // The member spends 70 of them on another order before the cancellation.
    const other = await cartWith([[1000, 10, 1]], m.token);
    await ok(patch('point', { token: other.token, use_point: 70 }, m.token));
    await readyToDecide(other.token, m.token, m.addressId);
    await ok(decide(other.token, m.token));
    const back = await shop.database.db.transaction((tx) => returnOrderBenefits(tx, order_id));
    expect(back).toEqual({ returned_point: 0, revoked_point: 30, shortfall_point: 70, coupons: 0 });
    expect(await balanceOf(m.id)).toBe(0);
  });

  it('uses no more points than the balance holds at the decision', async () => {
    const m = await newMember(500);
    const { token } = await cartWith([[1000, 10, 1]], m.token);
    await ok(patch('point', { token, use_point: 500 }, m.token));
    await readyToDecide(token, m.token, m.addressId);
    // Spent elsewhere meanwhile (the request's member row still says 500).
    await shop.database.db.update(users).set({ point_balance: 100 }).where(eq(users.id, m.id));
    const cart = await ok(shop.request('GET', `/v1/carts/${token}`, { token: m.token }));
    expect(cart.detail.order.use_point).toBe(100); // never more than the balance now
    expect((await ok(decide(token, m.token))).order_no).toEqual(expect.any(String));
    // 100 used; the 10 earned (1 % of the goods without tax, 1,000 yen) are pending until paid.
    expect(await balanceOf(m.id)).toBe(0);
  });
});

describe('GET /v1/me/points and /v1/me/point-histories', () => {
  it('need a member; the history is paged with the headers, newest first', async () => {
    expect((await shop.request('GET', '/v1/me/points')).status).toBe(401);
    expect((await shop.request('GET', '/v1/me/point-histories')).status).toBe(401);
    const res = await shop.request('GET', '/v1/me/point-histories?per=2&page=1', { token: demo });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-per-page')).toBe('2');
    expect(Number(res.headers.get('x-total'))).toBeGreaterThanOrEqual(3);
    const rows = await res.json();
    expect(rows).toHaveLength(2);
    expect(Date.parse(rows[0].created_at)).toBeGreaterThanOrEqual(Date.parse(rows[1].created_at));
    expect((await shop.request('GET', '/v1/me/point-histories?per=0', { token: demo })).status).toBe(422);
  });

  it('expires a lot past its date with a history row', async () => {
    const m = await newMember(0);
    const db = shop.database.db;
    await db.insert(point_histories).values({
      user_id: m.id,
      amount: 80,
      reason: 'キャンペーン特典',
      created_at: new Date(Date.now() - 400 * 86_400_000),
      expires_at: new Date(Date.now() - 35 * 86_400_000),
    });
    await db.update(users).set({ point_balance: 80 }).where(eq(users.id, m.id));
    expect(await db.transaction((tx) => expirePointsOf(tx, m.id))).toBe(80);
    expect(await balanceOf(m.id)).toBe(0);
    const rows = await (await shop.request('GET', '/v1/me/point-histories', { token: m.token })).json();
    expect(rows[0]).toMatchObject({ amount: -80, reason: 'ポイントの有効期限切れ' });
    expect(await db.transaction((tx) => expirePointsOf(tx, m.id))).toBe(0);
  });
});

describe.skipIf(!onPostgres)('points racing on PostgreSQL', () => {
  it('two orders of one member spending most of the balance at once: one is placed, the balance never goes below 0', async () => {
    const m = await newMember(1000);
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const { token } = await cartWith([[5000, 10, 1]], m.token);
      await ok(patch('point', { token, use_point: 800 }, m.token));
      await readyToDecide(token, m.token, m.addressId);
      tokens.push(token);
    }
    const results = await Promise.all(tokens.map((t) => decide(t, m.token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await results.find((r) => r.status === 422)!.json()).code).toBe('cart.point.insufficient');
    // 1,000 − 800 = 200 (the 50 earned, 1 % of 5,000, are pending until paid).
    expect(await balanceOf(m.id)).toBe(200);
  }, 120_000);
});
