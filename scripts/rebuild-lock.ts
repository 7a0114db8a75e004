/**
 * Shared live builds for several storefront processes (`SHOP_SHARED_BUILDS=1`, set by
 * scripts/cluster.ts): only one process builds at a time, and the others load what it built.
 *
 * - The lock: in Redis (REDIS_URL) a key set with SET NX PX and a random token, renewed every third of
 *   its lifetime while the build runs and deleted only by its holder (compare-and-delete); a holder
 *   that dies loses it after `ttlMs`. Without Redis, a PostgreSQL session advisory lock
 *   (pg_try_advisory_lock) on a connection of its own (DATABASE_URL), released when that connection
 *   closes, so a crashed holder frees it at once.
 * - The newest build: the builder writes `<dist>.live/current.json` ({ outDir, fingerprint }) by a
 *   rename once its build is complete; the other processes read it with their content poll and swap
 *   to that directory (the dist folder is shared, e.g. one disk or a shared volume).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';

/** A held lock; `release` is safe to call twice. */
export interface HeldLock { release(): Promise<void> }

export interface BuildLock {
  /** The lock when it was free, else null (someone else builds). */
  tryAcquire(): Promise<HeldLock | null>;
  close(): Promise<void>;
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

/** The lock as a Redis key `key` (SET NX PX, renewed while held). */
export function redisBuildLock(url: string, key: string, ttlMs = 30_000): BuildLock {
  const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 2000, reconnectStrategy: (n) => Math.min(100 * 2 ** n, 5000) } });
  client.on('error', (e: Error) => console.warn('[rebuild-lock] redis:', e.message));
  let connecting: Promise<unknown> | null = null;
  const ready = () => (connecting ??= client.connect().catch((e: unknown) => { connecting = null; throw e; }));
  return {
    async tryAcquire() {
      await ready();
      const token = randomBytes(16).toString('hex');
      const ok = await client.set(key, token, { NX: true, PX: ttlMs });
      if (ok !== 'OK') return null;
      const renew = setInterval(() => {
        client.eval(RENEW, { keys: [key], arguments: [token, String(ttlMs)] }).catch(() => {});
      }, Math.max(100, Math.floor(ttlMs / 3)));
      renew.unref();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          clearInterval(renew);
          await client.eval(RELEASE, { keys: [key], arguments: [token] }).catch(() => {});
        },
      };
    },
    async close() { if (connecting) await client.close().catch(() => {}); },
  };
}

/** The lock as a PostgreSQL session advisory lock on its own connection. */
export function postgresBuildLock(url: string, name: string): BuildLock {
  return {
    async tryAcquire() {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
      client.on('error', () => {});
      await client.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [name]);
        if (!rows[0].ok) { await client.end(); return null; }
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          // Closing the session frees the lock even if the unlock itself fails.
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
          await client.end().catch(() => {});
        },
      };
    },
    async close() {},
  };
}

/** What the builder publishes: the build directory now live and the fingerprint it was built from. */
export interface PublishedBuild { outDir: string; fingerprint: string; at: string }

export interface BuildCoordinator {
  lock: BuildLock;
  /** Writes the pointer to a complete build (atomic rename). */
  publish(build: Omit<PublishedBuild, 'at'>): Promise<void>;
  /** The newest published build whose directory still exists, or null. */
  latest(): PublishedBuild | null;
  close(): Promise<void>;
}

/** The coordinator over `liveBuildsDir`'s pointer file and the given lock. */
export function buildCoordinator(liveBuildsDir: string, lock: BuildLock): BuildCoordinator {
  const pointer = join(liveBuildsDir, 'current.json');
  return {
    lock,
    async publish(build) {
      await mkdir(liveBuildsDir, { recursive: true });
      const tmp = `${pointer}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify({ ...build, at: new Date().toISOString() }));
      await rename(tmp, pointer);
    },
    latest() {
      try {
        const b = JSON.parse(readFileSync(pointer, 'utf8')) as PublishedBuild;
        return b.outDir && existsSync(join(b.outDir, 'server', 'entry.mjs')) ? b : null;
      } catch {
        return null;
      }
    },
    close: () => lock.close(),
  };
}

/**
 * The coordinator this environment asks for: with SHOP_SHARED_BUILDS=1, a Redis lock (REDIS_URL,
 * key `<REDIS_PREFIX>rebuild:<channel>`) or else a PostgreSQL advisory lock (DATABASE_URL); none
 * otherwise (one process: nothing to coordinate).
 */
export function coordinatorFromEnv(liveBuildsDir: string, channel: string, env: NodeJS.ProcessEnv = process.env): BuildCoordinator | undefined {
  if (env.SHOP_SHARED_BUILDS !== '1') return undefined;
  if (env.REDIS_URL) return buildCoordinator(liveBuildsDir, redisBuildLock(env.REDIS_URL, `${env.REDIS_PREFIX || 'shop:'}rebuild:${channel}`));
  if (env.DATABASE_URL) return buildCoordinator(liveBuildsDir, postgresBuildLock(env.DATABASE_URL, `shop-rebuild:${channel}`));
  throw new Error('SHOP_SHARED_BUILDS=1 needs REDIS_URL or DATABASE_URL for the rebuild lock');
}
