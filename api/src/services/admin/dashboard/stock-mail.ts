/**
 * The dashboard's stock and mail lists. Stock: the channel's published products sold out (stock 0,
 * the ones the most 再入荷のお知らせ requests wait for first) and low (1..LOW_STOCK, the fewest
 * left first), with the confirmed requests not mailed yet. Mail: outbox rows not sent whose delivery
 * failed at least once (attempts > 0 or a last error), the newest first; the body is never read.
 */
import { sql } from 'drizzle-orm';
import { DASHBOARD_ROWS, type DashboardMailRow, type DashboardProductRow, LOW_STOCK } from '#contracts/admin-dashboard.ts';
import type { Db } from '../../../db/client.ts';
import { isoOf, rowsOf } from './rows.ts';

type Section = { count: number; items: DashboardProductRow[] };

/** Sold-out and low-stock products in one statement, numbered and counted per group. */
export async function stockLists(db: Db, channelId: string): Promise<{ out: Section; low: Section }> {
  const result = await db.execute(sql`
    select * from (
      select p.id, p.code, p.name, p.stock, coalesce(w.n, 0) as waiting, p.stock = 0 as sold_out,
        count(*) over (partition by p.stock = 0) as total,
        row_number() over (partition by p.stock = 0
          order by case when p.stock = 0 then -coalesce(w.n, 0) else p.stock end, p.id) as rn
      from products p
      left join (
        select product_id, count(*)::int as n from product_requests
        where notified_at is null and confirmed_at is not null group by product_id
      ) w on w.product_id = p.id
      where p.is_published and ${channelId} = any(p.channel_ids) and p.stock <= ${LOW_STOCK}
    ) ranked
    where rn <= ${DASHBOARD_ROWS}
    order by sold_out desc, rn`);
  const out: { out: Section; low: Section } = { out: { count: 0, items: [] }, low: { count: 0, items: [] } };
  for (const r of rowsOf(result)) {
    const section = r.sold_out ? out.out : out.low;
    section.count = Number(r.total);
    section.items.push({
      id: Number(r.id),
      code: String(r.code),
      name: String(r.name),
      stock: Number(r.stock),
      waiting_requests: Number(r.waiting),
    });
  }
  return out;
}

/** Mails that failed and are not sent yet (this channel's and the shop-wide ones): to, subject, error, attempts — never the body. */
export async function failingMails(db: Db, channelId: string): Promise<{ count: number; items: DashboardMailRow[] }> {
  const result = await db.execute(sql`
    select id, to_address, subject, last_error, attempts, ${isoOf(sql`created_at`)} as created_at,
      ${isoOf(sql`next_attempt_at`)} as next_attempt_at, count(*) over () as total
    from outbox_emails
    where sent_at is null and (attempts > 0 or last_error is not null) and (channel_id = ${channelId} or channel_id is null)
    order by outbox_emails.created_at desc, id desc
    limit ${DASHBOARD_ROWS}`);
  const rows = rowsOf(result);
  return {
    count: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      id: Number(r.id),
      to_address: String(r.to_address),
      subject: String(r.subject),
      last_error: (r.last_error as string | null) ?? null,
      attempts: Number(r.attempts),
      created_at: String(r.created_at),
      next_attempt_at: String(r.next_attempt_at),
    })),
  };
}
