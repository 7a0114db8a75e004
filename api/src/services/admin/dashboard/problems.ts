/**
 * The dashboard's lists of what went wrong: the cancellations of today and the last 7 days, and
 * the orders whose payment needs a person, split in two: cancelled in the shop while the card's void
 * or refund is not done at the provider (orders.others.cancel_only_ecd_key, or a transaction that
 * failed), and live orders whose payment failed or is suspected of fraud. A transaction needs a
 * person when its state ends in `_failed` (void_failed, refund_failed, capture_failed, …) or it has
 * sat in a claim state (CLAIM_STATES: a provider call in flight) for over STUCK_AFTER_MINUTES.
 */
import { sql } from 'drizzle-orm';
import {
  CLAIM_STATES,
  DASHBOARD_ROWS,
  type DashboardAttentionRow,
  type DashboardCancelRow,
  STUCK_AFTER_MINUTES,
} from '#contracts/admin-dashboard.ts';
import type { Db } from '../../../db/client.ts';
import { type DayFrame, paymentIssue } from './day.ts';
import { isoOf, orderColumns, orderRowOf, rowsOf } from './rows.ts';

/** Today's and the last 7 days' cancellations (today included), the newest first. */
export async function cancellations(
  db: Db,
  channelId: string,
  day: DayFrame,
): Promise<{ today: number; last_7_days: number; items: DashboardCancelRow[] }> {
  const result = await db.execute(sql`
    select ${orderColumns}, ${isoOf(sql`o.cancelled_at`)} as cancelled_at, o.cancel_reason,
      count(*) over () as total, count(*) filter (where o.cancelled_at >= ${day.todayStart.toISOString()}::timestamptz) over () as today
    from orders o join payment_methods pm on pm.id = o.payment_id
    where o.channel_id = ${channelId} and o.status = 'cancelled' and o.cancelled_at >= ${day.weekStart.toISOString()}::timestamptz
    order by o.cancelled_at desc, o.id desc
    limit ${DASHBOARD_ROWS}`);
  const rows = rowsOf(result);
  return {
    today: Number(rows[0]?.today ?? 0),
    last_7_days: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      ...orderRowOf(r),
      cancelled_at: (r.cancelled_at as string | null) ?? null,
      cancel_reason: (r.cancel_reason as string | null) ?? null,
    })),
  };
}

type Section = { count: number; items: DashboardAttentionRow[] };

/** Both payment lists in one statement: numbered and counted per group, the newest first. */
export async function paymentProblems(db: Db, channelId: string): Promise<{ cancelled: Section; live: Section }> {
  // Constants written into the statement (never input), so a partial index with the same predicate can serve it.
  const claims = sql.raw(CLAIM_STATES.map((s) => `'${s}'`).join(', '));
  const voidPending = sql`(o.others->>'cancel_only_ecd_key') is not null`;
  const result = await db.execute(sql`
    with bad as (
      select distinct on (t.order_id) t.order_id, t.status
      from payment_transactions t
      where t.order_id is not null and (t.status like '%\\_failed'
        or (t.status in (${claims}) and t.updated_at < now() - make_interval(mins => ${STUCK_AFTER_MINUTES})))
      order by t.order_id, t.updated_at desc, t.id desc
    ), hits as (
      select ${orderColumns}, ${isoOf(sql`o.cancelled_at`)} as cancelled_at, bad.status as transaction_status,
        ${voidPending} as void_pending, o.status = 'cancelled' as is_cancelled, coalesce(o.cancelled_at, o.created_at) as sort_at
      from orders o join payment_methods pm on pm.id = o.payment_id
      left join bad on bad.order_id = o.id
      -- The few orders concerned first (by id), so the rest of orders is never read.
      where o.id = any(array(
          select x.id from orders x where x.channel_id = ${channelId}
            and (x.payment_status in ('failed', 'fraud_suspected') or (x.others->>'cancel_only_ecd_key') is not null)
          union select order_id from bad))
        and o.channel_id = ${channelId} and (
        (o.status = 'cancelled' and (bad.order_id is not null or ${voidPending}))
        or (o.status <> 'cancelled' and (bad.order_id is not null or o.payment_status in ('failed', 'fraud_suspected'))))
    )
    select * from (
      select hits.*, count(*) over (partition by is_cancelled) as total,
        row_number() over (partition by is_cancelled order by sort_at desc, id desc) as rn
      from hits
    ) ranked
    where rn <= ${DASHBOARD_ROWS}
    order by is_cancelled, rn`);
  const out: { cancelled: Section; live: Section } = { cancelled: { count: 0, items: [] }, live: { count: 0, items: [] } };
  for (const r of rowsOf(result)) {
    const section = r.is_cancelled ? out.cancelled : out.live;
    section.count = Number(r.total);
    const row = { ...orderRowOf(r), transaction_status: (r.transaction_status as string | null) ?? null };
    section.items.push({
      ...row,
      cancelled_at: (r.cancelled_at as string | null) ?? null,
      issue: paymentIssue({ ...row, void_pending: Boolean(r.void_pending) }),
    });
  }
  return out;
}
