/**
 * npm start's early embedded database (api/src/db/early-open.ts): PGlite's worker starts before the
 * API's modules load, prepareApi takes that very server over, and a new folder's seed uses the
 * password hashes started ahead of it; with DATABASE_URL (PostgreSQL) nothing starts early.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedDatabaseEarly } from '../../api/src/db/early-open.ts';
import { editors, users } from '../../api/src/db/schema/index.ts';
import { DEMO, DEV_ADMIN } from '../../api/src/db/seed/index.ts';
import { readEnv } from '../../api/src/env.ts';
import { prepareApi } from '../../api/src/server.ts';
import { verifyPassword } from '../../api/src/services/passwords/index.ts';

const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
const folders: string[] = [];
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the early embedded database of npm start', () => {
  it('starts PGlite for a new folder, which prepareApi then migrates and seeds with the warmed hashes', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'shop-early-'));
    folders.push(parent);
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = join(parent, 'pglite');
    const early = await openEmbeddedDatabaseEarly();
    expect(early?.url).toBe(process.env.DATA_DIR);
    const server = await early!.server;
    const prepared = await prepareApi(readEnv(), early);
    try {
      // The same worker: openDatabase took the early server over instead of starting a second one.
      expect(prepared.database.dumpDataDir).toBe(server.dumpDataDir);
      const [demo] = await prepared.database.db.select().from(users).where(eq(users.username, DEMO.username));
      expect(await verifyPassword(DEMO.password, demo.password_hash!)).toBe(true);
      expect(await verifyPassword('wrong-pass-2026', demo.password_hash!)).toBe(false);
      const [admin] = await prepared.database.db.select().from(editors).where(eq(editors.login, DEV_ADMIN.login));
      expect(await verifyPassword(DEV_ADMIN.password, admin.password_hash)).toBe(true);
    } finally {
      await prepared.closeChecks();
      await prepared.database.close();
    }
  }, 180_000); // an initdb and a whole seed

  it('starts nothing for PostgreSQL', async () => {
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
    expect(await openEmbeddedDatabaseEarly()).toBeUndefined();
  });
});
