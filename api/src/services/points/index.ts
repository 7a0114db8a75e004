/** The member's coupons and points in my-page: GET /v1/me/coupons, /v1/me/points, /v1/me/point-histories. */
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons, orders, point_histories, user_coupons, users } from '../../db/schema.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';
import { PAGE_SIZE } from '#contracts/constants.ts';
import type { MyCoupon, PointHistory, PointSummary } from '#contracts/benefits.ts';
import { EXPIRING_WITHIN_DAYS, expiringOf, ledgerOf, openLots } from './ledger.ts';
import { pendingPointsOf } from './pending.ts';
import { benefitSettings } from './settings.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * GET /v1/me/coupons: the coupons handed to the member (used ones too, with when; not those whose
 * period ended unused), and the open coupons valid now (period running, not used up), unused first,
 * then by the nearest end.
 */
export async function listMyCoupons(db: Db, channelId: string, userId: number, query: { page?: number; per?: number }, now = new Date()): Promise<PageResult<MyCoupon>> {
  const page = pageOf(query, PAGE_SIZE.default)!;
  const mine = and(eq(user_coupons.coupon_id, coupons.id), eq(user_coupons.user_id, userId));
  const where = and(
    eq(coupons.is_active, true),
    or(isNull(coupons.channel_id), eq(coupons.channel_id, channelId)),
    or(
      and(eq(coupons.is_member_only, true), isNotNull(user_coupons.user_id),
        or(isNull(coupons.ends_at), gt(coupons.ends_at, now), isNotNull(user_coupons.used_at))),
      and(eq(coupons.is_member_only, false),
        or(isNull(coupons.starts_at), lte(coupons.starts_at, now)), or(isNull(coupons.ends_at), gt(coupons.ends_at, now)),
        or(isNull(coupons.usage_limit), lt(coupons.used_count, coupons.usage_limit), isNotNull(user_coupons.used_at))),
    ),
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select({ c: coupons, used_at: user_coupons.used_at, held: user_coupons.user_id }).from(coupons).leftJoin(user_coupons, mine).where(where)
      .orderBy(sql`${user_coupons.used_at} is not null`, sql`${coupons.ends_at} asc nulls last`, asc(coupons.id)).limit(page.per).offset(page.offset),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(coupons).leftJoin(user_coupons, mine).where(where),
  ]);
  return {
    items: rows.map(({ c, used_at, held }) => ({
      id: c.id, code: c.code, name: c.name, description: c.description, discount_type: c.discount_type === 'percent' ? 'percent' : 'amount',
      discount_value: c.discount_value, max_discount: c.max_discount, min_total: c.min_total, starts_at: iso(c.starts_at), ends_at: iso(c.ends_at),
      is_granted: c.is_member_only && held != null, used_at: iso(used_at),
    })),
    total: n,
    page,
  };
}

/** GET /v1/me/points: the balance, what of it expires within 30 days, the rate an order earns, and the points pending (付与予定). */
export async function pointSummary(db: Db, channelId: string, userId: number, now = new Date()): Promise<PointSummary> {
  const [[member], ledger, settings, pending] = await Promise.all([
    db.select({ balance: users.point_balance }).from(users).where(eq(users.id, userId)).limit(1),
    ledgerOf(db, userId),
    benefitSettings(db, channelId, now),
    pendingPointsOf(db, channelId, userId, now),
  ]);
  const balance = member?.balance ?? 0;
  const { expiring, expiringAt } = expiringOf(openLots(ledger), now, new Date(now.getTime() + EXPIRING_WITHIN_DAYS * 86_400_000));
  return {
    point_balance: balance, expiring_point: Math.min(expiring, balance), expiring_at: expiring > 0 ? iso(expiringAt) : null,
    expiring_within_days: EXPIRING_WITHIN_DAYS, point_rate: settings.pointRate, pending_point: pending.total, pending: pending.items,
  };
}

/** GET /v1/me/point-histories: the member's point moves (granted rows; pending ones are on /v1/me/points), newest first, paged. */
export async function listPointHistories(db: Db, userId: number, query: { page?: number; per?: number }): Promise<PageResult<PointHistory>> {
  const page = pageOf(query, PAGE_SIZE.default)!;
  const where = and(eq(point_histories.user_id, userId), eq(point_histories.status, 'granted'), not(eq(point_histories.amount, 0)));
  const [rows, [{ n }]] = await Promise.all([
    db.select({ h: point_histories, order_no: orders.order_no }).from(point_histories)
      .leftJoin(orders, eq(orders.id, point_histories.order_id)).where(where)
      .orderBy(desc(point_histories.created_at), desc(point_histories.id)).limit(page.per).offset(page.offset),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(point_histories).where(where),
  ]);
  return {
    items: rows.map(({ h, order_no }) => ({
      id: h.id, amount: h.amount, reason: h.reason, order_no: order_no ?? null, expires_at: iso(h.expires_at), created_at: h.created_at.toISOString(),
    })),
    total: n,
    page,
  };
}
