/**
 * Coupons, points and the carriage settings. Coupon periods are relative to the seed, so a fresh
 * shop always has a running, an expired and a member-only coupon; the demo member holds points
 * (part of them expiring within the month) and a coupon handed to them.
 */
import { eq } from 'drizzle-orm';
import { POINT_REASONS, pointExpiryFrom } from '../../services/points/ledger.ts';
import { BENEFIT_SETTING_DEFAULTS } from '../../services/points/settings.ts';
import type { Db, Tx } from '../client.ts';
import { coupons, point_histories, settings, user_coupons, users } from '../schema/index.ts';
import { MAIN_CHANNEL, OUTLET_CHANNEL } from './channels.ts';
import { DEMO } from './members.ts';

const DAY = 86_400_000;

/** Seeds the benefit settings of both channels, the coupons and demo's points and coupon. */
export async function seedBenefits(db: Db | Tx, now = new Date()) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const values: Record<string, unknown> = {
    ...BENEFIT_SETTING_DEFAULTS,
    // A past campaign, as an editor leaves it: shipping was free from 3,300 yen for the summer.
    'ORDER.CARRIAGE.CAMPAIGN': {
      name: '夏の送料無料キャンペーン',
      starts_at: '2026-07-01T00:00:00+09:00',
      ends_at: '2026-08-01T00:00:00+09:00',
      free_from: 3300,
    },
  };
  await db
    .insert(settings)
    .values(
      [MAIN_CHANNEL, OUTLET_CHANNEL].flatMap((channel_id) =>
        Object.entries(values).map(([key, value]) => ({ channel_id, key, value, is_public: true })),
      ),
    )
    .onConflictDoNothing();

  const rows = await db
    .insert(coupons)
    .values([
      {
        code: 'WELCOME500',
        name: 'はじめてのお買い物 500円OFFクーポン',
        discount_type: 'amount',
        discount_value: 500,
        min_total: 3000,
        description: '商品代金3,000円（税込）以上のご注文で500円引き。お一人様1回限り。',
      },
      {
        code: 'SEASON10',
        name: '季節のお買い物 10%OFFクーポン',
        discount_type: 'percent',
        discount_value: 10,
        max_discount: 2000,
        starts_at: at(-30),
        ends_at: at(60),
        description: '商品代金から10%引き（割引上限2,000円）。期間限定、お一人様1回限り。',
      },
      {
        code: 'MEMBER1000',
        name: '会員様限定 1,000円OFFクーポン',
        discount_type: 'amount',
        discount_value: 1000,
        min_total: 5000,
        is_member_only: true,
        ends_at: at(90),
        description: '対象の会員様にお配りしたクーポンです。商品代金5,000円（税込）以上のご注文で1,000円引き。',
      },
      {
        code: 'FIRST100',
        name: '先着100名様 300円OFFクーポン',
        discount_type: 'amount',
        discount_value: 300,
        usage_limit: 100,
        ends_at: at(30),
        description: '先着100名様限定。商品代金から300円引き。',
      },
      {
        code: 'SUMMER300',
        name: '夏のお買い物 300円OFFクーポン',
        discount_type: 'amount',
        discount_value: 300,
        min_total: 2000,
        starts_at: at(-120),
        ends_at: at(-30),
        description: 'ご利用期間は終了しました。',
      },
      {
        code: 'OUTLET5',
        name: 'アウトレット 5%OFFクーポン',
        discount_type: 'percent',
        discount_value: 5,
        max_discount: 1000,
        channel_id: OUTLET_CHANNEL,
        description: 'アウトレットでのご注文に限り5%引き（割引上限1,000円）。',
      },
    ])
    .returning({ id: coupons.id, code: coupons.code });

  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.username)).limit(1);
  if (!demo) return;
  await db.insert(user_coupons).values({ user_id: demo.id, coupon_id: rows.find((r) => r.code === 'MEMBER1000')!.id, granted_at: at(-10) });
  // 500 + 300 + 400 = 1,200 points; the welcome points (earned 340 days ago) expire within the month.
  const earned = [
    { amount: 500, reason: POINT_REASONS.welcome, created_at: at(-340) },
    { amount: 300, reason: POINT_REASONS.campaign, created_at: at(-60) },
    { amount: 400, reason: POINT_REASONS.campaign, created_at: at(-20) },
  ];
  await db.insert(point_histories).values(earned.map((e) => ({ user_id: demo.id, ...e, expires_at: pointExpiryFrom(e.created_at) })));
  await db
    .update(users)
    .set({ point_balance: earned.reduce((s, e) => s + e.amount, 0) })
    .where(eq(users.id, demo.id));
}
