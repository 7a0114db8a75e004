/** The one rate-limit interface, implemented on PostgreSQL (default) and Redis (REDIS_URL). */
export interface RateLimitResult {
  /** False once the key has been hit more than `limit` times in the current window. */
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimitStore {
  /** Counts one hit on `key` in a fixed window of `windowSeconds` and says whether it is within `limit`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Forgets the key's count (e.g. the account's after a successful login). */
  reset(key: string): Promise<void>;
}

/** Builds the result of a hit from the store's count and remaining window in milliseconds. */
export function toResult(count: number, remainingMs: number, limit: number): RateLimitResult {
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}
