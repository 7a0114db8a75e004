/**
 * `npm start`: the whole shop in one process at http://localhost:$PORT (default 4321).
 *
 * 1. open, migrate and seed-if-empty the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL;
 *    with NODE_ENV=production on PostgreSQL neither: `npm run db:migrate` is the release step);
 * 2. listen, sending `/v1/*`, `/admin/v1/*` and `/public.json` to the Shop API (hono);
 * 3. content-sync against that API, then `astro build` when dist/ is missing or its inputs changed;
 * 4. hand every other request to the built Astro server's handler;
 * 5. keep the site current: poll the content version and rebuild in the background when content
 *    changes or a scheduled post comes due, swapping to the new build atomically (scripts/host/rebuild-live.ts;
 *    also the signed webhook POST /hooks/rebuild when REBUILD_SECRET is set, scripts/host/rebuild-hook.ts).
 * With API_BASE_URL pointing at an external Shop API, steps 1-2 are skipped; this process proxies
 * nothing: nginx in front routes the browser's `/v1` calls to the API (deploy/nginx/), or
 * PUBLIC_API_BASE_URL sends the browser there directly. `/v1` here then answers 404 JSON saying so.
 * X-Forwarded-Proto is believed only from a peer in TRUSTED_PROXIES (api/src/middleware/client-address.ts).
 * While the Shop API is in maintenance, pages answer 503 with /maintenance/ (scripts/host/maintenance-gate.ts),
 * except for staff on MAINTENANCE_ALLOW; static files and the editor screens still load.
 * Every response gets the security headers (api/src/middleware/security-headers.ts) and, when the
 * client accepts it, br or gzip compression; hashed /_astro/ files are immutable (the Node adapter).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import { z } from 'zod';
import { openEmbeddedDatabaseEarly } from '../../api/src/db/early-open.ts';
import { allowListOf } from '../../api/src/lib/allow-list.ts';
import { logFor } from '../../api/src/lib/log.ts';
import { observeRebuild } from '../../api/src/lib/metrics.ts';
import { refuseUnsafeProduction, SHOP_SETTINGS, STOREFRONT_SETTINGS } from '../../api/src/lib/production-secrets.ts';
import { isHttpsRequest, trustedProxiesOf } from '../../api/src/middleware/client-address.ts';
import { securityHeaders } from '../../api/src/middleware/security-headers.ts';
import type { Check, Readiness } from '../../api/src/routes/health/readiness.ts';
import { installGracefulShutdown } from '../../api/src/routes/health/shutdown.ts';
import { invalidChannelPage, isStaticFile } from '../../src/lib/invalid-channel.ts';
import { buildIfNeeded, distDir, liveBuildsDir, log, precompress, prewarmAstroBuild, runContentSync, serverEntry } from './build.ts';
import { storefrontHealth } from './health.ts';
import { createMaintenanceGate, type MaintenanceGate } from './maintenance-gate.ts';
import { observe, requestIdOfThisRequest, startObserving } from './observe.ts';
import { handleRebuildHook, isRebuildHookPath } from './rebuild-hook.ts';
import { type LiveRebuilder, type LiveSite, loadSite, readContentState, startLiveRebuilder } from './rebuild-live.ts';
import { coordinatorFromEnv } from './rebuild-lock.ts';
import { loadAssets, servePrecompressed } from './static-assets.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const startEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().optional(),
  API_BASE_URL: z.url().optional(),
  CHANNEL: z.string().default('default'),
  /** How often the running shop checks GET /v1/content-state; 0 turns live rebuilds off. */
  CONTENT_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** Quiet time after the last content change before a rebuild starts. */
  REBUILD_DEBOUNCE_MS: z.coerce.number().int().min(0).max(600_000).default(500),
  /** 1: keep a warm renderer between live rebuilds (content changes re-render without bundling; holds the build's memory). */
  REBUILD_WARM_RENDERER: z.enum(['0', '1']).default('1'),
  /** Turns on the signed rebuild webhook (scripts/host/rebuild-hook.ts). */
  REBUILD_SECRET: z.string().min(16, 'REBUILD_SECRET must be at least 16 characters').optional(),
});

