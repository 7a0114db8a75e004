/**
 * `npm start` on the embedded database: starts PGlite's worker thread, and with it the initdb of a
 * new data folder (seconds), before the Shop API's modules load on the main thread, so both run at
 * once on two cores. For a new folder the seed's password hashes start too (seed/warm.ts).
 * prepareApi() then takes the started server over (openDatabase's `pgliteServer`).
 */
import { existsSync, readdirSync } from 'node:fs';
import { databaseUrl, readEnv } from '../env.ts';
import { type PgliteServer, pgliteDirOf, startPgliteServer } from './pglite-host.ts';

export interface EarlyDatabase {
  /** The database URL it was started for (prepareApi uses it only for the same URL). */
  url: string;
  server: Promise<PgliteServer>;
}

/** The embedded database of the configured folder, starting; undefined for PostgreSQL or memory. */
export async function openEmbeddedDatabaseEarly(): Promise<EarlyDatabase | undefined> {
  let url: string;
  try {
    url = databaseUrl(readEnv());
  } catch {
    return undefined; // a bad configuration: prepareApi reports it as usual
  }
  const dir = /^postgres(ql)?:\/\//.test(url) ? null : pgliteDirOf(url);
  if (!dir) return undefined;
  const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
  const server = startPgliteServer(dir);
  server.catch(() => {}); // openDatabase awaits it and reports why it failed
  if (fresh) (await import('./seed/warm.ts')).warmSeedHashes();
  return { url, server };
}
