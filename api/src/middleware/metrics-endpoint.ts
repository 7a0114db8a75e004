/**
 * GET /metrics on the API's main port: the Prometheus text to `Authorization: Bearer $METRICS_TOKEN`
 * only. Without METRICS_TOKEN, or with a wrong one, it is the usual 404: nothing says it exists.
 */
import type { Context } from 'hono';
import { errorResponse, httpError } from '../lib/errors.ts';
import { metricsAllowed, metricsText } from '../lib/metrics.ts';

export async function metricsEndpoint(c: Context) {
  if (!metricsAllowed(c.req.header('authorization'))) return errorResponse(c, httpError(404));
  const { contentType, body } = await metricsText();
  return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
}