/** The environment with empty variables dropped, so `API_BASE_URL= npm start` means unset. */
function nonEmptyEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => !!e[1]));
}

/** True for the paths the Shop API owns on the shop's origin. */
function isApiPath(url: string): boolean {
  return (
    url === '/v1' ||
    url.startsWith('/v1/') ||
    url.startsWith('/v1?') ||
    url === '/public.json' ||
    url.startsWith('/public.json?') ||
    url.startsWith('/admin/v1/')
  ); // the editor API (its screens under /admin/ are pages)
}

/**
 * br or gzip, negotiated from Accept-Encoding (with Vary), for compressible types (HTML, JS, CSS,
 * JSON, SVG, text) over 1 KB; never for HEAD, 204/304, already-encoded bodies or no-transform.
 * Every write is flushed, so a streamed SSR page reaches the browser as it is rendered.
 */
const compress = compression({
  threshold: 1024,
  filter: (req, res) => res.statusCode !== 204 && res.statusCode !== 304 && compression.filter(req, res),
  flush: zlib.Z_SYNC_FLUSH,
  brotli: { flush: zlib.BROTLI_OPERATION_FLUSH },
});

/** Sets the security headers a response of this path gets; the handler may still refine them. */
function secure(req: IncomingMessage, res: ServerResponse, api: boolean): void {
  const scheme = (req.socket as TLSSocket).encrypted ? 'https:' : 'http:';
  const https = isHttpsRequest(
    scheme,
    req.headers['x-forwarded-proto'] as string | undefined,
    req.socket.remoteAddress,
    process.env.TRUSTED_PROXIES,
  );
  const headers = securityHeaders({ api, https });
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (!api) keepPolicy(res, headers['Content-Security-Policy']);
}

/**
 * Astro sends its own Content-Security-Policy header with on-demand pages (script hashes), which
 * would replace ours (frame-ancestors). Two policies are both enforced, so ours is sent beside it.
 * Installed before compression wraps writeHead, so it sees the handler's headers already set.
 */
function keepPolicy(res: ServerResponse, policy: string): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const last = rest.at(-1);
    if (last && typeof last === 'object' && !Array.isArray(last)) {
      // Headers given to writeHead would override setHeader's: fold them in first.
      for (const [name, value] of Object.entries(last)) if (value !== undefined) this.setHeader(name, value as string);
      rest = rest.slice(0, -1);
    }
    const current = this.getHeader('content-security-policy');
    const policies = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
    if (!policies.includes(policy)) this.setHeader('content-security-policy', [...policies, policy]);
    return writeHead.call(this, status, ...(rest as []));
  } as ServerResponse['writeHead'];
}

/**
 * Pre-rendered pages and unhashed files (the Node adapter sends them `public, max-age=0` with an
 * ETag) also get `must-revalidate`, so a CDN or browser may keep them but asks (If-None-Match, a 304)
 * before every use and never serves a stale page after a rebuild. Hashed /_astro/ files keep
 * `max-age=31536000, immutable`; SSR pages keep their own header.
 */
function revalidateStatic(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (this.getHeader('cache-control') === 'public, max-age=0') this.setHeader('cache-control', 'public, max-age=0, must-revalidate');
    return writeHead.apply(this, args as never);
  } as ServerResponse['writeHead'];
}

/** While the storefront is still building, pages answer 503 with a short Japanese notice. */
function startingPage(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'retry-after': '3', 'cache-control': 'no-store' });
  res.end(
    '<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>準備中</title>' +
      '<p>ショップを準備しています。しばらくお待ちください。</p>',
  );
}

/** A build being served, with its invalid-channel 404 page when it was built for a channel the API does not know. */
interface ServedSite {
  live: LiveSite;
  clientDir: string;
  invalidPage: Buffer | null;
}

function served(live: LiveSite): ServedSite {
  const clientDir = join(live.outDir, 'client');
  return { live, clientDir, invalidPage: invalidChannelPage(clientDir) };
}

/**
 * A build for an invalid channel (spec 2 and 8): every page, pre-rendered or on demand, answers 404
 * with the invalid-channel page (its pre-rendered 404.html, only the 404 text). Its static files
 * (/_astro/ scripts and styles, fonts, favicon) still load, so that page renders styled: the caller
 * serves those as usual when this returns false.
 */
