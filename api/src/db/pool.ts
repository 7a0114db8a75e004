/**
 * The `pg` pool with the timeouts that keep a sick database from wedging the API: a connection that
 * cannot be made, a statement that runs too long, a transaction left idle, and a server that stops
 * answering altogether each fail within seconds (the API answers 503), and the pool replaces broken
 * connections by itself, so the API recovers when the database comes back.
 */
import pg from 'pg';
import { logFor } from '../lib/log.ts';
import { trackPool } from '../lib/metrics.ts';
import { withStatementName } from './statement-names.ts';

export interface PoolOptions {
  /** Largest number of connections. */
  max: number;
  /** Give up connecting after this long. */
  connectTimeoutMs: number;
  /**
   * How long a request may wait for a free connection of a busy pool (a checkout surge) before it
   * fails; connecting itself is still bounded by connectTimeoutMs. Defaults to connectTimeoutMs.
   */
  acquireTimeoutMs?: number;
  /** Server-side statement_timeout; 0 leaves it unset. */
  statementTimeoutMs: number;
  /** Server-side idle_in_transaction_session_timeout; 0 leaves it unset. */
  idleInTransactionTimeoutMs: number;
}

type Target = { connectionString: string } | { host: string; port: number; user: string; database: string };

/** Where a connection goes, without its password, for messages. */
export function describeTarget(target: Target): string {
  if (!('connectionString' in target)) return target.host.startsWith('/') ? 'its worker socket' : `${target.host}:${target.port}`;
  try {
    const url = new URL(target.connectionString);
    return `${url.hostname}:${url.port || 5432}${url.pathname !== '/' ? url.pathname : ''}`;
  } catch {
    return 'DATABASE_URL (not a valid URL)';
  }
}

/** The error's own words: pg errors, socket errors (code), or the first of an AggregateError. */
function causeOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return causeOf(error.errors[0]);
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  const message = error.message || code || error.name;
  return code && !message.includes(code) ? `${message}, ${code}` : message;
}

/** An Error whose message names the database, where it is, and what went wrong, on one line. */
export function connectionError(kind: string, target: Target, error: unknown, doing = 'connecting'): Error {
  const verb = doing === 'connecting' ? 'cannot connect to' : `failed ${doing}`;
  return new Error(`${verb} ${kind} at ${describeTarget(target)} (${causeOf(error)})`, { cause: error });
}

/**
 * A pool over `target` with the given limits, checked by one round trip (so a bad URL, password or
 * database name fails here with a clear message, not on the first request).
 */
export async function openPool(target: Target, options: PoolOptions, kind: string): Promise<pg.Pool> {
  // pg-pool uses one setting both for the wait in its queue and for a new connection's connect: the
  // pool gets the (longer) wait, and its connections keep the short connect timeout of their own.
  const connectTimeoutMs = options.connectTimeoutMs;
  class Client extends pg.Client {
    constructor(config: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
      // A checked-out client whose connection dies between two queries (the database cut off mid
      // transaction) emits 'error' with no pool listener attached: without this one the process
      // crashed. Its next query fails (503) and the pool drops it on release (not queryable).
      this.on('error', () => {});
    }
    /** Names given on this connection (withStatementName). */
    private readonly named = new Set<string>();
    // biome-ignore lint/suspicious/noExplicitAny: pg's query() has many overloads; only the first argument is looked at
    override query(...args: any[]): any {
      if (args.length) args[0] = withStatementName(args[0], this.named);
      // biome-ignore lint/suspicious/noExplicitAny: as above
      return (super.query as (...a: any[]) => any)(...args);
    }
  }
  const pool = new pg.Pool({
    ...target,
    Client: Client as unknown as new () => pg.ClientBase,
    max: options.max,
    connectionTimeoutMillis: Math.max(options.acquireTimeoutMs ?? connectTimeoutMs, connectTimeoutMs),
    // Sent in the startup packet, so every connection carries them without an extra round trip.
    // JIT off: PostgreSQL compiles any statement its cost model calls expensive (a search or facet
    // count over some thousand rows of a big catalogue) to machine code first, which took 300 ms of a
    // 430 ms count on the 100,000-product bench (115 ms without); short OLTP reads never repay it.
    options: '-c jit=off',
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.idleInTransactionTimeoutMs ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs } : {}),
    // A server that stops answering (network cut, frozen host) never sends statement_timeout's
    // error: the client gives up a little later by itself, and the pool drops that connection.
    ...(options.statementTimeoutMs ? { query_timeout: options.statementTimeoutMs + 1000 } : {}),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client can be cut off (server restart, DROP DATABASE … WITH (FORCE) in tests); without a
  // listener pg-pool's 'error' event would crash the process. The pool replaces the client itself.
  pool.on('error', (err) => logFor('db').warn(`idle ${kind} connection lost: ${err.message}`));
  trackPool(pool);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw connectionError(kind, target, error);
  }
  return pool;
}

/** One connection without statement timeouts, for migrations (an index build may take longer). */
export async function openMaintenanceClient(target: Target, options: PoolOptions, kind: string): Promise<pg.Client> {
  const client = new pg.Client({ ...target, connectionTimeoutMillis: options.connectTimeoutMs, keepAlive: true });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw connectionError(kind, target, error);
  }
  return client;
}
