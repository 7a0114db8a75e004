/**
 * `npm run db:migrate [-- --seed]`: the release step that brings the database to the code's schema
 * before new processes roll out (NODE_ENV=production processes never migrate themselves).
 * PostgreSQL (DATABASE_URL): applies pending migrations under an advisory lock (api/src/db/migrate.ts),
 * so a second run started at once waits and then finds nothing to do. PGlite (no DATABASE_URL):
 * migrates the DATA_DIR database (the shop must not be running on it). `--seed` also seeds an
 * empty database (the demo shop). Exit 0 when the schema is current, 1 with a one-line cause.
 */
import { openDatabase } from '../api/src/db/client.ts';
import { type MigrationResult, migrateLocked, migrateSingle } from '../api/src/db/migrate.ts';
import { connectionError, openMaintenanceClient } from '../api/src/db/pool.ts';
import { seedIfEmpty } from '../api/src/db/seed/index.ts';
import { databaseUrl, readEnv } from '../api/src/env.ts';

const say = (line: string) => console.log(`[db:migrate] ${line}`);

function report({ before, after }: MigrationResult): void {
  const done = after.applied - before.applied;
  say(
    done > 0
      ? `applied ${done} migration${done === 1 ? '' : 's'} (${before.applied} were applied); schema current: ${after.expected} migrations`
      : `nothing to apply; schema current: ${after.expected} migrations`,
  );
}

async function main(args: string[]): Promise<void> {
  const unknown = args.filter((a) => a !== '--seed');
  if (unknown.length) throw new Error(`unknown argument ${unknown[0]} (usage: npm run db:migrate [-- --seed])`);
  const wantSeed = args.includes('--seed');
  const env = readEnv();
  const url = databaseUrl(env);
  const started = Date.now();
  if (env.DATABASE_URL) {
    const target = { connectionString: url };
    const client = await openMaintenanceClient(
      target,
      { max: 1, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 },
      'PostgreSQL',
    );
    try {
      report(await migrateLocked(client, () => say('another db:migrate holds the lock; waiting for it')));
    } catch (error) {
      throw connectionError('PostgreSQL', target, error, 'migrating');
    } finally {
      await client.end().catch(() => {});
    }
  }
  // PGlite is migrated over its one connection; PostgreSQL needs the pool only to seed.
  if (!env.DATABASE_URL || wantSeed) {
    const database = await openDatabase(url, { migrate: false });
    try {
      if (!env.DATABASE_URL) report(await migrateSingle(database.db));
      if (wantSeed) {
        const seedStarted = Date.now();
        const seeded = await seedIfEmpty(database.db);
        say(seeded ? `seeded the empty database in ${Date.now() - seedStarted} ms` : 'the database already has data; nothing seeded');
      }
    } finally {
      await database.close();
    }
  }
  say(`done in ${Date.now() - started} ms (${env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`})`);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[db:migrate] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
