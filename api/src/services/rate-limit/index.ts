/**
 * Rate limits shared by every process of the shop: in PostgreSQL (the `rate_limits` table) by
 * default, in Redis when REDIS_URL is set. Callers see one interface, `hit(key, limit, window)`.
 */
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import { postgresRateLimitStore } from './postgres.ts';
import { closeRedisClients, redisRateLimitStore } from './redis.ts';
import type { RateLimitStore } from './types.ts';

export type { RateLimitResult, RateLimitStore } from './types.ts';
export { RetryLaterError, tooManyAttempts } from './errors.ts';

/** The store this configuration uses: Redis when REDIS_URL is set, else the database. */
export function rateLimitStore(db: Db, env: Pick<ApiEnv, 'REDIS_URL' | 'REDIS_PREFIX'>): RateLimitStore {
  return env.REDIS_URL ? redisRateLimitStore(env.REDIS_URL, `${env.REDIS_PREFIX ?? 'shop:'}rl:`) : postgresRateLimitStore(db);
}

/** Closes the shared connections a store opened (Redis); the database is closed by its owner. */
export async function closeRateLimitStores(): Promise<void> {
  await closeRedisClients();
}
