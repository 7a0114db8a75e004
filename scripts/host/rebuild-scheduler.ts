/**
 * The coalescing rebuild scheduler of the running shop (pure: no I/O, the build is a callback).
 *
 * - A trigger starts a debounce; triggers within it push it back, so a burst of edits is one build.
 * - One build at a time: triggers during a build are coalesced into exactly one more build after it
 *   (which then sees every edit made meanwhile), never into a second concurrent one.
 * - A failed build does not stop the scheduler; the next trigger builds again.
 */

export interface RebuildSchedulerOptions {
  /** Quiet time after the last trigger before the build starts. */
  debounceMs: number;
  /** Runs one build; gets the reasons of every trigger it covers. */
  run: (reasons: string[]) => Promise<void>;
  /** Called with a failed build's error (the scheduler itself never rejects). */
  onError?: (error: unknown) => void;
}

export type SchedulerState = 'idle' | 'waiting' | 'building';

export interface RebuildScheduler {
  /** Asks for a build (debounced, coalesced). */
  trigger(reason: string): void;
  /** What the scheduler is doing now. */
  state(): SchedulerState;
  /** Resolves once nothing is waiting or building (tests, shutdown). */
  settled(): Promise<void>;
  /** Cancels a waiting build; a running one finishes, nothing follows it. */
  stop(): void;
}

/** Creates a scheduler; see the module comment for its guarantees. */
export function createRebuildScheduler(options: RebuildSchedulerOptions): RebuildScheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let building = false;
  let stopped = false;
  // Reasons of triggers not yet covered by a started build.
  let pending: string[] = [];
  let waiters: Array<() => void> = [];

  const state = (): SchedulerState => (building ? 'building' : timer ? 'waiting' : 'idle');

  const wake = () => {
    if (state() !== 'idle') return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(fire, options.debounceMs);
  };

  async function fire(): Promise<void> {
    timer = undefined;
    if (stopped || building) return;
    building = true;
    const reasons = [...new Set(pending)];
    pending = [];
    try {
      await options.run(reasons);
    } catch (error) {
      options.onError?.(error);
    } finally {
      building = false;
      // Whatever arrived during the build gets one build of its own, after the usual quiet time.
      if (pending.length && !stopped) arm();
      wake();
    }
  }

  return {
    trigger(reason) {
      if (stopped) return;
      pending.push(reason);
      // During a build the follow-up is armed when it ends (above), so builds never overlap.
      if (!building) arm();
    },
    state,
    settled() {
      if (state() === 'idle') return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = [];
      wake();
    },
  };
}
