/**
 * One API read for a checkout island: {data, error, loading}. Checkout pages load once and move on
 * with a full page load, so a cache library (@nanostores/query, ~6 KB gzipped) buys nothing here and
 * would push the page past its 80 KB budget. A failure that the client ignores (network, cancelled)
 * or already handled (redirect) is kept as the error too; ErrorMessage decides whether to show it.
 */
import { useEffect, useState } from '../common/react.ts';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

/** Runs `load` when `key` is non-null (and again when it changes). */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, error: null, loading: key !== null });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
    // `load` is a new closure each render; the key says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
