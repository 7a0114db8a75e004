/** Polling with spec 9's intervals and time-outs (src/lib/timing.ts); the cross-tab wait is one-tab.ts. */

/** Calls `check` now and every `intervalMs` until it returns a value (not null); null after `timeoutMs`. */
export async function pollUntil<T>(check: () => T | null, intervalMs: number, timeoutMs: number): Promise<T | null> {
  // A deadline, not a count of ticks: a background tab's timers are throttled.
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== null || Date.now() >= end) return value;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
