/**
 * Rate limits in the `rate_limits` table, so every process over one database shares them. One
 * upsert both counts and reads: concurrent hits on a key serialise on its row, never undercount.
 * Times are clock_timestamp(), not now(): now() is when the statement's transaction began, so a hit
 * that waited on the row lock would measure another hit's newer window from before it opened (a
 * retry-after longer than the window) or keep counting in a window that has just ended.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { logFor } from '../../lib/log.ts';
import { type RateLimitStore, toResult } from './types.ts';

/** Expired rows are swept at most this often per process and database. */
const CLEANUP_EVERY_MS = 60_000;
const lastCleanup = new WeakMap<Db, number>();

/** Rows of a raw statement: both drivers (pg, PGlite) answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The PostgreSQL (or PGlite) store over `db`. */
export function postgresRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, limit, windowSeconds) {
      maybeCleanup(db);
      const rows = await rowsOf<{ count: number; remaining_ms: number }>(
        db,
        sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, clock_timestamp() + make_interval(secs => ${windowSeconds}::float8))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= clock_timestamp() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= clock_timestamp() then excluded.reset_at else rate_limits.reset_at end
        returning count, (extract(epoch from (reset_at - clock_timestamp())) * 1000)::float8 as remaining_ms`,
      );
      return toResult(Number(rows[0].count), Number(rows[0].remaining_ms), limit);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

/** Deletes windows that ended; bounded so one sweep never holds many row locks. */
export async function deleteExpiredRateLimits(db: Db): Promise<number> {
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`
    delete from rate_limits where key in (select key from rate_limits where reset_at < now() limit 1000) returning key`,
  );
  return rows.length;
}

function maybeCleanup(db: Db) {
  const now = Date.now();
  if (now - (lastCleanup.get(db) ?? 0) < CLEANUP_EVERY_MS) return;
  lastCleanup.set(db, now);
  // Off the request's path: a slow sweep must not delay the login it rode on.
  deleteExpiredRateLimits(db).catch((error: unknown) => logFor('rate-limit').warn({ err: error }, 'cleanup failed'));
}
