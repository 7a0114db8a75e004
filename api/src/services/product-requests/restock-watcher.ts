/**
 * Background upkeep, run by `npm start` and `npm run api` (startMaintenance in
 * server.ts):
 * - the restock watcher: stock can come back by any path (an order cancelled, an import, an editor or
 *   plain SQL), so every RESTOCK_SCAN_INTERVAL_MS it looks for pending, confirmed 「再入荷をお知らせ」 requests
 *   whose product is in stock again and mails them (notifyRestocked, each product in its own
 *   transaction: the requests are marked and their mails queued together or not at all);
 * - the retention of recommendation-click events: rows older than ECOMMERCE_EVENTS_RETENTION_DAYS are
 *   deleted, in batches, once an hour;
 * - the expiry of points past their year (services/points/ledger.ts), once an hour;
 * - the grant of points pending on card orders past the shop's cancel window (points/grant.ts
 *   grantDuePoints: each order FOR UPDATE SKIP LOCKED, granted once), once an hour;
 * - memorial reminder e-mails (services/memorial-reminders/), once an hour: MEMORIAL_REMINDER_DAYS
 *   before each memorial day whose member asked for one, once a year;
 * - the 人気順 scores (products/search/refresh.ts refreshPopularity: orders, views, reviews), once an hour;
 * - editor sessions that expired or were revoked (services/admin/auth/index.ts purgeEditorSessions), once an hour;
 * - uploads never attached to an inquiry, past UPLOAD_RETENTION_HOURS (services/upload-files/retention.ts), once an hour.
 * Several processes may run it at once: notifyRestocked's UPDATE picks each request once (a second
 * UPDATE waits for the first's row locks and then finds notified_at set), the reminders' UPDATE does
 * the same with reminded_for_year, and deleting twice is harmless.
 */
import { and, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ecommerce_events, product_requests, products } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { lineLogger } from '../../lib/log.ts';
import { purgeEditorSessions } from '../admin/auth/index.ts';
import { remindMemorials } from '../memorial-reminders/index.ts';
import { grantDuePoints } from '../points/grant.ts';
import { expirePoints } from '../points/ledger.ts';
import { refreshPopularity } from '../products/search/refresh.ts';
import { purgeUnattachedUploads, type RetentionEnv } from '../upload-files/retention.ts';
import { notifyRestocked } from './index.ts';

/** Products with pending requests that have stock again, at most `limit` per scan. */
async function restockedProducts(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: products.id })
    .from(product_requests)
    .innerJoin(products, sql`${products.id} = ${product_requests.product_id}`)
    .where(and(isNull(product_requests.notified_at), isNotNull(product_requests.confirmed_at), gt(products.stock, 0)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Mails the pending requests of every product that is in stock again; returns how many mails were
 * queued. A product whose mailing fails is left pending for the next scan (and reported by `warn`).
 */
export async function scanRestocked(
  db: Db,
  siteUrl: string,
  options: { limit?: number; warn?: (m: string) => void } = {},
): Promise<number> {
  let queued = 0;
  for (const id of await restockedProducts(db, options.limit ?? 500)) {
    try {
      queued += await db.transaction((tx) => notifyRestocked(tx, id, siteUrl));
    } catch (error) {
      options.warn?.(`[restock] product ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return queued;
}

/** Deletes recommendation-click events older than `days` days, `batch` rows at a time; returns how many. */
export async function purgeEcommerceEvents(db: Db, days: number, batch = 5000): Promise<number> {
  const before = new Date(Date.now() - days * 86_400_000);
  let total = 0;
  for (;;) {
    const gone = await db
      .delete(ecommerce_events)
      .where(sql`${ecommerce_events.id} in (
      select id from ${ecommerce_events} where ${lt(ecommerce_events.created_at, before)} limit ${batch})`)
      .returning({ id: ecommerce_events.id });
    total += gone.length;
    if (gone.length < batch) return total;
  }
}

export interface Maintenance {
  /** One restock scan, one purge and one memorial reminder sweep now (tests, scripts). */
  runOnce: () => Promise<{
    restockMails: number;
    eventsPurged: number;
    memorialReminders: number;
    popularityChanged: number;
    editorSessionsPurged: number;
    pointsGranted: number;
    uploadsPurged: number;
  }>;
  /** Stops the timers; a round in flight finishes first. */
  stop: () => Promise<void>;
}

const PURGE_EVERY_MS = 3_600_000;

type MaintenanceEnv = Pick<ApiEnv, 'SITE_URL' | 'RESTOCK_SCAN_INTERVAL_MS' | 'ECOMMERCE_EVENTS_RETENTION_DAYS' | 'MEMORIAL_REMINDER_DAYS'> &
  RetentionEnv;

export function startMaintenance(db: Db, env: MaintenanceEnv, warn: (m: string) => void = lineLogger('maintenance', 'warn')): Maintenance {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const guard = <T>(task: () => Promise<T>, fallback: T): Promise<T> => {
    const next = running.then(async () => {
      if (stopped) return fallback;
      try {
        return await task();
      } catch (error) {
        warn(`[maintenance] ${error instanceof Error ? error.message : String(error)}`);
        return fallback;
      }
    });
    running = next;
    return next;
  };
  const scan = () => guard(() => scanRestocked(db, env.SITE_URL, { warn }), 0);
  const purge = () => guard(() => purgeEcommerceEvents(db, env.ECOMMERCE_EVENTS_RETENTION_DAYS), 0);
  // Points past their year (services/points/ledger.ts), hourly like the purge.
  const expire = () => guard(() => expirePoints(db), 0);
  const grant = () => guard(() => grantDuePoints(db), 0);
  const remind = () => guard(() => remindMemorials(db, { siteUrl: env.SITE_URL, daysBefore: env.MEMORIAL_REMINDER_DAYS, warn }), 0);
  // 人気順 follows the shop's orders, views and reviews: the scores are worked out again hourly
  // (only changed rows are written, in batches; the catalogue version moves, so cached popular pages
  // follow, and stays when no score changed).
  const popular = () => guard(() => refreshPopularity(db), 0);
  // Editor sessions past their expiry or revoked: never usable again, so not kept.
  const sessions = () => guard(() => purgeEditorSessions(db), 0);
  const uploads = () => guard(() => purgeUnattachedUploads(db, env, warn), 0);
  const timers = [
    env.RESTOCK_SCAN_INTERVAL_MS > 0 ? setInterval(scan, env.RESTOCK_SCAN_INTERVAL_MS) : undefined,
    setInterval(purge, PURGE_EVERY_MS),
    setInterval(expire, PURGE_EVERY_MS),
    setInterval(grant, PURGE_EVERY_MS),
    setInterval(remind, PURGE_EVERY_MS),
    setInterval(popular, PURGE_EVERY_MS),
    setInterval(sessions, PURGE_EVERY_MS),
    setInterval(uploads, PURGE_EVERY_MS),
    setTimeout(() => {
      void scan();
      void purge();
      void expire();
      void grant();
      void remind();
      void popular();
      void sessions();
      void uploads();
    }, 5_000),
  ];
  for (const t of timers) t?.unref();
  return {
    runOnce: async () => ({
      restockMails: await scan(),
      eventsPurged: await purge(),
      memorialReminders: await remind(),
      popularityChanged: await popular(),
      editorSessionsPurged: await sessions(),
      pointsGranted: await grant(),
      uploadsPurged: await uploads(),
    }),
    stop: async () => {
      stopped = true;
      for (const t of timers) if (t) clearInterval(t);
      await running;
    },
  };
}
