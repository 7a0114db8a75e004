// @vitest-environment jsdom
/**
 * The shop-wide navigation rules (spec 2 and 9): chunk-reload guard, scroll restore after 500 ms,
 * smooth anchors moving focus, idle link prefetch and its link filter, and the API client aborting
 * in-flight requests when the page goes away.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api-client/core/errors.ts';
import { configureClient, request, resetClient } from '#api-client/core/http.ts';
import { asLoadTask, pendingLoadTasks } from '#lib/load-tasks.ts';
import {
  bindScrollRestore,
  claimChunkReload,
  isChunkLoadError,
  PREFETCH_VIEWPORT_MAX,
  prefetchAllowed,
  prefetchUrl,
  savedScroll,
  saveScroll,
  scrollToTarget,
  startPrefetch,
  whenIdle,
} from '#scripts/shop-wide.ts';
import { fakeFetch, hangingResponse, memoryTokens } from './fake-api.ts';

/** A Storage-like map. */
function memoryStore(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

function link(href: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  document.body.append(a);
  return a;
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('chunk-load failure: the page reloads at most once per minute', () => {
  it('recognises failed dynamic imports in Chromium, Safari and Firefox wording and webpack-style ChunkLoadError', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/_astro/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/_astro/a.js'))).toBe(true);
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'Loading chunk 3 failed' })).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module: /_astro/a.js')).toBe(true);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads the first time, not again within 60 s, and again after 60 s', () => {
    const store = memoryStore();
    const t0 = 1_700_000_000_000;
    expect(claimChunkReload(store, t0)).toBe(true);
    expect(claimChunkReload(store, t0 + 1_000)).toBe(false);
    expect(claimChunkReload(store, t0 + 59_999)).toBe(false);
    expect(claimChunkReload(store, t0 + 60_000)).toBe(true);
    expect(claimChunkReload(store, t0 + 60_001)).toBe(false);
  });

  it('a stamp from the future (clock moved back) does not block forever', () => {
    const store = memoryStore();
    store.setItem('shop:chunk-reload', String(2_000_000_000_000));
    expect(claimChunkReload(store, 1_700_000_000_000)).toBe(true);
  });
});

describe('scroll: back navigation restores the previous position after 500 ms', () => {
  const backForward = (type: string) =>
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as unknown as PerformanceEntry]);

  it('saves the position of each page by path and query', () => {
    const store = memoryStore();
    saveScroll(store, '/news/', 900.4);
    saveScroll(store, '/news/?page=2', 300);
    expect(savedScroll(store, '/news/')).toBe(900);
    expect(savedScroll(store, '/news/?page=2')).toBe(300);
    expect(savedScroll(store, '/blog/')).toBeNull();
  });

  it('on back/forward scrolls to the saved position after 500 ms, not before', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    saveScroll(store, '/product/', 1234);
    backForward('back_forward');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    bindScrollRestore(store, () => '/product/');
    expect(history.scrollRestoration).toBe('manual');
    await vi.advanceTimersByTimeAsync(499);
    expect(scrollTo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 1234);
  });

  it('waits for the load tasks in flight (checked every 200 ms), and gives up on them after 5 s', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    saveScroll(store, '/cart/', 300);
    saveScroll(store, '/list/', 900);
    backForward('back_forward');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    let finish!: () => void;
    const load = asLoadTask(
      () =>
        new Promise<void>((r) => {
          finish = r;
        }),
    );
    expect(pendingLoadTasks()).toBe(1);
    bindScrollRestore(store, () => '/cart/');
    await vi.advanceTimersByTimeAsync(500 + 600);
    expect(scrollTo).not.toHaveBeenCalled();
    finish();
    await load;
    expect(pendingLoadTasks()).toBe(0);
    await vi.advanceTimersByTimeAsync(199);
    expect(scrollTo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 300);

    scrollTo.mockClear();
    let finishSlow!: () => void;
    const slow = asLoadTask(
      () =>
        new Promise<void>((r) => {
          finishSlow = r;
        }),
    );
    bindScrollRestore(store, () => '/list/');
    await vi.advanceTimersByTimeAsync(500 + 4_999);
    expect(scrollTo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(scrollTo).toHaveBeenCalledWith(0, 900);
    finishSlow();
    await slow;
    expect(pendingLoadTasks()).toBe(0);
  });

  it('a normal navigation starts at the top (nothing restored)', () => {
    vi.useFakeTimers();
    const store = memoryStore();
    saveScroll(store, '/product/', 1234);
    backForward('navigate');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    expect(bindScrollRestore(store, () => '/product/')).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('saves the position when the page is left', () => {
    const store = memoryStore();
    backForward('navigate');
    bindScrollRestore(store, () => '/blog/');
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    window.dispatchEvent(new Event('pagehide'));
    expect(savedScroll(store, '/blog/')).toBe(640);
  });
});

