/**
 * A value fetched at most once per page life (spec 4 "Fetch-once data"). The first `load()` starts the
 * request and every caller until it settles shares that one promise; once filled, `load()` answers
 * from the store without a request; a failure leaves the store unfilled, so the next `load()` tries
 * again. The state is a zustand vanilla store, so an island renders it with `useStore(x.state)`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export type FetchOnceStatus = 'idle' | 'loading' | 'filled' | 'failed';

export interface FetchOnceState<T> {
  status: FetchOnceStatus;
  /** The value once filled (undefined before). */
  value: T | undefined;
  /** The last failure, cleared when a retry starts. */
  error: unknown;
}

export interface FetchOnce<T> {
  /** The state, for `useStore` or `subscribe`. */
  state: StoreApi<FetchOnceState<T>>;
  /** The value: the stored one when filled, else the in-flight request's (started if there is none). Rejects with the fetch's error. */
  load: () => Promise<T>;
  /** Fills the store without a request, e.g. with what the page was rendered from. */
  fill: (value: T) => void;
}

/** A fetch-once store over `fetch` (which takes no signal: one caller leaving must not cancel the others' request). */
export function createFetchOnce<T>(fetch: () => Promise<T>): FetchOnce<T> {
  const state = createStore<FetchOnceState<T>>()(() => ({ status: 'idle', value: undefined, error: undefined }));
  let inFlight: Promise<T> | null = null;
  const filled = () => state.getState().status === 'filled';

  const load = (): Promise<T> => {
    if (filled()) return Promise.resolve(state.getState().value as T);
    if (inFlight) return inFlight;
    state.setState({ status: 'loading', error: undefined });
    inFlight = fetch().then(
      (value) => {
        inFlight = null;
        // A fill() that came first stays: the store is filled once.
        if (!filled()) state.setState({ status: 'filled', value, error: undefined });
        return state.getState().value as T;
      },
      (error: unknown) => {
        inFlight = null;
        if (!filled()) state.setState({ status: 'failed', error });
        throw error;
      },
    );
    return inFlight;
  };

  const fill = (value: T) => state.setState({ status: 'filled', value, error: undefined });

  return { state, load, fill };
}
