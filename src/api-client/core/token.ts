/** Pure rules of the access token's lifetime (spec 4 "Token expiry", spec 9 "Token safety margin 5 s"). */
import { TOKEN_SAFETY_MARGIN_MS } from '#lib/timing.ts';

export { TOKEN_SAFETY_MARGIN_MS };

/** The part of a login or refresh answer that says how long the token lives. */
export interface TokenLifetime {
  expires_in?: number | null;
  expires_at?: string | null;
}

/**
 * Epoch ms at which the client treats the token as expired: 5 s before the server's lifetime.
 * `expires_in` (relative) is preferred over `expires_at` because it is immune to a wrong client
 * clock; `expires_at` is the fallback when the lifetime is missing.
 */
export function computeExpiresAt(lifetime: TokenLifetime, now: number): number {
  if (typeof lifetime.expires_in === 'number' && lifetime.expires_in > 0) {
    return now + lifetime.expires_in * 1000 - TOKEN_SAFETY_MARGIN_MS;
  }
  const at = lifetime.expires_at ? Date.parse(lifetime.expires_at) : NaN;
  return Number.isFinite(at) ? at - TOKEN_SAFETY_MARGIN_MS : now;
}

/** True when the stored expiry has passed (the token must be refreshed before use). */
export function isTokenExpired(expiresAt: number, now: number): boolean {
  return expiresAt <= now;
}
