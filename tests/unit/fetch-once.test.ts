/** Spec 4 "Fetch-once data": one request for every caller, none once filled, another after a failure. */
import { describe, expect, it, vi } from 'vitest';
import { createFetchOnce } from '#stores/fetch-once.ts';

/** A fetch whose answers the test settles by hand, counting calls. */
function controlledFetch<T>() {
  const pending: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  const fetch = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { fetch, pending };
}

describe('a fetch-once store', () => {
  it('makes one request for many callers, and they all get its value', async () => {
    const { fetch, pending } = controlledFetch<string[]>();
    const store = createFetchOnce(fetch);
    expect(store.state.getState().status).toBe('idle');
    const callers = [store.load(), store.load(), store.load()];
    expect(store.state.getState().status).toBe('loading');
    expect(fetch).toHaveBeenCalledTimes(1);
    pending[0].resolve(['リネン', 'ギフト']);
    expect(await Promise.all(callers)).toEqual([
      ['リネン', 'ギフト'],
      ['リネン', 'ギフト'],
      ['リネン', 'ギフト'],
    ]);
    expect(store.state.getState()).toEqual({ status: 'filled', value: ['リネン', 'ギフト'], error: undefined });
  });

  it('skips the request once filled, by a load or by fill()', async () => {
    const loaded = createFetchOnce(vi.fn(async () => 1));
    await loaded.load();
    expect(await loaded.load()).toBe(1);
    expect(await loaded.load()).toBe(1);
    expect(loaded.state.getState().status).toBe('filled');

    const fetch = vi.fn(async () => ['fetched']);
    const filled = createFetchOnce(fetch);
    filled.fill(['from the page']);
    expect(await filled.load()).toEqual(['from the page']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('counts an empty list as filled (an empty answer is not fetched again)', async () => {
    const fetch = vi.fn(async () => [] as number[]);
    const store = createFetchOnce(fetch);
    await store.load();
    await store.load();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('after a failure every waiting caller gets the error, and the next load tries again', async () => {
    const { fetch, pending } = controlledFetch<string>();
    const store = createFetchOnce(fetch);
    const first = [store.load(), store.load()];
    const failure = new Error('network');
    pending[0].reject(failure);
    for (const p of first) await expect(p).rejects.toBe(failure);
    expect(store.state.getState()).toMatchObject({ status: 'failed', error: failure, value: undefined });

    const retry = store.load();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(store.state.getState()).toMatchObject({ status: 'loading', error: undefined });
    pending[1].resolve('ok');
    expect(await retry).toBe('ok');
    expect(await store.load()).toBe('ok');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps a value filled while the request was in flight', async () => {
    const { fetch, pending } = controlledFetch<string>();
    const store = createFetchOnce(fetch);
    const waiting = store.load();
    store.fill('rendered');
    pending[0].resolve('fetched later');
    expect(await waiting).toBe('rendered');
    expect(store.state.getState().value).toBe('rendered');
  });

  it('tells subscribers each change of state', async () => {
    const store = createFetchOnce(async () => 'v');
    const seen: string[] = [];
    store.state.subscribe((s) => seen.push(s.status));
    await store.load();
    expect(seen).toEqual(['loading', 'filled']);
  });
});
