/**
 * The dashboard's order lists that are the day's work: what must ship today and what waits for the
 * customer's payment. Each is one statement: the first DASHBOARD_ROWS rows with the total count
 * beside them (a window count over the filtered rows).
 *
 * To ship today: not cancelled; a delivery of it not shipped yet (no order_shipments row for its
 * index; an order marked shipped without such rows counts as fully shipped); the payment settled or
 * not needed first (rows.ts settledForShipping; fraud_suspected never); and due by the shop's own
 * lead-time rules (services/delivery/): a dated delivery must leave by its date less the days in
 * transit (ORDER.TRANSIT_DAYS plus the prefecture's leadtime_regions days), so it is due today when
 * that day is before the next business day (a Monday delivery is Friday's work when the weekend is
 * closed); an undated one is due once it was ordered before today's cut-off
 * (ORDER.SHIPPING.CUTOFF_HOUR). Earliest ship-by first.
 */
import { type SQL, sql } from 'drizzle-orm';
import { DASHBOARD_ROWS, type DashboardPaymentRow, type DashboardShipRow } from '#contracts/admin-dashboard.ts';
import type { Db } from '../../../db/client.ts';
import type { DayFrame } from './day.ts';
import { orderColumns, orderRowOf, rowsOf, settledForShipping } from './rows.ts';

export interface ShipRules {
  transitDays: number;
  cutoffHour: number;
  nextOpenDay: string;
}

/** An order's Japan order day: the date it was placed, or the next one from the cut-off hour. */
const orderDay = (createdAt: SQL, cutoffHour: number) => sql`(((${createdAt} at time zone 'UTC') + interval '9 hours')::date
  + case when extract(hour from (${createdAt} at time zone 'UTC') + interval '9 hours') >= ${cutoffHour} then 1 else 0 end)`;

export async function toShip(
  db: Db,
  channelId: string,
  day: DayFrame,
  rules: ShipRules,
): Promise<{ count: number; items: DashboardShipRow[] }> {
  const candidate = sql`select o.id, o.status, o.created_at, o.shippings from orders o join payment_methods pm on pm.id = o.payment_id
    where o.channel_id = ${channelId} and ${settledForShipping}`;
  const shipBy = sql`case when e.value->>'delivery_date' is null then ${orderDay(sql`c.created_at`, rules.cutoffHour)}
    else (e.value->>'delivery_date')::date - (${rules.transitDays}::int + coalesce(r.days, 0)) end`;
  const due = sql`case when e.value->>'delivery_date' is null then c.created_at < ${day.cutoffAt.toISOString()}::timestamptz
    else (e.value->>'delivery_date')::date - (${rules.transitDays}::int + coalesce(r.days, 0)) < ${rules.nextOpenDay}::date end`;
  // Two branches (each an index range once orders has the partial indexes docs/api.md "Back office" names), and
  // one aggregate row per order from its deliveries: the planner never multiplies the orders by a guess.
  const result = await db.execute(sql`
    with candidates as (
      ${candidate} and o.status = 'ordered'
      union all
      ${candidate} and o.status = 'shipped' and o.shippings @? '$[1]'
        -- A shipped order without any shipment row was marked shipped as a whole (before per-delivery shipments).
        and exists (select 1 from order_shipments y where y.order_id = o.id)
    ), due as (
      select c.id, c.created_at, d.ship_by, d.delivery_date, d.unshipped
      from candidates c
      cross join lateral (
        select min(p.ship_by) filter (where p.due) as ship_by, min(p.delivery_date) filter (where p.due) as delivery_date, count(*)::int as unshipped
        from (
          select e.value->>'delivery_date' as delivery_date, ${shipBy} as ship_by, ${due} as due
          from jsonb_array_elements(c.shippings) with ordinality as e(value, n)
          left join leadtime_regions r on r.prefecture = e.value->'address'->>'prefecture'
          where not exists (select 1 from order_shipments x where x.order_id = c.id and x.shipping_index = e.n - 1)
        ) p
      ) d
      where d.ship_by is not null
    )
    select ${orderColumns}, due.delivery_date, due.ship_by::text as ship_by, due.unshipped, count(*) over () as total
    from due join orders o on o.id = due.id join payment_methods pm on pm.id = o.payment_id
    order by due.ship_by, due.created_at, due.id
    limit ${DASHBOARD_ROWS}`);
  const rows = rowsOf(result);
  return {
    count: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      ...orderRowOf(r),
      delivery_date: (r.delivery_date as string | null) ?? null,
      ship_by: String(r.ship_by),
      late: String(r.ship_by) < day.today,
      unshipped: Number(r.unshipped),
    })),
  };
}

/** 銀行振込 and コンビニ払い not paid yet and not shipped (or cancelled), overdue first, then by deadline. */
export async function awaitingPayment(
  db: Db,
  channelId: string,
  day: DayFrame,
): Promise<{ count: number; overdue: number; items: DashboardPaymentRow[] }> {
  const deadline = sql`(o.payment_detail->>'deadline')`;
  const result = await db.execute(sql`
    select ${orderColumns}, ${deadline} as deadline, count(*) over () as total,
      count(*) filter (where ${deadline} < ${day.today}) over () as overdue
    from orders o join payment_methods pm on pm.id = o.payment_id
    where o.channel_id = ${channelId} and o.status = 'ordered' and o.payment_status = 'pending' and pm.code in ('bank_transfer', 'konbini')
    order by (${deadline} < ${day.today}) desc nulls last, ${deadline} nulls last, o.created_at, o.id
    limit ${DASHBOARD_ROWS}`);
  const rows = rowsOf(result);
  return {
    count: Number(rows[0]?.total ?? 0),
    overdue: Number(rows[0]?.overdue ?? 0),
    items: rows.map((r) => {
      const d = (r.deadline as string | null) ?? null;
      return { ...orderRowOf(r), deadline: d, overdue: d != null && d < day.today };
    }),
  };
}
