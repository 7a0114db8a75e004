/**
 * One API read for a my-page island that reads once per page load and shares it with no other island
 * (the member top's greeting, one order): {data, error}. The rules of the fetcher stores
 * (src/stores/queries/client.ts) without their cache library (@nanostores/query, 3.4 KB brotli on
 * every screen that loads it): a transient failure (network, 5xx, timeout) is retried with backoff
 * (1, 2, 4 s; at most 3 times), never a 4xx, a cancelled read or one the client already handled, and
 * an answer is held so its loader never blinks (src/lib/loading-hold.ts, spec 9).
 */
import { ApiError, CLIENT_CODES } from '#api-client/core/errors.ts';
import { holdRemaining } from '#lib/loading-hold.ts';
import { useEffect, useState } from '../common/react.ts';

const MAX_RETRIES = 3;

/** The wait before retry number `retryCount` (1-based) of a failed read, or null for none. */
export function retryWait(error: unknown, retryCount: number): number | null {
  if (!(error instanceof ApiError) || error.handled || retryCount > MAX_RETRIES) return null;
  if (error.code === CLIENT_CODES.aborted || error.code === CLIENT_CODES.invalidResponse) return null;
  return error.status === 0 || error.status >= 500 ? 1000 * 2 ** (retryCount - 1) : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `read` with the retries above, held as the stores hold theirs. */
export async function readWithRetry<T>(read: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
  const start = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const data = await read(signal);
      const hold = holdRemaining(Date.now() - start);
      if (hold > 0) await sleep(hold);
      return data;
    } catch (error) {
      const wait = signal.aborted ? null : retryWait(error, attempt);
      if (wait === null) throw error;
      await sleep(wait);
    }
  }
}

/** Reads once on mount (again when `key` changes). */
export function useRead<T>(key: string, read: (signal: AbortSignal) => Promise<T>): { data: T | undefined; error: unknown } {
  const [state, setState] = useState<{ data: T | undefined; error: unknown }>({ data: undefined, error: null });
  // `read` is a fresh arrow on every render: `key` says when the read changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    const ctl = new AbortController();
    setState({ data: undefined, error: null });
    readWithRetry(read, ctl.signal).then(
      (data) => {
        if (!ctl.signal.aborted) setState({ data, error: null });
      },
      (error: unknown) => {
        if (!ctl.signal.aborted) setState({ data: undefined, error });
      },
    );
    return () => ctl.abort();
  }, [key]);
  return state;
}
