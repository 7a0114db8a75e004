/**
 * The Shop API on its own (`npm run api`): reads the environment, opens, migrates and seeds the
 * database, and serves the app factory with @hono/node-server until SIGINT/SIGTERM (graceful:
 * readiness off, drain, finish requests in flight; routes/health/shutdown.ts).
 * With NODE_ENV=production on PostgreSQL it neither migrates nor seeds: `npm run db:migrate` is the
 * release step, and /readyz answers 503 until the schema is current.
 * `npm start` reuses `prepareApi()` to serve the same app inside the storefront's process.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { z } from 'zod';
import { createApp, type ShopApp } from './app.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import type { EarlyDatabase } from './db/early-open.ts';
import { behindReason, schemaStatus } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import { type ApiEnv, databaseUrl, readEnv } from './env.ts';
import { lineLogger, logFor } from './lib/log.ts';
import { startMetricsServer } from './lib/metrics.ts';
import { API_SETTINGS, refuseUnsafeProduction } from './lib/production-secrets.ts';
import { apiChecks, type Check, createReadiness, type Readiness } from './routes/health/readiness.ts';
import { installGracefulShutdown, shutdownDrainMs } from './routes/health/shutdown.ts';
import { createOutboxWorker, type OutboxWorker } from './services/outbox/index.ts';
import { watchOutbox } from './services/outbox/metrics.ts';
import { closeKdfPools } from './services/passwords/kdf/pool.ts';
import { startMaintenance } from './services/product-requests/restock-watcher.ts';
import { closeRateLimitStores, rateLimitMultiplier } from './services/rate-limit/index.ts';

const log = logFor('api');

export interface PreparedApi {
  app: ShopApp;
  database: Database;
  env: ApiEnv;
  /** What the app's GET /readyz reports; shutdown turns it off. */
  readiness: Readiness;
  /** The API's readiness checks, for a process that adds its own (npm start's storefront). */
  checks: Record<string, Check>;
  /** Closes the checks' own connections (the Redis PING client). */
  closeChecks: () => Promise<void>;
  /** Resolves once the database has every migration of the code (at once, unless the release step is pending). */
  schemaReady: Promise<void>;
}

/**
 * True when migrating is the release step's job (`npm run db:migrate`), not this process's:
 * NODE_ENV=production on PostgreSQL. PGlite belongs to one process (nothing else can migrate it while
 * it runs), so an embedded database is still created, migrated and seeded by the process itself.
 */
export function migratesAtRelease(env: ApiEnv): boolean {
  return process.env.NODE_ENV === 'production' && !!env.DATABASE_URL;
}

/** Resolves when the schema is current, checking every `everyMs` until then (an unref'd timer). */
function whenSchemaCurrent(db: Db, everyMs = 5000): Promise<void> {
  return new Promise((resolvePromise) => {
    const check = () =>
      schemaStatus(db)
        .then(
          (s) => s.current,
          () => false,
        )
        .then((current) => {
          if (current) resolvePromise();
          else setTimeout(check, everyMs).unref();
        });
    check();
  });
}

/**
 * Opens the configured database and builds the app over it. Development (and PGlite): migrates and
 * seeds an empty database. NODE_ENV=production on PostgreSQL: neither; a schema that is behind is
 * said in a warning and by /readyz until `npm run db:migrate` ran (no restart needed).
 */
export async function prepareApi(env: ApiEnv = readEnv(), early?: EarlyDatabase): Promise<PreparedApi> {
  // A bad RATE_LIMIT_MULTIPLIER stops the start, not a login later; a raised one is said out loud.
  const factor = rateLimitMultiplier();
  if (factor !== 1) log.warn(`RATE_LIMIT_MULTIPLIER=${factor}: every rate limit is ${factor} times higher (load tests only)`);
  if (env.MAINTENANCE)
    log.warn(
      'MAINTENANCE=1: /v1 answers 503 (maintenance) until a restart without it; GET /v1/maintenance, /admin/v1 and MAINTENANCE_ALLOW addresses still get through',
    );
  const release = migratesAtRelease(env);
  shutdownDrainMs(); // a bad SHUTDOWN_DRAIN_MS stops the start, not the shutdown
  const url = databaseUrl(env);
  // npm start may have started the embedded database already (db/early-open.ts); a mismatch closes it.
  const pgliteServer = early?.url === url ? early.server : undefined;
  if (early && !pgliteServer)
    void early.server.then(
      (s) => s.close(),
      () => {},
    );
  const database = await openDatabase(url, { migrate: !release, pgliteServer });
  let schemaReady = Promise.resolve();
  if (!release) {
    await seedIfEmpty(database.db);
  } else {
    const status = await schemaStatus(database.db);
    if (!status.current) {
      log.warn(`${behindReason(status)} (NODE_ENV=production: this process neither migrates nor seeds; /readyz answers 503 until then)`);
      schemaReady = whenSchemaCurrent(database.db);
    }
  }
  const { checks, close: closeChecks } = apiChecks(database.db, env);
  const readiness = createReadiness(checks);
  return { app: createApp({ db: database.db, env, readiness }), database, env, readiness, checks, closeChecks, schemaReady };
}

