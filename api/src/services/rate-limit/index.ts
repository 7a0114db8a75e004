/**
 * Rate limits shared by every process of the shop: in PostgreSQL (the `rate_limits` table) by
 * default, in Redis when REDIS_URL is set. Callers see one interface, `hit(key, limit, window)`.
 * A key naming a client address (`…:ip:<address>`) counts an IPv6 address as its /64 (lib/client-key.ts).
 */
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import { limitKeyOf } from '../../lib/client-key.ts';
import { countRateLimitRefusal } from '../../lib/metrics.ts';
import { RetryLaterError, TOO_MANY_REQUESTS_MESSAGE } from './errors.ts';
import { postgresRateLimitStore } from './postgres.ts';
import { closeRedisClients, redisRateLimitStore } from './redis.ts';
import type { RateLimitStore } from './types.ts';

export { RetryLaterError, TOO_MANY_REQUESTS_MESSAGE, tooManyAttempts } from './errors.ts';
export type { RateLimitResult, RateLimitStore } from './types.ts';

/** A fixed-window rule: `limit` hits per `windowSeconds`. */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** Counts a hit on `key`; over the limit: 429 with Retry-After and `code` (common.too_many_requests by default). */
export async function enforce(
  store: RateLimitStore,
  key: string,
  rule: Limit,
  code = 'common.too_many_requests',
  message = TOO_MANY_REQUESTS_MESSAGE,
) {
  const hit = await store.hit(key, rule.limit, rule.windowSeconds);
  if (!hit.allowed) {
    countRefusal(key);
    throw new RetryLaterError(429, message, code, hit.retryAfterSeconds);
  }
  return hit;
}

/**
 * The rule a key belongs to, for the metric's `limit` label: its leading words, never the address,
 * account or id after them (`login:ip:203.0.113.7` → login:ip, `login-code:12` → login-code,
 * `public-write:POST /carts/init:ip:…` → public-write:POST /carts/init).
 */
export function limitName(key: string): string {
  const parts = key.split(':');
  // The operation of a public write comes from PUBLIC_WRITE_LIMITS' fixed table.
  if (parts[0] === 'public-write' && parts[1]) return `public-write:${parts[1]}`;
  const name: string[] = [];
  for (const part of parts.slice(0, 2)) {
    if (!/^[a-z][a-z-]*$/.test(part)) break;
    name.push(part);
  }
  return name.join(':') || 'other';
}

/** Counts a request refused by the limit of `key` (shop_rate_limit_refusals_total). */
export const countRefusal = (key: string): void => countRateLimitRefusal(limitName(key));

/** The store this configuration uses: Redis when REDIS_URL is set, else the database. */
export function rateLimitStore(db: Db, env: Pick<ApiEnv, 'REDIS_URL' | 'REDIS_PREFIX'>): RateLimitStore {
  const store = env.REDIS_URL ? redisRateLimitStore(env.REDIS_URL, `${env.REDIS_PREFIX ?? 'shop:'}rl:`) : postgresRateLimitStore(db);
  const factor = rateLimitMultiplier();
  return {
    hit: (key, limit, windowSeconds) => store.hit(limitKeyOf(key), limit * factor, windowSeconds),
    reset: (key) => store.reset(limitKeyOf(key)),
  };
}

/**
 * RATE_LIMIT_MULTIPLIER (a whole number, 1 to 10000; default 1): every rate limit is multiplied by it.
 * Only for a load test whose simulated shoppers all come from one address (`npm run loadtest` sets
 * it for the processes it starts); never set it on a shop that faces the internet.
 */
export function rateLimitMultiplier(value = process.env.RATE_LIMIT_MULTIPLIER): number {
  if (!value) return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000)
    throw new Error(`RATE_LIMIT_MULTIPLIER must be a whole number from 1 to 10000, got "${value}"`);
  return n;
}

/** Closes the shared connections a store opened (Redis); the database is closed by its owner. */
export async function closeRateLimitStores(): Promise<void> {
  await closeRedisClients();
}
