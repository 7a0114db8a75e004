/**
 * The storefront process's GET /healthz and GET /readyz (scripts/host/start.ts answers them before
 * anything else: no maintenance gate, no build needed, never cached). Ready = a build is loaded,
 * plus the embedded API's checks (database, schema, Redis) when this process runs the API.
 * With an external API the storefront's readiness is its own: it serves pre-rendered pages and
 * static files without the API, the API has its own probe, and tying the two would take every
 * storefront out of the balancer whenever the API blinks (one failure spreading to the whole edge).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEALTH_BODY, HEALTH_HEADERS, readyAnswer } from '../../api/src/routes/health/index.ts';
import { type Check, createReadiness, type Readiness } from '../../api/src/routes/health/readiness.ts';

export interface StorefrontHealth {
  readiness: Readiness;
  /** Answers /healthz and /readyz (GET or HEAD); false for every other request. */
  answer: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** `hasBuild` says whether a build is being served; `apiChecks` are the embedded API's, if any. */
export function storefrontHealth(hasBuild: () => boolean, apiChecks: Record<string, Check> = {}): StorefrontHealth {
  const readiness = createReadiness({
    ...apiChecks,
    build: async () => {
      if (!hasBuild()) throw new Error('no storefront build loaded yet');
    },
  });
  const send = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...HEALTH_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(req.method === 'HEAD' ? undefined : text);
  };
  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/healthz' && path !== '/readyz') return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (path === '/healthz') send(req, res, 200, HEALTH_BODY);
    else
      readiness.report().then(
        (report) => {
          const { status, body } = readyAnswer(report);
          send(req, res, status, body);
        },
        () => send(req, res, 503, { status: 'not_ready', checks: {}, reason: 'readiness check failed' }),
      );
    return true;
  };
  return { readiness, answer };
}
