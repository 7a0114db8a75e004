/** Loading states (spec 9): the theme's spinner and the 200 ms hold that keeps it from flickering. */
// @vitest-environment jsdom

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Loading from '#islands/common/Loading.tsx';
import { useMinimumLoading } from '#islands/common/useMinimumLoading.ts';
import { holdRemaining, LOADER_SHOW_DELAY_MS } from '#lib/loading-hold.ts';
import { MIN_FETCH_MS as DATA_FETCH_MIN_MS } from '#lib/timing.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the hold (spec 9: data fetch held at least 200 ms to avoid loading flicker)', () => {
  it('holds nothing when the loader never appeared', () => {
    expect(holdRemaining(0)).toBe(0);
    expect(holdRemaining(LOADER_SHOW_DELAY_MS - 1)).toBe(0);
  });

  it('keeps a loader that appeared for 200 ms', () => {
    expect(DATA_FETCH_MIN_MS).toBe(200);
    expect(holdRemaining(LOADER_SHOW_DELAY_MS)).toBe(200);
    expect(holdRemaining(250)).toBe(LOADER_SHOW_DELAY_MS + 200 - 250);
    expect(holdRemaining(LOADER_SHOW_DELAY_MS + 200)).toBe(0);
    expect(holdRemaining(5000)).toBe(0);
  });

  it('the loader stylesheet waits the same 100 ms before the spinner appears', () => {
    const css = readFileSync(path.join(root, 'themes/default/loaders/loader.css'), 'utf8');
    expect(css).toMatch(new RegExp(`animation: loader-appear 0s linear ${LOADER_SHOW_DELAY_MS}ms forwards`));
  });
});

describe('Loading', () => {
  it('is a status with the spinner hidden from assistive technology and 「読み込み中」 for screen readers', () => {
    const html = renderToStaticMarkup(<Loading />);
    expect(html).toContain('role="status"');
    expect(html).toMatch(/<span class="spinner" aria-hidden="true">/);
    expect(html).toContain('<span class="visually-hidden">読み込み中</span>');
  });

  it('shows a specific label in sight', () => {
    expect(renderToStaticMarkup(<Loading label="ご注文を確定しています…" />)).toContain(
      '<span class="loader-label">ご注文を確定しています…</span>',
    );
  });
});

describe('useMinimumLoading', () => {
  let container: HTMLDivElement;
  let rootEl: Root;
  const seen: boolean[] = [];
  function Probe({ loading }: { loading: boolean }) {
    const shown = useMinimumLoading(loading);
    seen.push(shown);
    return <p>{shown ? 'loading' : 'done'}</p>;
  }
  const render = (loading: boolean) => act(() => rootEl.render(<Probe loading={loading} />));
  const text = () => container.textContent;

  beforeEach(() => {
    vi.useFakeTimers();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    rootEl = createRoot(container);
    seen.length = 0;
  });
  afterEach(() => {
    act(() => rootEl.unmount());
    vi.useRealTimers();
  });

  it('ends at once when loading ended before the loader appeared', () => {
    render(true);
    vi.advanceTimersByTime(50);
    render(false);
    expect(text()).toBe('done');
  });

  it('keeps reporting loading until the loader has shown 200 ms, without a frame of content between', () => {
    render(true);
    vi.advanceTimersByTime(150);
    render(false);
    expect(text()).toBe('loading');
    expect(seen.at(-1)).toBe(true);
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(text()).toBe('loading');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(text()).toBe('done');
    // Never "done" before the final switch: no flicker.
    expect(seen.indexOf(false)).toBe(seen.length - 1);
  });
});