function answerInvalidChannel(current: ServedSite, req: IncomingMessage, res: ServerResponse): boolean {
  if (!current.invalidPage) return false;
  const url = req.url ?? '/';
  if ((req.method === 'GET' || req.method === 'HEAD') && isStaticFile(current.clientDir, url)) return false;
  res.writeHead(404, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': current.invalidPage.length,
    'cache-control': 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : current.invalidPage);
  return true;
}

/**
 * `/v1` on a storefront whose Shop API runs elsewhere: this process is no proxy. nginx routes those
 * paths to the API (deploy/nginx/); without it the browser needs PUBLIC_API_BASE_URL.
 */
function apiElsewhere(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    JSON.stringify({
      message:
        'この URL は Shop API ではありません。Shop API へは nginx（deploy/nginx/）経由で接続するか、PUBLIC_API_BASE_URL を設定してください。',
      code: 'common.not_found',
      request_id: requestIdOfThisRequest(),
    }),
  );
}

async function main() {
  const started = Date.now();
  const parsed = startEnv.safeParse(nonEmptyEnv());
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const env = parsed.data;
  process.env.ASTRO_TELEMETRY_DISABLED = '1';

  const externalApi = env.API_BASE_URL && !isOwnOrigin(env.API_BASE_URL, env.PORT) ? env.API_BASE_URL.replace(/\/+$/, '') : undefined;
  // NODE_ENV=production: the secrets this process reads are the shop's own (the API's too when embedded).
  refuseUnsafeProduction('shop', externalApi ? STOREFRONT_SETTINGS : SHOP_SETTINGS);
  // The embedded database first: its worker (initdb on a first start) runs while the API's modules load.
  const earlyDatabase = externalApi ? undefined : await openEmbeddedDatabaseEarly();
  // No build yet (a fresh checkout): the build's process loads Astro meanwhile and builds once the content is synced.
  const prewarmed = existsSync(serverEntry) ? undefined : prewarmAstroBuild();
  // Request ids, request metrics and /metrics (scripts/host/observe.ts).
  await startObserving(!!externalApi);
  let apiListener: Listener | undefined;
  let closeApi = async () => {};
  // The embedded API's readiness checks and its own /readyz state (both end at shutdown).
  let apiHealth: { checks: Record<string, Check>; readiness: Readiness; schemaReady: Promise<void> } | undefined;
  // Test-only content writes (tests/e2e/rebuild.spec.ts); set when the embedded API is up and hooks are on.
  let testHook: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  if (externalApi) {
    log(`Using the external Shop API at ${externalApi} (embedded API not started)`);
    apiListener = apiElsewhere;
  } else {
    const { getRequestListener } = await import('@hono/node-server');
    const { prepareApi, describeDatabase, startWorkers, migratesAtRelease } = await import('../../api/src/server.ts');
    // Links in mails (verification, unlock) point at this shop unless told otherwise.
    if (!process.env.SITE_URL && env.PORT) process.env.SITE_URL = `http://localhost:${env.PORT}`;
    // The /admin/ screens forward the browser's address to the editor login with this secret (contracts/admin.ts).
    process.env.SHOP_INTERNAL_SECRET ||= randomBytes(32).toString('base64url');
    // Card payments: the built-in test provider on its own origin, unless another provider is configured.
    const { startConfiguredTestProvider } = await import('../../api/src/services/payments/testpay/start.ts');
    const closeProvider = await startConfiguredTestProvider(log);
    const prepared = await prepareApi(undefined, earlyDatabase);
    const { app, database, env: apiEnv } = prepared;
    apiHealth = prepared;
    log(
      `Database: ${describeDatabase(apiEnv)} (${migratesAtRelease(apiEnv) ? 'NODE_ENV=production: not migrated or seeded here; npm run db:migrate does it' : 'migrated, seeded if empty'})`,
    );
    const workers = startWorkers(prepared, log);
    const { testHooksEnabled, handleTestHook, TEST_HOOK_PATH } = await import('./rebuild-test-hooks.ts');
    if (testHooksEnabled()) {
      log(`SHOP_E2E_HOOKS=1: the test-only build and table breakers at ${TEST_HOOK_PATH} (never set this outside the e2e tests)`);
      testHook = (req, res) =>
        req.url === TEST_HOOK_PATH ? handleTestHook(req, res, rebuilder, database.db) : Promise.reject(new Error('not a test hook'));
    }
    // Keep Node's own Request/Response: the Astro handler shares this process.
    apiListener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
    const { closeKdfPools } = await import('../../api/src/services/passwords/kdf/pool.ts');
    const { closeRateLimitStores } = await import('../../api/src/services/rate-limit/index.ts');
    // Hashing workers, the background workers (a mail send in flight finishes) and the Redis connection go
    // first; PGlite then flushes its files.
    closeApi = async () => {
      await Promise.all([closeKdfPools(), closeRateLimitStores(), prepared.closeChecks(), workers.stop(), closeProvider()]);
      await database.close();
    };
  }

  // The build being served: its handler, static files and asset table, replaced together in one
  // assignment by a live rebuild, so each request sees one whole build, old or new, never a mix.
  let site: ServedSite | null = null;
  let rebuilder: LiveRebuilder | null = null;
  // Set once the API's address is known (after listen); checked at start so a bad list fails now.
  const allow = allowListOf(process.env.MAINTENANCE_ALLOW);
  trustedProxiesOf(process.env.TRUSTED_PROXIES);
  let gate: MaintenanceGate | null = null;
  // GET /healthz and /readyz (scripts/host/health.ts): before every gate, ready once a build is loaded.
  const health = storefrontHealth(() => site !== null, apiHealth?.checks);
  const server = createServer(
    observe(
      (req, res) => {
        if (health.answer(req, res)) return;
        const url = req.url ?? '/';
        const api = isApiPath(url);
        // The embedded API sets the same headers itself (securityHeadersMiddleware, errors included);
        // pages, static files and the /v1 refusal of a storefront with an external API get them here.
        if (!api || externalApi) secure(req, res, api);
        if (!api) revalidateStatic(res);
        if (isRebuildHookPath(url)) {
          handleRebuildHook(req, res, env.REBUILD_SECRET, rebuilder).catch((e: unknown) => failed(res, e));
          return;
        }
        if (testHook && url === '/__e2e/content') {
          testHook(req, res).catch((e: unknown) => failed(res, e));
          return;
        }
        const current = site;
        if (!api && current && servePrecompressed(current.live.assets, req, res)) return;
        const respond = (inMaintenance: boolean) =>
          compress(req as never, res as never, () => {
            if (apiListener && api) apiListener(req, res);
            else if (current && answerInvalidChannel(current, req, res)) return;
            else if (current && inMaintenance) gate!.answer(req, res, current.clientDir);
            else (current ? current.live.handler : startingPage)(req, res);
          });
        if (api || !current || !gate) respond(false);
        else gate.blocks(req, current.clientDir).then(respond, (e: unknown) => failed(res, e));
      },
      { isApiPath, embeddedApi: !externalApi },
    ),
  );
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolvePromise());
  });
  const port = (server.address() as AddressInfo).port;
  installShutdown(server, [health.readiness, ...(apiHealth ? [apiHealth.readiness] : [])], closeApi);

  // The Astro server (SSR pages) reaches the API over loopback unless told otherwise.
  const apiBaseUrl = externalApi ?? `http://127.0.0.1:${port}`;
  process.env.API_BASE_URL = apiBaseUrl;
  process.env.CHANNEL = env.CHANNEL;
  if (!externalApi) log(`Shop API listening at http://localhost:${port}/v1`);
  gate = createMaintenanceGate({ apiBaseUrl, channel: env.CHANNEL, allow, trustedProxies: process.env.TRUSTED_PROXIES, log });
  if (allow.entries.length) log(`Maintenance: ${allow.entries.join(', ')} still see the shop (MAINTENANCE_ALLOW)`);

  // Production before `npm run db:migrate`: listening (/readyz says why not ready), building once it ran.
  if (apiHealth) await apiHealth.schemaReady;
  // Read before the sync: an edit made while the start-up build runs then still moves the version.
  const initialState = env.CONTENT_POLL_MS ? await readContentState(apiBaseUrl, env.CHANNEL).catch(() => null) : null;
  await runContentSync({ apiBaseUrl, channel: env.CHANNEL });
  // Brotli copies only before ready (what browsers take); the zopfli gzip ones right after, below.
  await buildIfNeeded({ apiBaseUrl, channel: env.CHANNEL, encodings: ['br'], prewarmed });

  const initial = await loadSite(distDir);
  site = served(initial);
  if (site.invalidPage) log(`Channel ${env.CHANNEL} does not exist in the Shop API: every page answers 404 with the invalid-channel page`);
  log(`Started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  log(`Shop ready at http://localhost:${port}`);
  // Until they exist a client without brotli gets on-the-fly gzip; then the start-up build's table is
  // read again (a live rebuild that swapped in meanwhile wrote its own copies).
  void precompress(join(initial.outDir, 'client'), ['gz'])
    .then((written) => {
      if (written && site?.live === initial) site = served({ ...initial, assets: loadAssets(join(initial.outDir, 'client')) });
    })
    .catch((e: unknown) => logFor('shop').error({ err: e }, 'pre-compressing the gzip copies failed'));
  if (env.CONTENT_POLL_MS) {
    rebuilder = startLiveRebuilder({
      apiBaseUrl,
      channel: env.CHANNEL,
      initial,
      initialState,
      pollMs: env.CONTENT_POLL_MS,
      debounceMs: env.REBUILD_DEBOUNCE_MS,
      onSwap: (next) => {
        site = served(next);
      },
      warmRenderer: env.REBUILD_WARM_RENDERER === '1',
      // SHOP_SHARED_BUILDS=1 (scripts/cluster.ts): one builder at a time over the shared dist folder;
      // =s3: through the S3-compatible store, for machines that share no disk (scripts/host/build-store.ts).
      coordinator: coordinatorFromEnv(liveBuildsDir, env.CHANNEL),
      onBuild: observeRebuild,
    });
    log(
      `Live rebuilds: polling the content version every ${env.CONTENT_POLL_MS} ms${env.REBUILD_SECRET ? `, webhook at POST /hooks/rebuild` : ' (webhook off: REBUILD_SECRET unset)'}`,
    );
  }
  stopRebuilds = async () => {
    await rebuilder?.stop();
  };
}

