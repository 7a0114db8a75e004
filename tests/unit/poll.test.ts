/**
 * Spec 9 polling: the poll helper, and the cross-tab wait of a cart init or token refresh with the
 * Web Locks API (Node's own LockManager stands in for the browser's: two callers are two tabs).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oneTabAtATime } from '#lib/one-tab.ts';
import { pollUntil } from '#lib/poll.ts';
import { SESSION_POLL_INTERVAL_MS, SESSION_POLL_TIMEOUT_MS } from '#lib/timing.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pollUntil', () => {
  it('answers at once when the first check has a value, without a timer', async () => {
    const check = vi.fn(() => 'ok');
    await expect(pollUntil(check, 100, 3000)).resolves.toBe('ok');
    expect(check).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('checks every interval until a value comes', async () => {
    let value: string | null = null;
    const check = vi.fn(() => value);
    const result = pollUntil(check, 100, 3000);
    await vi.advanceTimersByTimeAsync(250);
    expect(check).toHaveBeenCalledTimes(3); // 0, 100, 200 ms
    value = 'token';
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe('token');
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('gives up with null once the timeout has passed (checked at 0, 200, … 1000 ms)', async () => {
    const check = vi.fn(() => null);
    const result = pollUntil(check, 200, 1000);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
    expect(check).toHaveBeenCalledTimes(6);
  });

  it('counts the timeout by the clock, so throttled timers do not stretch it', async () => {
    const check = vi.fn(() => null);
    const result = pollUntil(check, 100, 3000);
    vi.setSystemTime(Date.now() + 5000); // the tab slept in the background
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBeNull();
    expect(check).toHaveBeenCalledTimes(2);
  });
});

describe('oneTabAtATime with Web Locks', () => {
  it('has Node’s LockManager to run against', () => {
    expect(typeof navigator.locks?.request).toBe('function');
  });

  it('a second tab waits for the first tab’s cookie, polled every 100 ms, and does not create its own', async () => {
    let cookie: string | null = null;
    const created: string[] = [];
    const create = (tab: string) => async () => {
      if (cookie) return `${tab} used ${cookie}`;
      await new Promise((r) => setTimeout(r, 450)); // POST /v1/carts/init
      created.push(tab);
      cookie = `cart-${tab}`;
      return `${tab} created ${cookie}`;
    };
    const ready = vi.fn(() => cookie !== null);
    const a = oneTabAtATime('test:init', ready, create('a'));
    const b = oneTabAtATime('test:init', ready, create('b'));
    await vi.advanceTimersByTimeAsync(500);
    await expect(Promise.all([a, b])).resolves.toEqual(['a created cart-a', 'b used cart-a']);
    expect(created).toEqual(['a']);
    // b's checks at 0, 100, … 500 ms: the cookie is there from 450 ms.
    expect(ready).toHaveBeenCalledTimes(6);
  });

  it('gives up after 3 s and runs itself when the first tab never stores anything', async () => {
    const ran: string[] = [];
    const a = oneTabAtATime(
      'test:slow',
      () => false,
      () =>
        new Promise<string>((r) =>
          setTimeout(() => {
            ran.push('a');
            r('a');
          }, 10_000),
        ),
    );
    const b = oneTabAtATime(
      'test:slow',
      () => false,
      async () => {
        ran.push('b');
        return 'b';
      },
    );
    await vi.advanceTimersByTimeAsync(SESSION_POLL_TIMEOUT_MS - SESSION_POLL_INTERVAL_MS);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(SESSION_POLL_INTERVAL_MS);
    await expect(b).resolves.toBe('b');
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(a).resolves.toBe('a');
    expect(ran).toEqual(['b', 'a']);
  });

  it('runs at once, without the lock, when the result is already there', async () => {
    const held = oneTabAtATime(
      'test:ready',
      () => false,
      () => new Promise((r) => setTimeout(r, 1000)),
    );
    const run = vi.fn(async () => 'now');
    await expect(oneTabAtATime('test:ready', () => true, run)).resolves.toBe('now');
    await vi.advanceTimersByTimeAsync(1000);
    await held;
  });

  it('lets the lock go when the run fails, so the next tab is not held up', async () => {
    await expect(
      oneTabAtATime(
        'test:fail',
        () => false,
        () => Promise.reject(new Error('boom')),
      ),
    ).rejects.toThrow('boom');
    const run = vi.fn(async () => 'second');
    await expect(oneTabAtATime('test:fail', () => false, run)).resolves.toBe('second');
    expect(vi.getTimerCount()).toBe(0);
  });
});
