/**
 * What the storefront server (scripts/host/start.ts) adds to every request for operators: the request id
 * (from a trusted proxy's `X-Request-Id`, else made; the `X-Request-Id` answer header and the
 * `req_id` of every log line of the request), the request metrics by a small fixed set of route
 * names, and `/metrics` on the main port to `Authorization: Bearer $METRICS_TOKEN` (anyone else gets
 * the site's usual 404). Paths of the embedded Shop API are counted by the API's own middleware.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lineLogger, setLogService } from '../../api/src/lib/log.ts';
import { metricsAllowed, metricsText, observeRequest, startMetricsServer } from '../../api/src/lib/metrics.ts';
import { currentRequestId, requestIdFor, runWithRequest } from '../../api/src/lib/request-context.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ObserveOptions {
  /** True for the paths the Shop API owns on this origin. */
  isApiPath: (url: string) => boolean;
  /** The embedded API answers those paths (it counts them itself); false: they are proxied. */
  embeddedApi: boolean;
}

/** The route label of a storefront request: a fixed name, never the URL. */
export function storefrontRoute(url: string, status: number, api: boolean): string {
  const path = url.split('?')[0];
  if (api) return 'api-proxy';
  if (path === '/healthz' || path === '/readyz') return 'health';
  if (path === '/metrics') return 'metrics';
  if (path.startsWith('/hooks/') || path.startsWith('/__e2e/')) return 'hook';
  if (status === 404) return 'unmatched';
  if (path.startsWith('/_astro/') || (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith('.html'))) return 'static';
  return 'page';
}

/** Wraps the server's listener with the request id, the metrics and the token-guarded /metrics. */
export function observe(listener: Listener, options: ObserveOptions): Listener {
  return (req, res) => {
    const url = req.url ?? '/';
    const id = requestIdFor(req.headers['x-request-id'] as string | undefined, req.socket.remoteAddress);
    res.setHeader('X-Request-Id', id);
    const api = options.isApiPath(url);
    if (!api || !options.embeddedApi) {
      const started = performance.now();
      res.once('finish', () =>
        observeRequest(
          storefrontRoute(url, res.statusCode, api),
          req.method ?? 'GET',
          res.statusCode,
          (performance.now() - started) / 1000,
        ),
      );
    }
    runWithRequest({ requestId: id }, () => {
      if (
        url.split('?')[0] === '/metrics' &&
        (req.method === 'GET' || req.method === 'HEAD') &&
        metricsAllowed(req.headers.authorization)
      ) {
        metricsText().then(
          ({ contentType, body }) => {
            res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body);
          },
          (error: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`);
          },
        );
        return;
      }
      listener(req, res);
    });
  };
}

/** Start-up: the `service` field (storefront when the API is external) and the METRICS_PORT server. */
export async function startObserving(externalApi: boolean): Promise<void> {
  if (externalApi) setLogService('storefront');
  await startMetricsServer(process.env, lineLogger('shop'));
}

/** The current request's id, for a JSON error body written by hand. */
export const requestIdOfThisRequest = currentRequestId;
