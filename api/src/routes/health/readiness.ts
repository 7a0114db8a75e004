/**
 * Readiness: named checks (database SELECT 1, schema current, Redis PING when configured; the
 * storefront adds "build"), each bounded by a short timeout so a cut database answers "not ready"
 * within a second instead of hanging the probe. Results are cached briefly and concurrent probes
 * share one round; `stop()` (shutdown) turns readiness off at once, before the server drains.
 */
import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import type { Db } from '../../db/client.ts';
import { behindReason, schemaStatus } from '../../db/migrate.ts';
import type { ApiEnv } from '../../env.ts';

/** A check resolves when healthy and throws an Error whose message says what is wrong. */
export type Check = () => Promise<void>;

export interface ReadyReport {
  ready: boolean;
  /** skipped: not run (shutting down). */
  checks: Record<string, 'ok' | 'fail' | 'skipped'>;
  /** Why not ready: the failing checks' reasons, or "shutting down". */
  reason?: string;
}

export interface Readiness {
  report: () => Promise<ReadyReport>;
  /** Shutting down: every later report is not ready. */
  stop: () => void;
  readonly stopping: boolean;
}

/** How long one check may take; a probe answers within about this long. */
export const CHECK_TIMEOUT_MS = 1000;

/** `work`, or an Error after `ms` (the work itself is left to finish or fail in the background). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Readiness over `checks`; a report is reused for `cacheMs` (probes of several balancers at once). */
export function createReadiness(checks: Record<string, Check>, { cacheMs = 1000, timeoutMs = CHECK_TIMEOUT_MS } = {}): Readiness {
  let stopping = false;
  let last: { at: number; report: Promise<ReadyReport> } | null = null;
  const run = async (): Promise<ReadyReport> => {
    const names = Object.keys(checks);
    const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!(), timeoutMs, name)));
    const report: ReadyReport = { ready: true, checks: {} };
    const reasons: string[] = [];
    results.forEach((result, i) => {
      report.checks[names[i]!] = result.status === 'fulfilled' ? 'ok' : 'fail';
      if (result.status === 'rejected') reasons.push(messageOf(result.reason));
    });
    if (reasons.length) Object.assign(report, { ready: false, reason: reasons.join('; ') });
    return report;
  };
  return {
    report: async () => {
      if (stopping)
        return { ready: false, checks: Object.fromEntries(Object.keys(checks).map((n) => [n, 'skipped'])), reason: 'shutting down' };
      if (!last || Date.now() - last.at >= cacheMs) last = { at: Date.now(), report: run() };
      return last.report;
    },
    stop: () => {
      stopping = true;
    },
    get stopping() {
      return stopping;
    },
  };
}

/** A small Redis connection of its own for PING, made on the first probe (the rate-limit one is private). */
function redisPinger(url: string): { ping: Check; close: () => Promise<void> } {
  let client: ReturnType<typeof createClient> | null = null;
  let firstReady: Promise<void> = Promise.resolve();
  return {
    ping: async () => {
      if (!client) {
        client = createClient({
          url,
          disableOfflineQueue: true,
          socket: { connectTimeout: CHECK_TIMEOUT_MS, reconnectStrategy: (n) => Math.min(100 * 2 ** n, 2000) },
        });
        client.on('error', () => {}); // the rate-limit store already logs Redis being away
        const c = client;
        firstReady = new Promise((resolvePromise) => c.once('ready', () => resolvePromise()));
        client.connect().catch(() => {});
      }
      // The first probe waits for the first connection (within the check's timeout).
      if (!client.isReady) await withTimeout(firstReady, CHECK_TIMEOUT_MS - 100, 'redis').catch(() => {});
      if (!client?.isReady) throw new Error('Redis unreachable (not connected)');
      const answer = await client.ping().catch((error: unknown) => {
        throw new Error(`Redis unreachable (${messageOf(error)})`);
      });
      if (answer !== 'PONG') throw new Error(`Redis answered PING with ${answer}`);
    },
    close: async () => {
      const c = client;
      client = null;
      if (c?.isReady) await c.close().catch(() => {});
      else c?.destroy();
    },
  };
}

export interface ApiChecks {
  checks: Record<string, Check>;
  close: () => Promise<void>;
}

/**
 * The API process's checks: database (SELECT 1), schema (every migration of the code applied;
 * re-checked on each probe until it is, so a process started before `npm run db:migrate` turns
 * ready without a restart) and redis (PING) when REDIS_URL is set.
 */
export function apiChecks(db: Db, env: Pick<ApiEnv, 'REDIS_URL'>): ApiChecks {
  let schemaCurrent = false;
  const checks: Record<string, Check> = {
    database: async () => {
      await db.execute(sql`select 1`).catch((error: unknown) => {
        throw new Error(`database unreachable (${messageOf(error)})`);
      });
    },
    schema: async () => {
      if (schemaCurrent) return;
      const status = await schemaStatus(db).catch((error: unknown) => {
        throw new Error(`database schema not checked (${messageOf(error)})`);
      });
      if (!status.current) throw new Error(behindReason(status));
      schemaCurrent = true;
    },
  };
  const redis = env.REDIS_URL ? redisPinger(env.REDIS_URL) : null;
  if (redis) checks.redis = redis.ping;
  return {
    checks,
    close: async () => {
      await redis?.close();
    },
  };
}
