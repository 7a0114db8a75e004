/**
 * GET /healthz (alive: no I/O, always 200) and GET /readyz (200 when every readiness check passes,
 * else 503 with the failing checks and why), at the root of the app, outside /v1: no maintenance
 * gate, rate limit or channel check applies, and neither answer is ever cached.
 * scripts/host/health.ts answers the same two paths for the storefront process with the same bodies.
 */
import { Hono } from 'hono';
import type { Readiness, ReadyReport } from './readiness.ts';

export const HEALTH_BODY = { status: 'ok' } as const;

/** The status and JSON body of a /readyz answer for `report`. */
export function readyAnswer(report: ReadyReport): { status: 200 | 503; body: Record<string, unknown> } {
  return report.ready
    ? { status: 200, body: { status: 'ready', checks: report.checks } }
    : { status: 503, body: { status: 'not_ready', checks: report.checks, reason: report.reason ?? 'not ready' } };
}

export const HEALTH_HEADERS = { 'cache-control': 'no-store' } as const;

/** The two routes over `readiness` (the API process's own, or the one npm start shares). */
export function healthRoutes(readiness: Readiness) {
  const routes = new Hono();
  routes.get('/healthz', (c) => c.json(HEALTH_BODY, 200, HEALTH_HEADERS));
  routes.get('/readyz', async (c) => {
    const { status, body } = readyAnswer(await readiness.report());
    return c.json(body, status, HEALTH_HEADERS);
  });
  return routes;
}