/** The background work of a serving process: stop it before the database closes. */
export interface Workers {
  stop: () => Promise<void>;
}

/**
 * Starts the background work over the prepared database (npm start and npm run api; not the build's
 * temporary API): the mail outbox worker and the maintenance timers (restock mails, event retention).
 */
export function startWorkers({ database, env, schemaReady }: PreparedApi, log: (line: string) => void): Workers {
  let started: Workers | null = null;
  let stopped = false;
  // Over a schema that is behind (production before db:migrate) the workers' tables may be missing:
  // they start once it is current.
  void schemaReady.then(() => {
    if (stopped) return;
    const mail: OutboxWorker = createOutboxWorker({ db: database.db, env });
    mail.start();
    // The outbox gauges of /metrics read the table on each scrape (serving processes only).
    watchOutbox(database.db);
    log(
      env.SMTP_URL
        ? `Mail: delivering the outbox by SMTP to ${describeSmtp(env.SMTP_URL)}`
        : 'Mail: no SMTP_URL, each mail is printed here ([mail] lines) and kept in outbox_emails',
    );
    const maintenance = startMaintenance(database.db, env, log);
    // Maintenance first: its last round may queue mail, which the outbox then still sends.
    started = {
      stop: async () => {
        await maintenance.stop();
        await mail.stop();
      },
    };
  });
  return {
    stop: async () => {
      stopped = true;
      await started?.stop();
    },
  };
}

/** An SMTP URL without its credentials, for log lines. */
export function describeSmtp(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'SMTP_URL (not a valid URL)';
  }
}

/** Where a database URL points, with any password masked, for log lines. */
export function describeDatabase(env: ApiEnv): string {
  if (!env.DATABASE_URL) return `PGlite in ${env.DATA_DIR}`;
  try {
    const url = new URL(env.DATABASE_URL);
    if (url.password) url.password = '***';
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * On SIGINT/SIGTERM: readiness off, drain for SHUTDOWN_DRAIN_MS, stop accepting, finish requests in
 * flight, then stop the workers, hashing pools and Redis and close the database (routes/health/shutdown.ts).
 */
export function closeOnSignals(
  server: Server,
  prepared: PreparedApi,
  label: string,
  workers?: Workers,
  alsoClose?: () => Promise<void>,
): void {
  installGracefulShutdown({
    server,
    readiness: [prepared.readiness],
    log: lineLogger(label),
    close: async () => {
      // Hashing workers and the Redis connections would keep the process alive; stop them first,
      // with the background workers (a send in flight finishes and is recorded).
      await Promise.all([closeKdfPools(), closeRateLimitStores(), prepared.closeChecks(), workers?.stop(), alsoClose?.()]).catch(
        (e: unknown) => logFor(label).error({ err: e }, 'stopping workers failed'),
      );
      // PGlite writes its files on close; a clean close keeps .data/ consistent.
      await prepared.database.close().catch((e: unknown) => logFor(label).error({ err: e }, 'closing the database failed'));
    },
  });
}

const portSchema = z.coerce.number().int().min(0).max(65535);

async function main() {
  // NODE_ENV=production: no published secret, no test provider by default (before anything starts).
  refuseUnsafeProduction('api', API_SETTINGS);
  // Card payments: the built-in test provider on its own port, as with npm start, unless another provider
  // is configured (it sets PAYMENT_PROVIDER_URL, so it starts before the configuration is read).
  // Its line is printed once the API is ready: a start-up failure stays the first line printed.
  const { startConfiguredTestProvider } = await import('./services/payments/testpay/start.ts');
  const later: string[] = [];
  const closeProvider = await startConfiguredTestProvider((line) => later.push(line));
  const env = readEnv();
  const portText = process.env.API_PORT ?? process.env.PORT ?? '8787';
  const port = portSchema.safeParse(portText);
  if (!port.success) throw new Error(`API_PORT/PORT must be a port number, got "${portText}"`);
  const started = Date.now();
  const prepared = await prepareApi(env);
  const { app } = prepared;
  const workers = startWorkers(prepared, lineLogger('api'));
  // METRICS_PORT: /metrics on its own (internal) port.
  await startMetricsServer(process.env, lineLogger('api'));
  const server = serve({ fetch: app.fetch, port: port.data }, (info: AddressInfo) => {
    log.info(`${describeDatabase(env)}, ready in ${Date.now() - started} ms`);
    log.info(`Shop API listening at http://localhost:${info.port}/v1 (OpenAPI: /v1/openapi.json)`);
    for (const line of later) log.info(line);
  }) as Server;
  closeOnSignals(server, prepared, 'api', workers, closeProvider);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    // The cause first, on one line (a bad DATABASE_URL names host, port and the driver's reason);
    // the stack after it, for a developer.
    console.error(`[api] failed to start: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof Error && error.stack) console.error(error.stack.split('\n').slice(1).join('\n'));
    process.exit(1);
  });
}
