/**
 * Rate limits in Redis (REDIS_URL): INCR and the window's expiry in one Lua script, so concurrent
 * hits from any number of processes count exactly and the key expires by itself (no cleanup).
 */
import { createClient } from 'redis';
import { toResult, type RateLimitStore } from './types.ts';

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
const clients = new Map<string, Promise<Client>>();

/** One connection per URL for the whole process. */
function connect(url: string): Promise<Client> {
  let client = clients.get(url);
  if (!client) {
    const c = createClient({
      url,
      // Fail fast while Redis is down instead of queueing logins behind a reconnect.
      disableOfflineQueue: true,
      socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) },
    });
    c.on('error', (error: Error) => console.warn('[rate-limit] redis:', error.message));
    client = c.connect().then(() => c as Client);
    client.catch(() => clients.delete(url));
    clients.set(url, client);
  }
  return client;
}

/** The Redis store at `url`; keys are prefixed so the database can be shared with other uses. */
export function redisRateLimitStore(url: string, prefix = 'shop:rl:'): RateLimitStore {
  return {
    async hit(key, limit, windowSeconds) {
      const client = await connect(url);
      const [count, remainingMs] = await client.eval(HIT_SCRIPT, { keys: [prefix + key], arguments: [String(Math.ceil(windowSeconds * 1000))] }) as [number, number];
      return toResult(Number(count), Number(remainingMs), limit);
    },
    async reset(key) {
      const client = await connect(url);
      await client.del(prefix + key);
    },
  };
}

/** Closes every Redis connection (server shutdown, end of tests). */
export async function closeRedisClients(): Promise<void> {
  const all = [...clients.values()];
  clients.clear();
  await Promise.all(all.map(async (c) => (await c).close().catch(() => {})));
}
