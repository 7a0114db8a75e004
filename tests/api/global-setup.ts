/**
 * Prepares, once per run of the `api` project, the migrated and seeded shop that every test file
 * starts from (createTestShop in helpers.ts), instead of each file migrating and seeding its own:
 * - PGlite: a shop migrated and seeded in memory, dumped as a data-directory tarball to a temporary
 *   folder (without the spare WAL segments: template-tar.ts); each file loads its own in-memory copy.
 * - PostgreSQL (DATABASE_URL): a template database `shop_template_<random>`; each file creates its
 *   own database from it (CREATE DATABASE … TEMPLATE) and drops it afterwards. Dropped at the end.
 * Opening either copy still runs the migrations (a no-op), so a stale template cannot skip one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../api/src/db/client.ts';
import { seed } from '../../api/src/db/seed/index.ts';
import { withoutSpareWal } from './template-tar.ts';

export type ShopTemplate = { kind: 'pglite'; tarball: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    shopTemplate: ShopTemplate;
  }
}

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

export default async function setup(project: TestProject) {
  if (onPostgres) {
    const { default: pg } = await import('pg');
    const baseUrl = process.env.DATABASE_URL!;
    const name = `shop_template_${randomBytes(6).toString('hex')}`;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };
    const drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase(url.toString());
      try {
        await seed(database.db);
      } finally {
        await database.close();
      } // no connection may stay: TEMPLATE needs none
    } catch (error) {
      await drop();
      throw error;
    }
    project.provide('shopTemplate', { kind: 'postgres', database: name });
    return drop;
  }
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-template-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const database = await openDatabase('memory://');
    try {
      await seed(database.db);
      const tarball = join(dir, 'pgdata.tar');
      const dump = await database.dumpDataDir!();
      // Asked after the dump's checkpoint: the segment that holds it is the last one a copy needs.
      const wal = sql`select pg_walfile_name(pg_current_wal_lsn()) as segment`;
      const { rows } = (await database.db.execute(wal)) as unknown as { rows: { segment: string }[] };
      writeFileSync(tarball, withoutSpareWal(dump, rows[0].segment).tar);
      project.provide('shopTemplate', { kind: 'pglite', tarball });
    } finally {
      await database.close();
    }
  } catch (error) {
    remove();
    throw error;
  }
  return remove;
}
