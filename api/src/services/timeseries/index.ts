/**
 * Body measurements (採寸) of the signed-in member: one timeseries per purpose, at most
 * TIMESERIES_LIMIT entries each. Every read and write is scoped to the member: another member's
 * entry is as good as missing (404).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MEASUREMENT_PURPOSES,
  type MeasurementPurposeCode,
  TIMESERIES_LIMIT,
  type TimeseriesEntry,
  type TimeseriesInput,
} from '#contracts/timeseries.ts';
import type { Db, Tx } from '../../db/client.ts';
import { timeseries, users } from '../../db/schema/index.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';

type Conn = Db | Tx;
type Row = typeof timeseries.$inferSelect;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

function serialize(row: Row): TimeseriesEntry {
  const values = (row.values ?? {}) as { value?: unknown; unit?: unknown };
  const purpose = row.purpose as MeasurementPurposeCode;
  return {
    id: row.id,
    purpose,
    value: Number(values.value),
    unit: typeof values.unit === 'string' ? values.unit : (MEASUREMENT_PURPOSES[purpose]?.unit ?? ''),
    measured_at: iso(row.measured_at),
  };
}

/** The member's measurements of `purpose` (or of every purpose), newest measured first. */
export async function listTimeseries(db: Conn, userId: number, purpose?: MeasurementPurposeCode): Promise<TimeseriesEntry[]> {
  const where = purpose ? and(eq(timeseries.user_id, userId), eq(timeseries.purpose, purpose)) : eq(timeseries.user_id, userId);
  const rows = await db.select().from(timeseries).where(where).orderBy(desc(timeseries.measured_at), desc(timeseries.id));
  return rows.map(serialize);
}

/**
 * Adds a measurement unless the member already has TIMESERIES_LIMIT of that purpose (422
 * `timeseries.limit`). The member's row is locked first, so two simultaneous adds cannot both pass.
 */
export async function createTimeseries(db: Db, userId: number, input: TimeseriesInput): Promise<TimeseriesEntry> {
  const p = MEASUREMENT_PURPOSES[input.purpose];
  const value = Math.round(Number(typeof input.value === 'string' ? input.value.trim() : input.value) * 10) / 10;
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(timeseries)
      .where(and(eq(timeseries.user_id, userId), eq(timeseries.purpose, input.purpose)));
    if (n >= TIMESERIES_LIMIT) {
      throw unprocessable(`${p.label}の記録は${TIMESERIES_LIMIT}件までです。古い記録を削除してから登録してください。`, 'timeseries.limit');
    }
    const [row] = await tx
      .insert(timeseries)
      .values({
        user_id: userId,
        purpose: input.purpose,
        values: { value, unit: p.unit },
        ...(input.measured_at ? { measured_at: new Date(input.measured_at) } : {}),
      })
      .returning();
    return serialize(row);
  });
}

/** Deletes one of the member's entries (404 when it is not the member's). */
export async function deleteTimeseriesEntry(db: Conn, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(timeseries)
    .where(and(eq(timeseries.id, id), eq(timeseries.user_id, userId)))
    .returning({ id: timeseries.id });
  if (gone.length === 0) throw notFound('採寸の記録');
}

/** Deletes every entry of one purpose; answers how many went. */
export async function deleteTimeseriesPurpose(db: Conn, userId: number, purpose: MeasurementPurposeCode): Promise<number> {
  const gone = await db
    .delete(timeseries)
    .where(and(eq(timeseries.user_id, userId), eq(timeseries.purpose, purpose)))
    .returning({ id: timeseries.id });
  return gone.length;
}
