/**
 * The database handle: PGlite (embedded, in `.data/` or in memory) by default, PostgreSQL when a
 * connection URL is given. Both are reached through the same `pg` pool: PGlite runs on a worker
 * thread behind a private socket (pglite-host.ts), so the schema, migrations, queries and prepared
 * statements are one code path and the HTTP event loop never waits on the database.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { readEnv } from '../env.ts';
import { migrateLocked, migrateSingle, migrationsFolder } from './migrate.ts';
import { type PgliteServer, pgliteDirOf, startPgliteServer } from './pglite-host.ts';
import { connectionError, openMaintenanceClient, openPool, type PoolOptions } from './pool.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services take `Db | Tx` so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite only: the data directory as a tarball for `pgliteDataDir` (the API tests' template). */
  dumpDataDir?: () => Promise<Uint8Array<ArrayBuffer>>;
}

export interface DatabaseOptions extends Partial<PoolOptions> {
  /**
   * PGlite only: start from this data-directory tarball (from `dumpDataDir()`) instead of an empty
   * database. Migrations still run afterwards (a no-op when the tarball is current).
   */
  pgliteDataDir?: Uint8Array<ArrayBuffer>;
  /**
   * false: open only, apply no migration (NODE_ENV=production on PostgreSQL, where `npm run db:migrate`
   * is the release step and readiness reports a schema that is behind). Default true.
   */
  migrate?: boolean;
  /**
   * PGlite only: the server of this URL's folder, already starting (early-open.ts: npm start begins it
   * before the API's modules load); opening takes it over instead of starting one.
   */
  pgliteServer?: Promise<PgliteServer>;
}

export { migrationsFolder };

/** Pool settings from the environment (DATABASE_POOL_MAX and the DATABASE_*_TIMEOUT_MS variables). */
function envPoolOptions(): PoolOptions {
  const env = readEnv();
  return {
    max: env.DATABASE_POOL_MAX,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    acquireTimeoutMs: env.DATABASE_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TX_TIMEOUT_MS,
  };
}

/**
 * Opens the database and applies pending migrations (on PostgreSQL under the advisory lock of
 * migrate.ts, so processes starting together never migrate at once); throws an Error naming the cause (unreachable
 * server, wrong password, unknown database) when it cannot.
 * `url`: a postgres:// URL, or a PGlite data directory, or 'memory://' for a throwaway database.
 */
export async function openDatabase(url: string, options: DatabaseOptions = {}): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { pgliteDataDir, migrate = true, pgliteServer, ...poolOptions } = options;
  const settings = { ...envPoolOptions(), ...poolOptions };
  if (/^postgres(ql)?:\/\//.test(url)) {
    const target = { connectionString: url };
    if (migrate) {
      const client = await openMaintenanceClient(target, settings, 'PostgreSQL');
      try {
        await migrateLocked(client);
      } catch (error) {
        throw connectionError('PostgreSQL', target, error, 'migrating');
      } finally {
        await client.end().catch(() => {});
      }
    }
    const pool = await openPool(target, settings, 'PostgreSQL');
    return { db: drizzle(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const server = await (pgliteServer ?? startPgliteServer(pgliteDirOf(url), pgliteDataDir ?? null));
  // PGlite has one session: one connection, and no server-side timeouts to apply (nothing can hang
  // it from outside); the socket is local, so a connect timeout only guards against a dead worker.
  const pool = await openPool(
    server.connection,
    { ...settings, max: 1, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 },
    'PGlite',
  ).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const close = async () => {
    await pool.end();
    await server.close();
  };
  try {
    if (migrate) await migrateSingle(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, kind: 'pglite', close, dumpDataDir: server.dumpDataDir };
}
