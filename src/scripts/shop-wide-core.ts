/**
 * The core of the shop-wide navigation behaviour (src/scripts/shop-wide.ts adds anchors and prefetch),
 * a module of its own so the cart and checkout pages load just this (src/layouts/Default.astro; its code
 * sits in the page-kit chunk those pages load anyway, astro.config.mjs):
 * - a chunk that fails to load reloads the page, at most once per 60 s (then a message instead);
 * - back/forward restores the previous scroll position after 500 ms (a new page starts at the top).
 */

import { pendingLoadTasks } from '#lib/load-tasks.ts';
import { pollUntil } from '#lib/poll.ts';
import { CHUNK_RELOAD_GUARD_MS, SCROLL_RESTORE_DELAY_MS, TASK_POLL_INTERVAL_MS, TASK_POLL_TIMEOUT_MS } from '#lib/timing.ts';
import { pushPageView } from './page-view.ts';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const RELOAD_KEY = 'shop:chunk-reload';
const SCROLL_KEY = 'shop:scroll:';
/** Chromium and Firefox ('… dynamically imported module'), Safari, and bundlers' ChunkLoadError. */
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|ChunkLoadError/i;
export const CHUNK_MESSAGE = 'ページの読み込みに失敗しました。再読み込みしてください。';

// ---------------------------------------------------------------- chunk-load failure (spec 8)

/** True when an error or rejection reason is a script chunk that could not be loaded. */
export function isChunkLoadError(reason: unknown): boolean {
  const r = reason as { name?: unknown; message?: unknown } | null | undefined;
  return CHUNK_ERROR.test(typeof reason === 'string' ? reason : `${r?.name ?? ''} ${r?.message ?? ''}`);
}

/** The reload guard: true (and remembered) unless the page already reloaded for this in the last 60 s. */
export function claimChunkReload(store: KeyValueStore, now: number): boolean {
  const last = Number(store.getItem(RELOAD_KEY));
  if (last > 0 && now >= last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  store.setItem(RELOAD_KEY, String(now));
  return true;
}

/** Reloads once, or shows why the page is incomplete when it already did within the minute. */
function onChunkFailure(): void {
  let reload = false;
  try {
    reload = claimChunkReload(sessionStorage, Date.now());
  } catch {
    /* storage off: never reload, since the guard could not stop a loop */
  }
  if (reload) location.reload();
  else showChunkMessage();
}

function showChunkMessage(): void {
  if (document.getElementById('chunk-error')) return;
  const box = document.createElement('div');
  box.id = 'chunk-error';
  box.setAttribute('role', 'alert');
  box.style.cssText = 'position:fixed;inset:auto 1rem 1rem;z-index:1000;padding:1rem;background:#fff;border:2px solid';
  const button = document.createElement('button');
  button.textContent = '再読み込み';
  button.onclick = () => location.reload();
  box.append(CHUNK_MESSAGE, button);
  document.body.append(box);
}

// ---------------------------------------------------------------- scroll (spec 2)

/** Remembers where a page was left, by path and query (the history entry's URL). */
export function saveScroll(store: KeyValueStore, key: string, y: number): void {
  store.setItem(SCROLL_KEY + key, String(Math.round(y)));
}

/** The saved position of a page, or null. */
export function savedScroll(store: KeyValueStore, key: string): number | null {
  const y = Number(store.getItem(SCROLL_KEY + key));
  return y > 0 ? y : null;
}

/** True when this page load came from the back or forward button. */
export function isBackForward(): boolean {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav?.type === 'back_forward';
}

/**
 * Saves the position on leaving; on back/forward restores it after 500 ms, once the page's load tasks
 * are done (checked every 200 ms, given up after 5 s: spec 9). Returns the restore timer.
 */
export function bindScrollRestore(store: KeyValueStore, key: () => string): ReturnType<typeof setTimeout> | undefined {
  // We restore ourselves (after 500 ms, spec 9), so the browser must not do it first.
  history.scrollRestoration = 'manual';
  addEventListener('pagehide', () => saveScroll(store, key(), scrollY));
  const y = isBackForward() ? savedScroll(store, key()) : null;
  return y === null
    ? undefined
    : setTimeout(() => {
        void pollUntil(() => (pendingLoadTasks() ? null : true), TASK_POLL_INTERVAL_MS, TASK_POLL_TIMEOUT_MS).then(() => scrollTo(0, y));
      }, SCROLL_RESTORE_DELAY_MS);
}

// ---------------------------------------------------------------- wiring

/** Wires the chunk-failure reload and the scroll restore into the page (once), and pushes its page_view. */
export function startShopWideCore(): void {
  void pushPageView();
  addEventListener('vite:preloadError', (e) => {
    e.preventDefault();
    onChunkFailure();
  });
  addEventListener('unhandledrejection', (e) => {
    if (isChunkLoadError(e.reason)) onChunkFailure();
  });
  // Astro's island loader retries a failed import once and then reports it here.
  addEventListener('astro:hydration-error', (e) => {
    if (isChunkLoadError((e as CustomEvent<{ error?: unknown }>).detail?.error)) onChunkFailure();
  });
  try {
    bindScrollRestore(sessionStorage, () => location.pathname + location.search);
  } catch {
    /* storage off: the browser's own restoration stays */
  }
}
