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
 * - `SHOP_SHARED_BUILDS=s3` (machines that share no disk): the same lock, but the builder publishes its
 *   build to the S3-compatible store uploads use (scripts/host/build-store.ts, `builds/<channel>/`), and
 *   every process reads the store's pointer with its content poll, downloads a new version completely
 *   into a folder of its own under `<dist>.live/` and only then swaps to it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import { lineLogger, logFor } from '../../api/src/lib/log.ts';
import { s3Storage, type UploadStorage } from '../../api/src/services/storage/index.ts';
import { buildFingerprint } from './build.ts';
import { fetchBuild, localManifest, pruneStore, publishBuild, readPointer } from './build-store.ts';

/** A held lock; `release` is safe to call twice. */
export interface HeldLock {
  release(): Promise<void>;
}

export interface BuildLock {
  /** The lock when it was free, else null (someone else builds). */
  tryAcquire(): Promise<HeldLock | null>;
  close(): Promise<void>;
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

/** The lock as a Redis key `key` (SET NX PX, renewed while held). */
export function redisBuildLock(url: string, key: string, ttlMs = 30_000): BuildLock {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (n) => Math.min(100 * 2 ** n, 5000) },
  });
  client.on('error', (e: Error) => logFor('rebuild-lock').warn(`redis: ${e.message}`));
  let connecting: Promise<unknown> | null = null;
  const ready = () =>
    (connecting ??= client.connect().catch((e: unknown) => {
      connecting = null;
      throw e;
    }));
  return {
    async tryAcquire() {
      await ready();
      const token = randomBytes(16).toString('hex');
      const ok = await client.set(key, token, { NX: true, PX: ttlMs });
      if (ok !== 'OK') return null;
      const renew = setInterval(
        () => {
          client.eval(RENEW, { keys: [key], arguments: [token, String(ttlMs)] }).catch(() => {});
        },
        Math.max(100, Math.floor(ttlMs / 3)),
      );
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
    async close() {
      if (connecting) await client.close().catch(() => {});
    },
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
        if (!rows[0].ok) {
          await client.end();
          return null;
        }
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
export interface PublishedBuild {
  outDir: string;
  fingerprint: string;
  at: string;
}

/** The build a process serves now. */
export interface LiveBuild {
  outDir: string;
  fingerprint: string;
}

export interface BuildCoordinator {
  lock: BuildLock;
  /** Writes the pointer to a complete build (atomic rename; in the store: after every file). */
  publish(build: Omit<PublishedBuild, 'at'>): Promise<void>;
  /**
   * The newest published build as a local directory whose server entry exists, or null. From the store
   * it is downloaded first (completely, verified); `live` lets a build with the live fingerprint count as
   * the published one without a download. Throws when the store or the download fails.
   */
  latest(live?: LiveBuild): PublishedBuild | null | Promise<PublishedBuild | null>;
  /** True when `<dist>.live` is this process's alone (the store), so adopting a build may prune it. */
  ownFolder?: boolean;
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
 * The coordinator over the S3-compatible store (scripts/host/build-store.ts). Publishing never throws: a
 * build that could not be published is kept and published again on the next `latest()`, and until it
 * is, `latest()` answers null (the store's older version must not replace it).
 */
export function storeCoordinator(opts: {
  liveBuildsDir: string;
  channel: string;
  lock: BuildLock;
  store: UploadStorage;
  log?: (line: string) => void;
  /**
   * This process's sources fingerprint (buildFingerprint without the snapshot): a published build of
   * other sources (a rolling update: old and new code side by side) is not adopted; each code version
   * then builds for itself, through the same lock.
   */
  sources?: string;
}): BuildCoordinator {
  const { liveBuildsDir, channel, store } = opts;
  const say = opts.log ?? lineLogger('shop');
  // Published or fetched versions → their local directory.
  const local = new Map<string, string>();
  // Content hashes the store already has (so a publish skips them without asking).
  const known = new Set<string>();
  let pending: Omit<PublishedBuild, 'at'> | null = null;
  let publishing: Promise<void> | null = null;
  let fetching: { version: string; done: Promise<string> } | null = null;
  let otherSources: string | null = null;
  const complete = (dir: string | undefined): dir is string => !!dir && existsSync(join(dir, 'server', 'entry.mjs'));

  const tryPublish = () =>
    (publishing ??= (async () => {
      const build = pending;
      if (!build) return;
      const version = `${basename(build.outDir)}-${build.fingerprint.slice(0, 12)}`;
      try {
        const r = await publishBuild({
          store,
          channel,
          outDir: build.outDir,
          version,
          fingerprint: build.fingerprint,
          sources: opts.sources,
          known,
        });
        local.set(version, build.outDir);
        if (pending === build) pending = null;
        say(
          `Published build ${version} to the store: ${r.uploaded_files} of ${r.files} files uploaded (${(r.uploaded_bytes / 1024).toFixed(0)} of ${(r.bytes / 1024).toFixed(0)} KB) in ${r.seconds.toFixed(1)} s`,
        );
        const pruned = await pruneStore(store, channel).catch(() => null);
        if (pruned?.versions)
          say(`Removed ${pruned.versions} old version(s) and ${pruned.objects} object(s) no kept version uses from the store`);
      } catch (error) {
        say(`Could not publish build ${version} to the store (will retry): ${error instanceof Error ? error.message : String(error)}`);
      }
    })().finally(() => {
      publishing = null;
    }));

  async function download(pointer: NonNullable<Awaited<ReturnType<typeof readPointer>>>, live?: LiveBuild): Promise<string> {
    const intoDir = join(liveBuildsDir, `s3-${pointer.version}`);
    if (!complete(intoDir)) {
      await mkdir(liveBuildsDir, { recursive: true });
      const reuse = live && complete(live.outDir) ? { dir: live.outDir, files: await localManifest(live.outDir) } : undefined;
      const r = await fetchBuild({ store, pointer, intoDir, reuse });
      say(
        `Fetched build ${pointer.version} from the store: ${r.downloaded_files} files downloaded (${(r.downloaded_bytes / 1024).toFixed(0)} KB), ${r.linked_files} taken from the live build, ${r.files} in all, in ${r.seconds.toFixed(1)} s`,
      );
    }
    return intoDir;
  }

  return {
    lock: opts.lock,
    ownFolder: true,
    async publish(build) {
      pending = { outDir: build.outDir, fingerprint: build.fingerprint };
      await publishing;
      await tryPublish();
    },
    async latest(live) {
      if (pending) {
        // A build whose publish failed: publish it again, under the lock, unless a newer one is out.
        const build = pending;
        const newer = await readPointer(store, channel);
        if (newer && Date.parse(newer.published_at) > Number(basename(build.outDir))) pending = null;
        else {
          const held = publishing ? null : await opts.lock.tryAcquire().catch(() => null);
          if (!publishing && !held) return null; // another process builds: try again on the next poll
          try {
            await tryPublish();
          } finally {
            await held?.release();
          }
          if (pending) return null;
        }
      }
      const pointer = await readPointer(store, channel);
      if (!pointer) return null;
      if (opts.sources && pointer.sources && pointer.sources !== opts.sources) {
        if (otherSources !== pointer.version)
          say(`The store's build ${pointer.version} was made from other sources (another release): not adopted`);
        otherSources = pointer.version;
        return null;
      }
      const at = pointer.published_at;
      const have = local.get(pointer.version);
      if (complete(have)) return { outDir: have, fingerprint: pointer.fingerprint, at };
      if (live && live.fingerprint === pointer.fingerprint && complete(live.outDir)) {
        // The same inputs (e.g. the image's own build of the same content): nothing to download.
        local.set(pointer.version, live.outDir);
        return { outDir: live.outDir, fingerprint: pointer.fingerprint, at };
      }
      if (fetching?.version !== pointer.version) {
        const done = download(pointer, live);
        fetching = { version: pointer.version, done };
        done
          .then(
            () => {},
            () => {},
          )
          .finally(() => {
            if (fetching?.done === done) fetching = null;
          });
      }
      const outDir = await fetching.done;
      local.set(pointer.version, outDir);
      return { outDir, fingerprint: pointer.fingerprint, at };
    },
    close: () => opts.lock.close(),
  };
}

/** The lock this environment offers: Redis (REDIS_URL) first, else a PostgreSQL advisory lock (DATABASE_URL). */
function lockFromEnv(channel: string, env: NodeJS.ProcessEnv): BuildLock {
  if (env.REDIS_URL) return redisBuildLock(env.REDIS_URL, `${env.REDIS_PREFIX || 'shop:'}rebuild:${channel}`);
  if (env.DATABASE_URL) return postgresBuildLock(env.DATABASE_URL, `shop-rebuild:${channel}`);
  throw new Error(`SHOP_SHARED_BUILDS=${env.SHOP_SHARED_BUILDS} needs REDIS_URL or DATABASE_URL for the rebuild lock`);
}

/**
 * The coordinator this environment asks for: with SHOP_SHARED_BUILDS=1 the shared folder, with
 * SHOP_SHARED_BUILDS=s3 the S3-compatible store of S3_ENDPOINT/S3_BUCKET/S3_REGION/S3_ACCESS_KEY_ID/
 * S3_SECRET_ACCESS_KEY; the lock in Redis (REDIS_URL, key `<REDIS_PREFIX>rebuild:<channel>`) or else a
 * PostgreSQL advisory lock (DATABASE_URL); none when unset (one process: nothing to coordinate).
 */
export function coordinatorFromEnv(
  liveBuildsDir: string,
  channel: string,
  env: NodeJS.ProcessEnv = process.env,
): BuildCoordinator | undefined {
  const mode = env.SHOP_SHARED_BUILDS;
  if (!mode || mode === '0') return undefined;
  if (mode === '1') return buildCoordinator(liveBuildsDir, lockFromEnv(channel, env));
  if (mode !== 's3') throw new Error(`SHOP_SHARED_BUILDS must be 1 or s3, not ${mode}`);
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error('SHOP_SHARED_BUILDS=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  const store = s3Storage({ S3_ENDPOINT, S3_BUCKET, S3_REGION: env.S3_REGION || 'us-east-1', S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY });
  return storeCoordinator({ liveBuildsDir, channel, lock: lockFromEnv(channel, env), store, sources: buildFingerprint(channel, false) });
}
