/**
 * The answer cache: guests' product list and detail answers kept in memory as ready JSON bytes with
 * their headers, per database, channel and request URL, valid for one answer version (migration
 * 0028) only. A request reads the version (one primary-key row; one read shared by a burst) and,
 * when the bytes stored under it are there, sends them without reading a product. Correct across
 * processes: a change commits its version bump with it, and the version is read before the answer
 * is built, so an answer stored under a version is never older than that version. Members'
 * answers (is_favorite) are never kept.
 */
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { answer_version } from '../../db/schema/index.ts';
import { okBytes } from '../../lib/respond.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';

interface Answer {
  /** The JSON as UTF-8 bytes: encoded once, not on every answer. */
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/** Bytes of answers kept per database. */
const CAPACITY = 16_000_000;
const caches = new WeakMap<object, VersionedCache<Answer>>();

function cacheOf(db: Db): VersionedCache<Answer> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new VersionedCache<Answer>(CAPACITY, (a) => a.body.byteLength + 200)));
  return cache;
}

/** The committed answer version, or null when it cannot be read (then nothing is cached). */
export async function answerVersion(db: Db): Promise<number | null> {
  const [row] = await executePrepared<{ version: number | string }>(
    db,
    'answer_version',
    sql`select version from ${answer_version} where id = 1`,
  );
  return row ? Number(row.version) : null;
}

/**
 * Version reads shared by concurrent requests: a caller gets a read that started no earlier than
 * its call (so it sees every change committed before its request), and all callers arriving while
 * one read runs share the next. One round trip serves a whole burst; at most two run at a time.
 */
export class SharedReads<T> {
  private running: Promise<T> | null = null;
  private queued: Promise<T> | null = null;
  private readonly read: () => Promise<T>;
  constructor(read: () => Promise<T>) {
    this.read = read;
  }

  get(): Promise<T> {
    if (!this.running) return this.start();
    const next = () => {
      this.queued = null;
      return this.start();
    };
    this.queued ??= this.running.then(next, next);
    return this.queued;
  }

  private start(): Promise<T> {
    const p: Promise<T> = this.read().finally(() => {
      if (this.running === p) this.running = null;
    });
    this.running = p;
    return p;
  }
}

const versionReads = new WeakMap<object, SharedReads<number | null>>();
function currentVersion(db: Db): Promise<number | null> {
  let reads = versionReads.get(db);
  if (!reads) versionReads.set(db, (reads = new SharedReads(() => answerVersion(db).catch(() => null))));
  return reads.get();
}

/** A request whose answer is the same for every guest: no user, no Authorization. */
const isGuest = (c: Context<AppEnv>) => c.get('user') == null && c.req.header('authorization') == null;

/**
 * Answers a guest's GET from the cache when the version still holds; otherwise `build()`s the answer
 * and keeps a 200 for the next guest. Anyone else gets `build()` untouched.
 */
export async function publicAnswer<R extends Response>(c: Context<AppEnv>, build: () => Promise<R>): Promise<R> {
  if (!isGuest(c) || c.req.method !== 'GET') return build();
  const db = c.get('db');
  const url = c.req.url;
  const key = `${c.get('channel').id}|${url.slice(url.indexOf('/', url.indexOf('//') + 2))}`;
  const version = await currentVersion(db);
  const cache = cacheOf(db);
  const hit = cache.get(version, key);
  // The route's typed answer, sent from the stored bytes: the same status, body and headers.
  if (hit) return okBytes(c, hit.body, hit.headers) as unknown as R;
  const res = await build();
  if (res.status === 200 && version != null) {
    const body = new Uint8Array(await res.clone().arrayBuffer());
    cache.set(version, key, { body, headers: Object.fromEntries(res.headers) });
  }
  return res;
}
