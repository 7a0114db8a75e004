/**
 * The member's points in my-page: GET /v1/me/points, /v1/me/point-histories. The ledger, the grant
 * and the expiry live beside this door (ledger.ts, grant.ts, pending.ts, earn.ts, settings.ts).
 */
import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { PointHistory, PointSummary } from '#contracts/benefits.ts';
import { PAGE_SIZE } from '#contracts/constants.ts';
import type { Db } from '../../db/client.ts';
import { orders, point_histories, users } from '../../db/schema/index.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';
import { EXPIRING_WITHIN_DAYS, expiringOf, ledgerOf, openLots } from './ledger.ts';
import { pendingPointsOf } from './pending.ts';
import { benefitSettings } from './settings.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

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
    point_balance: balance,
    expiring_point: Math.min(expiring, balance),
    expiring_at: expiring > 0 ? iso(expiringAt) : null,
    expiring_within_days: EXPIRING_WITHIN_DAYS,
    point_rate: settings.pointRate,
    pending_point: pending.total,
    pending: pending.items,
  };
}

/** GET /v1/me/point-histories: the member's point moves (granted rows; pending ones are on /v1/me/points), newest first, paged. */
export async function listPointHistories(
  db: Db,
  userId: number,
  query: { page?: number; per?: number },
): Promise<PageResult<PointHistory>> {
  const page = pageOf(query, PAGE_SIZE.default)!;
  const where = and(eq(point_histories.user_id, userId), eq(point_histories.status, 'granted'), not(eq(point_histories.amount, 0)));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ h: point_histories, order_no: orders.order_no })
      .from(point_histories)
      .leftJoin(orders, eq(orders.id, point_histories.order_id))
      .where(where)
      .orderBy(desc(point_histories.created_at), desc(point_histories.id))
      .limit(page.per)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(point_histories)
      .where(where),
  ]);
  return {
    items: rows.map(({ h, order_no }) => ({
      id: h.id,
      amount: h.amount,
      reason: h.reason,
      order_no: order_no ?? null,
      expires_at: iso(h.expires_at),
      created_at: h.created_at.toISOString(),
    })),
    total: n,
    page,
  };
}
