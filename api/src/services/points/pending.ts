/**
 * Points earned on orders not paid or shipped yet (付与予定), as the member sees them: the total and
 * one row per order on /v1/me/points, and each order's state (pending with its reason, granted,
 * cancelled) on the wire Order. The reason follows what grants them (points/grant.ts): the
 * payment for 銀行振込 and コンビニ払い, the shipment for 代金引換 and 後払い, the shipment or the end of
 * the cancel window for a card.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PendingPoint } from '#contracts/benefits.ts';
import type { EarnPointState } from '#contracts/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orders, payment_methods, point_histories } from '../../db/schema/index.ts';
import { PAID_AT_ONCE } from './grant.ts';
import { POINT_REASONS } from './ledger.ts';
import { benefitSettings } from './settings.ts';

const PAID_FIRST = ['bank_transfer', 'konbini'];
/** At most this many pending orders are listed (the total counts them all). */
const PENDING_LISTED = 50;

/** "2026.12.09": the Japan date of `at`. */
const jstDate = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '.');

/** Why an order's points are still pending (pure). */
export function pendingNote(o: { payment_code: string | null; payment_status: string; created_at: Date }, grantAfterDays: number): string {
  if (PAID_AT_ONCE.includes(o.payment_status))
    return `発送後、または${jstDate(new Date(o.created_at.getTime() + grantAfterDays * 86_400_000))}に付与されます`;
  if (o.payment_status === 'pending' && PAID_FIRST.includes(o.payment_code ?? '')) return 'お支払い確認後に付与されます';
  return '発送後に付与されます';
}

/** The member's pending points: their total and the orders they wait on, newest first. */
export async function pendingPointsOf(
  db: Db,
  channelId: string,
  userId: number,
  now = new Date(),
): Promise<{ total: number; items: PendingPoint[] }> {
  const [rows, settings] = await Promise.all([
    db
      .select({
        amount: point_histories.amount,
        order_no: orders.order_no,
        created_at: orders.created_at,
        payment_status: orders.payment_status,
        payment_code: payment_methods.code,
      })
      .from(point_histories)
      .innerJoin(orders, eq(orders.id, point_histories.order_id))
      .leftJoin(payment_methods, eq(payment_methods.id, orders.payment_id))
      .where(
        and(eq(point_histories.user_id, userId), eq(point_histories.status, 'pending'), eq(point_histories.reason, POINT_REASONS.earned)),
      )
      .orderBy(desc(orders.created_at), desc(orders.id)),
    benefitSettings(db, channelId, now),
  ]);
  return {
    total: rows.reduce((s, r) => s + r.amount, 0),
    items: rows.slice(0, PENDING_LISTED).map((r) => ({
      order_no: r.order_no,
      amount: r.amount,
      note: pendingNote(r, settings.pointGrantAfterDays),
      ordered_at: r.created_at.toISOString(),
    })),
  };
}

/** The earned points' state of each order (by id): pending with its reason, granted or cancelled; absent: none earned. */
export async function earnStatesOf(
  conn: Db | Tx,
  rows: Array<{ id: number; channel_id: string; status: string; payment_status: string; created_at: Date }>,
): Promise<Map<number, EarnPointState>> {
  const states = new Map<number, EarnPointState>();
  if (!rows.length) return states;
  const earned = await conn
    .select({ order_id: point_histories.order_id, status: point_histories.status, payment_code: payment_methods.code })
    .from(point_histories)
    .innerJoin(orders, eq(orders.id, point_histories.order_id))
    .leftJoin(payment_methods, eq(payment_methods.id, orders.payment_id))
    .where(
      and(
        inArray(
          point_histories.order_id,
          rows.map((r) => r.id),
        ),
        eq(point_histories.reason, POINT_REASONS.earned),
      ),
    );
  const days = new Map<string, number>();
  for (const e of earned) {
    const o = rows.find((r) => r.id === e.order_id)!;
    if (e.status !== 'pending' || o.status === 'cancelled') {
      states.set(o.id, { status: e.status === 'cancelled' || o.status === 'cancelled' ? 'cancelled' : 'granted', note: null });
      continue;
    }
    if (!days.has(o.channel_id)) days.set(o.channel_id, (await benefitSettings(conn, o.channel_id)).pointGrantAfterDays);
    states.set(o.id, { status: 'pending', note: pendingNote({ ...o, payment_code: e.payment_code }, days.get(o.channel_id)!) });
  }
  return states;
}