describe('smooth scroll to in-page anchors', () => {
  it('moves focus to the target (made focusable) and jumps with reduced motion', () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const section = document.createElement('section');
    section.id = 'faq-2';
    document.body.append(section);
    scrollToTarget(section);
    expect(section.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(section);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('animates over 700 ms with requestAnimationFrame when motion is allowed', () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.push(cb);
      return frames.length;
    });
    const now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const target = document.createElement('h2');
    document.body.append(target);
    vi.spyOn(target, 'getBoundingClientRect').mockReturnValue({ top: 700 } as DOMRect);
    scrollToTarget(target);
    frames.shift()!(now + 350);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 350);
    expect(frames).toHaveLength(1);
    frames.shift()!(now + 700);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 700);
    expect(frames).toHaveLength(0);
  });
});

describe('link prefetch', () => {
  it('is skipped on 2g, slow-2g and with data saver', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('takes other same-origin pages, never member, cart, login, admin or logout pages', () => {
    const here = window.location;
    expect(prefetchUrl(link('/product/abc/'), here)).toBe('/product/abc/');
    expect(prefetchUrl(link('/news/?page=2'), here)).toBe('/news/?page=2');
    for (const href of [
      '/cart/',
      '/cart/confirm/',
      '/mypage/',
      '/mypage/point/',
      '/login/',
      '/login_sync/',
      '/verify/email/',
      '/admin/',
      '/mypage/logout/',
      '/logout',
    ]) {
      expect(prefetchUrl(link(href), here), href).toBeNull();
    }
  });

  it('skips links that download, open elsewhere, are nofollow, leave the site or point at this page', () => {
    const here = window.location;
    expect(prefetchUrl(link('/files/a.pdf', { download: '' }), here)).toBeNull();
    expect(prefetchUrl(link('/product/', { target: '_blank' }), here)).toBeNull();
    expect(prefetchUrl(link('/product/', { rel: 'nofollow' }), here)).toBeNull();
    expect(prefetchUrl(link('https://example.org/product/'), here)).toBeNull();
    expect(prefetchUrl(link('mailto:shop@example.jp'), here)).toBeNull();
    expect(prefetchUrl(link(`${here.pathname}${here.search}#top`), here)).toBeNull();
    expect(prefetchUrl(link('/product/', { target: '_self' }), here)).toBe('/product/');
  });

  it('waits for idle time, at most 2 s', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(1999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledOnce();
  });

  const hints = () => [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href'));

  it('adds one prefetch hint per page on hover or focus', () => {
    startPrefetch(document);
    const a = link('/blog/');
    const b = link('/cart/');
    a.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    b.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(hints()).toEqual(['/blog/']);
  });

  it('adds nothing with data saver on', () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true });
    try {
      startPrefetch(document);
      link('/blog/').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      expect(hints()).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });

  it(`prefetches at most ${PREFETCH_VIEWPORT_MAX} links that come into view`, () => {
    const observed: Element[] = [];
    let callback: IntersectionObserverCallback = () => {};
    class FakeObserver {
      constructor(cb: IntersectionObserverCallback) {
        callback = cb;
      }
      observe(el: Element) {
        observed.push(el);
      }
      unobserve() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    try {
      for (let i = 0; i < 12; i++) link(`/product/p${i}/`);
      link('/mypage/');
      startPrefetch(document);
      expect(observed).toHaveLength(12);
      callback(
        observed.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
      expect(hints()).toHaveLength(PREFETCH_VIEWPORT_MAX);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a route change cancels requests still in flight (spec 2)', () => {
  it('pagehide aborts the API calls of the page being left, silently', async () => {
    resetClient();
    const api = fakeFetch(hangingResponse);
    configureClient({
      baseUrl: 'http://api.test',
      channelId: 'outlet',
      fetch: api.fetch,
      tokens: memoryTokens(null),
      navigate: vi.fn(),
      timeoutMs: 10_000,
    });
    const pending = request('GET', '/v1/products').catch((e: unknown) => e);
    await Promise.resolve();
    window.dispatchEvent(new Event('pagehide'));
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'client.aborted', ignored: true });
    resetClient();
  });
});
