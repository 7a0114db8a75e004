/**
 * Prometheus metrics (prom-client): one registry per process (npm start's two roles share it), the
 * process's default metrics with the `shop_` prefix, and the shop's own: requests by route, database
 * pool, mail outbox, live rebuilds, login and rate-limit refusals. Never public: `/metrics` is
 * served on METRICS_HOST:METRICS_PORT (startMetricsServer) and/or on the main port to
 * `Authorization: Bearer $METRICS_TOKEN` (metricsAllowed); without either there is none.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'shop_' });

const labels = ['route', 'method', 'status'] as const;
export const httpRequests = new Counter({
  name: 'shop_http_requests_total',
  help: 'Requests answered, by route pattern, method and status',
  labelNames: labels,
  registers: [registry],
});
export const httpDuration = new Histogram({
  name: 'shop_http_request_duration_seconds',
  help: "Time to the answer's headers, by route pattern, method and status",
  labelNames: labels,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Counts one answered request (route: a pattern or a fixed name, never the raw URL). */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  const l = { route, method, status: String(status) };
  httpRequests.inc(l);
  httpDuration.observe(l, seconds);
}

/** What a pg Pool says about itself (the counts pg-pool keeps). */
interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  ending?: boolean;
  ended?: boolean;
}
const pools = new Set<PoolLike>();
/** Adds a pool to shop_db_pool_connections (dropped once it is ended). */
export function trackPool(pool: PoolLike): void {
  pools.add(pool);
}
new Gauge({
  name: 'shop_db_pool_connections',
  help: 'Database pool connections by state (in_use, idle, waiting requests)',
  labelNames: ['state'],
  registers: [registry],
  collect() {
    let inUse = 0;
    let idle = 0;
    let waiting = 0;
    for (const p of pools) {
      if (p.ending || p.ended) {
        pools.delete(p);
        continue;
      }
      inUse += p.totalCount - p.idleCount;
      idle += p.idleCount;
      waiting += p.waitingCount;
    }
    this.set({ state: 'in_use' }, inUse);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** The outbox's unsent mails and the age of the oldest, read on each scrape (API processes only). */
export type OutboxProbe = () => Promise<{ backlog: number; oldestAgeSeconds: number }>;
let outboxProbe: OutboxProbe | null = null;
let outboxRead: Promise<{ backlog: number; oldestAgeSeconds: number } | null> | null = null;
/** Sets the outbox probe (services/outbox/metrics.ts). */
export function setOutboxProbe(probe: OutboxProbe | null): void {
  outboxProbe = probe;
}
/** One probe per scrape for both gauges; a failed read leaves them out rather than failing /metrics. */
function readOutbox() {
  outboxRead ??= (outboxProbe ? outboxProbe().catch(() => null) : Promise.resolve(null)).finally(() => {
    setTimeout(() => {
      outboxRead = null;
    }, 0);
  });
  return outboxRead;
}
new Gauge({
  name: 'shop_mail_outbox_backlog',
  help: 'Mails in the outbox not sent yet',
  registers: [registry],
  async collect() {
    const r = await readOutbox();
    if (r) this.set(r.backlog);
    else this.reset();
  },
});
new Gauge({
  name: 'shop_mail_outbox_oldest_age_seconds',
  help: 'Age of the oldest unsent mail (0 when none)',
  registers: [registry],
  async collect() {
    const r = await readOutbox();
    if (r) this.set(r.oldestAgeSeconds);
    else this.reset();
  },
});

export const rebuilds = new Counter({
  name: 'shop_rebuilds_total',
  help: 'Live content rebuilds by result',
  labelNames: ['result'],
  registers: [registry],
});
export const rebuildDuration = new Histogram({
  name: 'shop_rebuild_duration_seconds',
  help: 'Duration of live content rebuilds (built or failed)',
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
  registers: [registry],
});
export const rebuildLastSuccess = new Gauge({
  name: 'shop_rebuild_last_success_timestamp_seconds',
  help: 'When the last live rebuild went live (Unix time)',
  registers: [registry],
});

/** Records one rebuild from its report (scripts/host/rebuild-live.ts's onBuild). */
export function observeRebuild(report: { ok: boolean; skipped: boolean; duration_ms: number; finished_at: string }): void {
  const result = report.skipped ? 'skipped' : report.ok ? 'ok' : 'failed';
  rebuilds.inc({ result });
  if (report.skipped) return;
  rebuildDuration.observe(report.duration_ms / 1000);
  if (report.ok) rebuildLastSuccess.set(Date.parse(report.finished_at) / 1000);
}

export const loginRefusals = new Counter({
  name: 'shop_login_refusals_total',
  help: 'Refused logins by reason',
  labelNames: ['reason'],
  registers: [registry],
});
/** Counts a refused login: wrong email or password, a locked account, or the rate limit. */
export const countLoginRefusal = (reason: 'bad_credentials' | 'locked' | 'rate_limited') => loginRefusals.inc({ reason });
export const rateLimitRefusals = new Counter({
  name: 'shop_rate_limit_refusals_total',
  help: "Requests refused by a rate limit, by the limit's name",
  labelNames: ['limit'],
  registers: [registry],
});
/** Counts a request refused by the rate limit `limit` (a rule's fixed name). */
export const countRateLimitRefusal = (limit: string) => rateLimitRefusals.inc({ limit });

/** The exposition text and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

const digest = (s: string) => createHash('sha256').update(s).digest();
/** Whether an Authorization header carries METRICS_TOKEN (constant-time compare; no token set: never). */
export function metricsAllowed(authorization: string | undefined | null, token = process.env.METRICS_TOKEN): boolean {
  if (!token || !authorization) return false;
  const m = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return !!m && timingSafeEqual(digest(m[1]), digest(token));
}

/** The internal metrics server on METRICS_HOST:METRICS_PORT (null when METRICS_PORT is unset): `/metrics` only. */
export async function startMetricsServer(
  env: Record<string, string | undefined> = process.env,
  log?: (line: string) => void,
): Promise<Server | null> {
  if (!env.METRICS_PORT) return null;
  const port = Number(env.METRICS_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`METRICS_PORT must be a port number, got "${env.METRICS_PORT}"`);
  const host = env.METRICS_HOST || '127.0.0.1';
  const server = createServer((req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  log?.(`Metrics at http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}/metrics`);
  return server;
}
