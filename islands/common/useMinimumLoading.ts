/**
 * Keeps a loading state on screen long enough not to flicker (src/lib/loading-hold.ts): a loading
 * state that ends before its loader appeared ends at once; one whose loader appeared is reported as
 * still loading until the loader has shown for 200 ms. For islands that load without the fetcher
 * stores (which hold their answers themselves, src/stores/queries/client.ts).
 */

import { holdRemaining } from '#lib/loading-hold.ts';
import { useEffect, useRef, useState } from './react.ts';

/** `loading`, extended so that a loader once shown stays at least 200 ms. */
export function useMinimumLoading(loading: boolean): boolean {
  const started = useRef<number | null>(null);
  const until = useRef(0);
  const [, rerender] = useState(0);
  // Decided during render, so the content never shows for one frame between "done" and "held".
  if (loading && started.current === null) started.current = Date.now();
  if (!loading && started.current !== null) {
    until.current = Date.now() + holdRemaining(Date.now() - started.current);
    started.current = null;
  }
  const holding = !loading && Date.now() < until.current;
  useEffect(() => {
    if (!holding) return undefined;
    const timer = setTimeout(() => rerender((n) => n + 1), Math.max(0, until.current - Date.now()));
    return () => clearTimeout(timer);
  }, [holding]);
  return loading || holding;
}
