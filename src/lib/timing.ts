/**
 * Every time and retry constant of spec section 9 (and the two of section 2), named once. Code that
 * waits, polls, retries or guards imports from here, so the spec's numbers live in one place and
 * tests/unit/timing.test.ts pins them. Plain numbers only: a bundle keeps just the ones it imports.
 */

/** An access token counts as expired this long before its real expiry (spec 9). */
export const TOKEN_SAFETY_MARGIN_MS = 5_000;
/** A failed request is retried after a token refresh at most this many times (spec 8/9). */
export const REFRESH_RETRY_LIMIT = 1;
/** A chunk-load failure reloads the page at most once within this window (spec 8/9). */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** A toast stays this long (spec 9). */
export const TOAST_DURATION_MS = 5_000;

/** On back navigation the previous scroll position is restored after this delay (spec 2/9). */
export const SCROLL_RESTORE_DELAY_MS = 500;
/** Smooth scrolling (in-page anchors) lasts this long (spec 9). */
export const SMOOTH_SCROLL_MS = 700;
/** A data fetch is held at least this long so a fast answer does not flash a loader (spec 9). */
export const MIN_FETCH_MS = 200;

/** Settings, cart token and login check: polled this often ... (spec 9) */
export const SESSION_POLL_INTERVAL_MS = 100;
/** ... and given up after this long. */
export const SESSION_POLL_TIMEOUT_MS = 3_000;
/** Tasks (exports, imports): polled this often ... (spec 9) */
export const TASK_POLL_INTERVAL_MS = 200;
/** ... and given up after this long. */
export const TASK_POLL_TIMEOUT_MS = 5_000;
/** The tracking (analytics) title check runs this often ... (spec 9) */
export const TRACKING_TITLE_POLL_INTERVAL_MS = 200;
/** ... for at most this long. */
export const TRACKING_TITLE_POLL_TIMEOUT_MS = 1_000;

/** Link prefetch waits for an idle moment, at most this long (spec 9). */
export const PREFETCH_IDLE_TIMEOUT_MS = 2_000;
/** Connection types on which links are never prefetched (spec 9: "skipped on 2g"; slow-2g is slower still). */
export const PREFETCH_SKIPPED_CONNECTIONS: readonly string[] = ['slow-2g', '2g'];

/** Image lazy-load: preload images within this many viewport heights (spec 9 "preload 1.3") ... */
export const LAZY_LOAD_PRELOAD = 1.3;
/** ... with this many load attempts (a failed image is not retried). */
export const LAZY_LOAD_ATTEMPTS = 1;
