/**
 * Request count and duration of every API answer (lib/metrics.ts), labelled by hono's matched route
 * pattern (`/v1/products/:id`, never the raw path, so the label set stays bounded) or `unmatched`
 * for paths no route serves. Also one debug-level line per request (the access log is nginx's).
 */

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { logFor } from '../lib/log.ts';
import { observeRequest } from '../lib/metrics.ts';

const log = logFor('api');

/** The pattern of the endpoint the path matched (the last route that is not a middleware), else 'unmatched'. */
export function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i].method !== 'ALL') return routes[i].path;
  return 'unmatched';
}

export const requestMetricsMiddleware = createMiddleware(async (c, next) => {
  const started = performance.now();
  await next();
  const seconds = (performance.now() - started) / 1000;
  const route = routeLabel(c);
  observeRequest(route, c.req.method, c.res.status, seconds);
  if (log.isLevelEnabled('debug'))
    log.debug(
      { method: c.req.method, route, status: c.res.status, ms: Math.round(seconds * 1000) },
      `${c.req.method} ${route} ${c.res.status}`,
    );
});
