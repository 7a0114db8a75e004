/**
 * The one @nanostores/query instance (the design's "nanoquery") every domain module builds its
 * stores on, with the retry and loading rules, mutation helpers and invalidation on session change.
 */
import { nanoquery } from '@nanostores/query';
import { ApiError, CLIENT_CODES } from '#api-client/core/errors.ts';
import { onSessionEvent } from '#api-client/core/http.ts';
import { holdRemaining } from '#lib/loading-hold.ts';
import { PERSONAL_PREFIX } from './keys.ts';

/** Spec 9: a loader, once shown, stays at least 200 ms (src/lib/loading-hold.ts applies it). */
export { MIN_FETCH_MS } from '#lib/timing.ts';

/**
 * Resolves with `work`'s result, held so its loader does not flicker: an answer within 100 ms (before
 * the loader appears) at once, a slower one no earlier than 200 ms after the loader appeared.
 */
export async function holdAtLeast<T>(work: Promise<T>): Promise<T> {
  const start = Date.now();
  const result = await work;
  const wait = holdRemaining(Date.now() - start);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return result;
}

const MAX_RETRIES = 3;

/**
 * Retry only what may succeed later: network failures and 5xx/timeouts, with backoff. Never a 4xx,
 * a cancelled request, or one the client already handled (redirected).
 */
export function retryDelay(error: unknown, retryCount: number): number | null {
  if (!(error instanceof ApiError) || error.handled || retryCount > MAX_RETRIES) return null;
  if (error.code === CLIENT_CODES.aborted || error.code === CLIENT_CODES.invalidResponse) return null;
  const transient = error.status === 0 || error.status >= 500;
  return transient ? Math.min(1000 * 2 ** (retryCount - 1), 8000) : null;
}

export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  onErrorRetry: ({ error, retryCount }) => retryDelay(error, retryCount),
});

/** A mutator that runs `run` and then invalidates every key starting with one of `prefixes`. */
export function createApiMutator<Data, Result>(run: (data: Data) => Promise<Result>, prefixes: readonly string[]) {
  return createMutatorStore<Data, Result>(async ({ data, invalidate }) => {
    const result = await run(data);
    invalidate((key) => prefixes.some((p) => key.startsWith(p)));
    return result;
  });
}

/** Drops every personal key (me/...) from the cache. */
export function invalidatePersonalData(): void {
  invalidateKeys((key) => key.startsWith(PERSONAL_PREFIX));
}

onSessionEvent((e) => {
  // A different person (or nobody) is using the page now: no personal or is_favorite data may survive.
  if (e.type === 'ended' || e.source === 'login') invalidateKeys(() => true);
});
