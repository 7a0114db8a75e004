/**
 * The anti-flicker timing of loading states (spec 9: "data fetch held at least 200 ms to avoid loading
 * flicker"). A loader only appears once loading has lasted LOADER_SHOW_DELAY_MS (the CSS of
 * themes/default/loaders/loader.css keeps it invisible until then), so a quick answer shows no spinner
 * at all; once it has appeared, it stays at least MIN_FETCH_MS (spec 9, src/lib/timing.ts), so it never blinks. Pure numbers
 * here; the fetcher stores (src/stores/queries/client.ts) and islands/common/useMinimumLoading.ts apply them.
 */
import { MIN_FETCH_MS } from './timing.ts';

/** A loading state shorter than this never shows its loader (keep equal to loader.css's animation delay). */
export const LOADER_SHOW_DELAY_MS = 100;

/** How much longer to hold a result that took `elapsedMs`: 0 if its loader never showed, else until it has shown MIN_FETCH_MS. */
export function holdRemaining(elapsedMs: number): number {
  if (elapsedMs < LOADER_SHOW_DELAY_MS) return 0;
  return Math.max(0, LOADER_SHOW_DELAY_MS + MIN_FETCH_MS - elapsedMs);
}
