/**
 * islands/mypage/use-read.ts: which failures of a my-page read are retried (the fetcher stores' rule:
 * network, 5xx and timeouts with 1, 2, 4 s backoff, at most 3 times; never a 4xx, a cancelled read,
 * an unreadable answer or one the client handled) and that readWithRetry retries and then answers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_CODES } from '#api-client/core/errors.ts';
import { readWithRetry, retryWait } from '#islands/mypage/use-read.ts';

const err = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, message: 'x', ...extra });

describe('retryWait', () => {
  it('retries a network failure, a 5xx and a timeout with backoff, three times at most', () => {
    expect(retryWait(err(0, { code: CLIENT_CODES.network }), 1)).toBe(1000);
    expect(retryWait(err(503), 2)).toBe(2000);
    expect(retryWait(err(0, { code: CLIENT_CODES.timeout }), 3)).toBe(4000);
    expect(retryWait(err(500), 4)).toBeNull();
  });

  it('never retries a 4xx, a cancelled or unreadable read, a handled one or a non-API error', () => {
    expect(retryWait(err(404), 1)).toBeNull();
    expect(retryWait(err(0, { code: CLIENT_CODES.aborted }), 1)).toBeNull();
    expect(retryWait(err(200, { code: CLIENT_CODES.invalidResponse }), 1)).toBeNull();
    expect(retryWait(err(500, { handled: true }), 1)).toBeNull();
    expect(retryWait(new Error('boom'), 1)).toBeNull();
  });
});

describe('readWithRetry', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers after a transient failure, and gives a 4xx up at once', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const flaky = readWithRetry(async () => {
      calls += 1;
      if (calls === 1) throw err(502);
      return 'ok';
    }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(flaky).resolves.toBe('ok');
    expect(calls).toBe(2);

    let refused = 0;
    const gone = readWithRetry(async () => {
      refused += 1;
      throw err(404);
    }, new AbortController().signal);
    await expect(gone).rejects.toMatchObject({ status: 404 });
    expect(refused).toBe(1);
  });
});
