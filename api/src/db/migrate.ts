/**
 * Migrations as a release step: drizzle's migrator over api/src/db/migrations, run under a
 * PostgreSQL advisory lock so two runs started at once never apply the same migration twice (one
 * migrates, the other waits and then finds nothing pending), and `schemaStatus()`, which compares the
 * code's migrations with the ones the database records (readiness says when the schema is behind).
 * Used by `npm run db:migrate` (scripts/db-migrate.ts) and by openDatabase() in development.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type pg from 'pg';

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number; every process that migrates this shop's databases takes the same one. */
export const MIGRATION_LOCK = 20261202;

/** What the code's journal says: one entry per migration, with the timestamp drizzle records. */
interface CodeMigration {
  folderMillis: number;
  hash: string;
}

let codeMigrations: Promise<CodeMigration[]> | null = null;

/** The code's migrations (meta/_journal.json and its .sql files), read once per process. */
export function expectedMigrations(): Promise<CodeMigration[]> {
  codeMigrations ??= import('drizzle-orm/migrator').then(({ readMigrationFiles }) => readMigrationFiles({ migrationsFolder }));
  return codeMigrations;
}

export interface SchemaStatus {
  current: boolean;
  applied: number;
  expected: number;
}

/** Anything that runs one SQL statement: a drizzle database or transaction. */
interface Executor {
  execute: (query: ReturnType<typeof sql>) => Promise<unknown>;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[])) as Record<string, unknown>[];
}

/**
 * How many of the code's migrations the database has applied. drizzle decides what is pending by
 * time (a migration whose journal timestamp is newer than the last recorded one), so this counts the
 * same way: `applied` = journal entries not newer than the newest row of drizzle.__drizzle_migrations.
 */
export async function schemaStatus(db: Executor): Promise<SchemaStatus> {
  const expected = await expectedMigrations();
  const [table] = rowsOf(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  let last = -Infinity;
  if (table?.present) {
    const [row] = rowsOf(await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`));
    if (row?.last !== null && row?.last !== undefined) last = Number(row.last);
  }
  const applied = expected.filter((m) => m.folderMillis <= last).length;
  return { current: applied === expected.length, applied, expected: expected.length };
}

/** The sentence readiness and the start-up warning use when the schema is behind. */
export function behindReason(status: SchemaStatus): string {
  return `database schema is behind: ${status.applied} of ${status.expected} migrations applied; run npm run db:migrate`;
}

export interface MigrationResult {
  before: SchemaStatus;
  after: SchemaStatus;
  waited: boolean;
}

/** Applies the pending migrations over `db` (drizzle's migrator, one transaction), counting them. */
async function applyPending(db: Executor): Promise<{ before: SchemaStatus; after: SchemaStatus }> {
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const before = await schemaStatus(db);
  if (!before.current) await migrate(db as never, { migrationsFolder });
  return { before, after: before.current ? before : await schemaStatus(db) };
}

/**
 * PostgreSQL: applies the pending migrations on `client` (a dedicated connection without statement
 * timeouts) while holding the session-level advisory lock MIGRATION_LOCK, released afterwards (also
 * on failure). A run that finds the lock taken waits for it (`onWait` is told once), then finds the
 * other run's migrations applied and nothing to do.
 */
export async function migrateLocked(client: pg.Client, onWait: () => void = () => {}): Promise<MigrationResult> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const db = drizzle(client);
  const [got] = (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [MIGRATION_LOCK])).rows;
  const waited = !got?.ok;
  if (waited) {
    onWait();
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  }
  try {
    return { ...(await applyPending(db)), waited };
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
  }
}

/** PGlite: one process owns the data directory, so no lock is needed; migrates over the open database. */
export async function migrateSingle(db: Executor): Promise<MigrationResult> {
  return { ...(await applyPending(db)), waited: false };
}
