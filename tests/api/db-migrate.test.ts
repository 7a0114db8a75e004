/**
 * `npm run db:migrate` (issue 23, item 3): two runs started at once on a fresh PostgreSQL database
 * both succeed, the migrations are applied once (one run applies them, the other waits and finds
 * nothing to do); `--seed` seeds only an empty database; the PGlite path migrates DATA_DIR; and
 * schemaStatus() counts applied against expected migrations.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/client.ts';
import { expectedMigrations, migrateSingle, schemaStatus } from '../../api/src/db/migrate.ts';
import { onPostgres } from './helpers.ts';

interface Run {
  code: number | null;
  out: string;
}

/** Runs scripts/db-migrate.ts with `env` added to the environment. */
function dbMigrate(env: Record<string, string>, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _drop, ...rest } = process.env;
    const child = spawn(process.execPath, ['scripts/db-migrate.ts', ...args], {
      env: { ...rest, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('schemaStatus', () => {
  it("counts the applied migrations against the code's", async () => {
    const expected = (await expectedMigrations()).length;
    expect(expected).toBeGreaterThan(20);
    const database = await openDatabase('memory://', { migrate: false });
    try {
      expect(await schemaStatus(database.db)).toEqual({ current: false, applied: 0, expected });
      const result = await migrateSingle(database.db);
      expect(result.before.applied).toBe(0);
      expect(result.after).toEqual({ current: true, applied: expected, expected });
      // The newest migration forgotten: the code is one ahead of the database.
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await schemaStatus(database.db)).toEqual({ current: false, applied: expected - 1, expected });
    } finally {
      await database.close();
    }
    // A new embedded database migrated from nothing: 28 s once beside the CI's other suites.
  }, 120_000);
});

describe('npm run db:migrate on PGlite', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('migrates the DATA_DIR database, then finds nothing to do', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shop-migrate-'));
    const env = { DATA_DIR: join(dir, 'pglite') };
    const expected = (await expectedMigrations()).length;
    const first = await dbMigrate(env);
    expect(first.out).toContain(`applied ${expected} migrations (0 were applied); schema current: ${expected} migrations`);
    expect(first.code).toBe(0);
    const second = await dbMigrate(env);
    expect(second.out).toContain(`nothing to apply; schema current: ${expected} migrations`);
    expect(second.code).toBe(0);
  }, 180_000); // two processes on a new PGlite folder: 53 s once in a loaded CI run

  it('exits 1 with a one-line cause', async () => {
    const bad = await dbMigrate({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x', DATABASE_CONNECT_TIMEOUT_MS: '1000' });
    expect(bad.code).toBe(1);
    expect(bad.out.trim()).toMatch(/^\[db:migrate\] failed: cannot connect to PostgreSQL at 127\.0\.0\.1:1\/x \(.*ECONNREFUSED.*\)$/);
    const usage = await dbMigrate({ DATA_DIR: '/nonexistent' }, ['--sed']);
    expect(usage.code).toBe(1);
    expect(usage.out.trim()).toBe('[db:migrate] failed: unknown argument --sed (usage: npm run db:migrate [-- --seed])');
  });
});

describe.skipIf(!onPostgres)('npm run db:migrate on PostgreSQL', () => {
  const name = `shop_mig_${randomBytes(6).toString('hex')}`;
  const base = process.env.DATABASE_URL ?? '';
  const url = (() => {
    if (!base) return '';
    const u = new URL(base);
    u.pathname = `/${name}`;
    return u.toString();
  })();
  const admin = async (query: string) => {
    const { default: pgLib } = await import('pg');
    const c = new pgLib.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  afterAll(async () => {
    if (base) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('two runs at once: both succeed, one applies the migrations, the other finds nothing pending', async () => {
    await admin(`CREATE DATABASE ${name}`);
    const expected = (await expectedMigrations()).length;
    const runs = await Promise.all([dbMigrate({ DATABASE_URL: url }), dbMigrate({ DATABASE_URL: url })]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    const applied = runs.filter((r) => r.out.includes(`applied ${expected} migrations (0 were applied)`));
    const idle = runs.filter((r) => r.out.includes(`nothing to apply; schema current: ${expected} migrations`));
    expect(applied).toHaveLength(1);
    expect(idle).toHaveLength(1);
    const database = await openDatabase(url, { migrate: false });
    try {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: unknown[] };
      expect(rows[0]).toEqual({ n: expected, hashes: expected });
      expect(await schemaStatus(database.db)).toEqual({ current: true, applied: expected, expected });
      const { rows: channels } = (await database.db.execute(sql`select count(*)::int as n from channels`)) as unknown as {
        rows: unknown[];
      };
      expect(channels[0]).toEqual({ n: 0 }); // not seeded unless asked
    } finally {
      await database.close();
    }
  }, 60_000);

  it('--seed seeds the empty database once', async () => {
    const seeded = await dbMigrate({ DATABASE_URL: url }, ['--seed']);
    expect(seeded.code).toBe(0);
    expect(seeded.out).toMatch(/nothing to apply[\s\S]*seeded the empty database in \d+ ms/);
    const again = await dbMigrate({ DATABASE_URL: url }, ['--seed']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('the database already has data; nothing seeded');
  }, 120_000);
});
