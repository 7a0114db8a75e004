/**
 * Rate limits in Redis (REDIS_URL): INCR and the window's expiry in one Lua script, so concurrent
 * hits from any number of processes count exactly and the key expires by itself (no cleanup).
 */
import { createClient } from 'redis';
import { UNAVAILABLE_MESSAGE } from '../../lib/errors.ts';
import { logFor } from '../../lib/log.ts';
import { RetryLaterError } from './errors.ts';
import { type RateLimitStore, toResult } from './types.ts';

const log = logFor('rate-limit');

// Returns the count and the milliseconds left; sets the expiry on the first hit of a window only.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

type Client = ReturnType<typeof createClient>;
interface Connection {
  client: Client;
  firstReady: Promise<void>;
}
const clients = new Map<string, Connection>();
const CONNECT_TIMEOUT_MS = 2000;

/**
 * One connection per URL for the whole process, connecting (and reconnecting) in the background.
 * A command waits for the first connection at most CONNECT_TIMEOUT_MS; after that, while Redis is
 * away, commands fail at once (no offline queue). Awaiting connect() itself would hang for as long
 * as Redis was away when the process started.
 */
async function connect(url: string): Promise<Client> {
  let entry = clients.get(url);
  if (!entry) {
    const c = createClient({
      url,
      // Fail fast while Redis is down instead of queueing logins behind a reconnect.
      disableOfflineQueue: true,
      socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) },
    });
    c.on('error', (error: Error) => log.warn(`redis: ${error.message}`));
    const firstReady = new Promise<void>((resolvePromise) => c.once('ready', () => resolvePromise()));
    c.connect().catch((error: unknown) => log.warn(`redis connect: ${error instanceof Error ? error.message : String(error)}`));
    entry = { client: c as Client, firstReady };
    clients.set(url, entry);
  }
  if (!entry.client.isReady) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      entry.firstReady,
      new Promise<void>((r) => {
        timer = setTimeout(r, CONNECT_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
  }
  return entry.client;
}

/**
 * Redis away (restarting, unreachable): the limited request answers 503 common.service_unavailable
 * with Retry-After, as when the database is away. Never allowed unchecked (a login must not escape
 * its limit because Redis restarts) and never a 500.
 */
async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    log.warn(`redis unavailable: ${error instanceof Error ? error.message : String(error)}`);
    throw new RetryLaterError(503, UNAVAILABLE_MESSAGE, 'common.service_unavailable', 5);
  }
}

/** The Redis store at `url`; keys are prefixed so the database can be shared with other uses. */
export function redisRateLimitStore(url: string, prefix = 'shop:rl:'): RateLimitStore {
  return {
    async hit(key, limit, windowSeconds) {
      const [count, remainingMs] = await orUnavailable(
        async () =>
          (await connect(url)).eval(HIT_SCRIPT, { keys: [prefix + key], arguments: [String(Math.ceil(windowSeconds * 1000))] }) as Promise<
            [number, number]
          >,
      );
      return toResult(Number(count), Number(remainingMs), limit);
    },
    async reset(key) {
      await orUnavailable(async () => (await connect(url)).del(prefix + key));
    },
  };
}

/** Closes every Redis connection (server shutdown, end of tests); one still connecting is dropped. */
export async function closeRedisClients(): Promise<void> {
  const all = [...clients.values()].map((e) => e.client);
  clients.clear();
  await Promise.all(
    all.map(async (c) => {
      if (c.isReady) await c.close().catch(() => {});
      else
        try {
          c.destroy();
        } catch {
          /* never opened */
        }
    }),
  );
}
