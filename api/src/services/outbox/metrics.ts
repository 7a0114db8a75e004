/**
 * The outbox gauges of /metrics (lib/metrics.ts): unsent mails and the age of the oldest, read on
 * each scrape by one query over the partial index of unsent rows (outbox_emails_due_idx).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { setOutboxProbe } from '../../lib/metrics.ts';

/** The backlog now: how many mails are unsent and how old (seconds) the oldest is. */
export async function outboxBacklog(db: Db): Promise<{ backlog: number; oldestAgeSeconds: number }> {
  const result = (await db.execute(sql`
    select count(*)::int as backlog, extract(epoch from now() - min(created_at))::float8 as age
    from outbox_emails where sent_at is null`)) as unknown as { rows: { backlog: number; age: number | null }[] };
  const row = result.rows[0];
  return { backlog: Number(row?.backlog ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.age ?? 0)) };
}

/** Makes `db`'s outbox the one /metrics reports. */
export function watchOutbox(db: Db): void {
  setOutboxProbe(() => outboxBacklog(db));
}
