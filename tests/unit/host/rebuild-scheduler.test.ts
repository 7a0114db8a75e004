import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRebuildScheduler } from '../../../scripts/host/rebuild-scheduler.ts';

/** A build the test finishes by hand, to hold the scheduler in its building state. */
function controllableBuilds() {
  const calls: string[][] = [];
  const finishers: Array<(error?: Error) => void> = [];
  let running = 0;
  let maxRunning = 0;
  const run = (reasons: string[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push(reasons);
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      finishers.push((error) => {
        running -= 1;
        if (error) reject(error);
        else resolve();
      });
    });
  return { calls, run, finish: (error?: Error) => finishers.shift()?.(error), maxRunning: () => maxRunning };
}

describe('rebuild scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('debounces a burst of triggers into one build with every reason', async () => {
    const builds = controllableBuilds();
    const scheduler = createRebuildScheduler({ debounceMs: 500, run: builds.run });
    scheduler.trigger('a');
    await vi.advanceTimersByTimeAsync(300);
    scheduler.trigger('b');
    await vi.advanceTimersByTimeAsync(300);
    // The second trigger pushed the deadline back: nothing yet.
    expect(builds.calls).toEqual([]);
    expect(scheduler.state()).toBe('waiting');
    scheduler.trigger('a');
    await vi.advanceTimersByTimeAsync(500);
    expect(builds.calls).toEqual([['a', 'b']]);
    expect(scheduler.state()).toBe('building');
    builds.finish();
    await scheduler.settled();
    expect(scheduler.state()).toBe('idle');
  });

  it('coalesces triggers during a build into exactly one more build after it, never two at once', async () => {
    const builds = controllableBuilds();
    const scheduler = createRebuildScheduler({ debounceMs: 100, run: builds.run });
    scheduler.trigger('first');
    await vi.advanceTimersByTimeAsync(100);
    expect(builds.calls).toHaveLength(1);
    for (const reason of ['x', 'y', 'z']) scheduler.trigger(reason);
    await vi.advanceTimersByTimeAsync(1000);
    // Still the first build: the triggers wait for it.
    expect(builds.calls).toHaveLength(1);
    builds.finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(builds.calls).toEqual([['first'], ['x', 'y', 'z']]);
    builds.finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(builds.calls).toHaveLength(2);
    expect(builds.maxRunning()).toBe(1);
    expect(scheduler.state()).toBe('idle');
  });

  it('a failed build is reported and the next trigger builds again', async () => {
    const builds = controllableBuilds();
    const errors: unknown[] = [];
    const scheduler = createRebuildScheduler({ debounceMs: 50, run: builds.run, onError: (e) => errors.push(e) });
    scheduler.trigger('broken');
    await vi.advanceTimersByTimeAsync(50);
    builds.finish(new Error('astro build failed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    expect(scheduler.state()).toBe('idle');
    scheduler.trigger('fixed');
    await vi.advanceTimersByTimeAsync(50);
    expect(builds.calls).toEqual([['broken'], ['fixed']]);
    builds.finish();
    await scheduler.settled();
  });

  it('stop cancels a waiting build', async () => {
    const builds = controllableBuilds();
    const scheduler = createRebuildScheduler({ debounceMs: 50, run: builds.run });
    scheduler.trigger('a');
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(500);
    scheduler.trigger('b');
    await vi.advanceTimersByTimeAsync(500);
    expect(builds.calls).toEqual([]);
    await scheduler.settled();
  });
});