/** Stops live rebuilds on shutdown (a running build finishes first); set once they started. */
let stopRebuilds = async () => {};

/** A hook that threw: a 500 in the API's error shape, and the reason in the log. */
function failed(res: ServerResponse, error: unknown): void {
  logFor('shop').error({ err: error }, 'hook failed');
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ message: 'サーバーエラーが発生しました。', code: 'common.server_error', request_id: requestIdOfThisRequest() }));
}

/** Whether a base URL points back at this very server (then the embedded API is what it means). */
function isOwnOrigin(base: string, port: number): boolean {
  const url = new URL(base);
  const local = ['localhost', '127.0.0.1', '[::1]', '0.0.0.0'].includes(url.hostname);
  return local && Number(url.port || (url.protocol === 'https:' ? 443 : 80)) === port;
}

/**
 * On SIGINT/SIGTERM: readiness off, drain for SHUTDOWN_DRAIN_MS, stop accepting, finish requests in
 * flight (api/src/routes/health/shutdown.ts); then live rebuilds stop (a running build finishes
 * first), the API's workers stop and the database closes cleanly, and the process exits.
 */
function installShutdown(server: ReturnType<typeof createServer>, readiness: Readiness[], closeApi: () => Promise<void>): void {
  installGracefulShutdown({
    server,
    readiness,
    log,
    close: async () => {
      await stopRebuilds().catch((e: unknown) => logFor('shop').error({ err: e }, 'stopping rebuilds failed'));
      await closeApi().catch((e: unknown) => logFor('shop').error({ err: e }, 'closing the API failed'));
    },
  });
}

main().catch((error: unknown) => {
  console.error('[shop] failed to start:', error);
  process.exit(1);
});
