/**
 * Shop-wide navigation behaviour of spec 2 and 9 for a site without a client router (every route
 * change is a page load), loaded on every page by src/layouts/Default.astro:
 * - a chunk that fails to load reloads the page, at most once per 60 s (then a message instead);
 * - back/forward restores the previous scroll position after 500 ms (a new page starts at the top);
 * - in-page anchor links scroll smoothly for 700 ms and move focus to their target;
 * - same-origin links in view or under the pointer are prefetched once the page is idle (2 s at
 *   most), never on 2g or with data saver, never for member, cart or admin pages.
 * In-flight API requests are cancelled on `pagehide` by the API client itself (navigation.ts).
 * The pure parts are exported for tests/unit/shop-wide.test.ts; `startShopWide()` wires them.
 */
import {
  CHUNK_RELOAD_GUARD_MS, PREFETCH_IDLE_TIMEOUT_MS, PREFETCH_SKIPPED_CONNECTIONS, SCROLL_RESTORE_DELAY_MS, SMOOTH_SCROLL_MS,
} from '../lib/timing.ts';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const RELOAD_KEY = 'shop:chunk-reload';
const SCROLL_KEY = 'shop:scroll';
/** Links prefetched because they came into view; hover and focus add more. */
export const PREFETCH_VIEWPORT_MAX = 8;
/** Pages never prefetched: personal or stateful (login sync and verification act on load; logout anywhere in the path). */
const NO_PREFETCH = /^\/(cart|mypage|login|login_sync|verify|admin)(\/|$)|logout/;
const CHUNK_ERROR = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i;
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
  } catch { /* storage off: never reload, since the guard could not stop a loop */ }
  if (reload) location.reload();
  else showChunkMessage();
}

function showChunkMessage(): void {
  if (document.getElementById('chunk-error')) return;
  const box = document.createElement('div');
  box.id = 'chunk-error';
  box.setAttribute('role', 'alert');
  box.className = 'chunk-error';
  box.style.cssText = 'position:fixed;inset:auto 1rem 1rem;z-index:1000;padding:1rem;background:#fff;border:2px solid #b00020;border-radius:.5rem';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = '再読み込み';
  button.onclick = () => location.reload();
  box.append(CHUNK_MESSAGE, ' ', button);
  document.body.append(box);
}

// ---------------------------------------------------------------- scroll (spec 2)

/** Where each page was left, by path and query (the history entry's URL). */
function readPositions(store: KeyValueStore): Record<string, number> {
  try {
    const v = JSON.parse(store.getItem(SCROLL_KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Remembers the scroll position of a page (the newest 20 pages). */
export function saveScroll(store: KeyValueStore, key: string, y: number): void {
  const positions = readPositions(store);
  delete positions[key];
  positions[key] = Math.round(y);
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - 20))) delete positions[old];
  store.setItem(SCROLL_KEY, JSON.stringify(positions));
}

/** The saved position of a page, or null. */
export function savedScroll(store: KeyValueStore, key: string): number | null {
  const y = readPositions(store)[key];
  return typeof y === 'number' && Number.isFinite(y) && y > 0 ? y : null;
}

/** True when this page load came from the back or forward button. */
export function isBackForward(): boolean {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav?.type === 'back_forward';
}

/** Saves the position on leaving; on back/forward restores it after 500 ms. Returns the restore timer. */
export function bindScrollRestore(store: KeyValueStore, key: () => string): ReturnType<typeof setTimeout> | undefined {
  // We restore ourselves (after 500 ms, spec 9), so the browser must not do it first.
  history.scrollRestoration = 'manual';
  addEventListener('pagehide', () => saveScroll(store, key(), scrollY));
  const y = isBackForward() ? savedScroll(store, key()) : null;
  return y === null ? undefined : setTimeout(() => scrollTo(0, y), SCROLL_RESTORE_DELAY_MS);
}

// ---------------------------------------------------------------- smooth anchors (spec 9)

const easeInOut = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Scrolls to `target` in 700 ms (at once with reduced motion) and moves focus there. */
export function scrollToTarget(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex') && !target.matches('a[href],button,input,select,textarea')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  const from = scrollY;
  const to = from + target.getBoundingClientRect().top;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
    scrollTo(0, to);
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / SMOOTH_SCROLL_MS);
    scrollTo(0, from + (to - from) * easeInOut(t));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** The in-page target of a click on a link to `#id` of this page, or null. */
export function anchorTarget(link: HTMLAnchorElement, doc: Document): HTMLElement | null {
  const url = new URL(link.href, doc.baseURI);
  if (!url.hash || link.target || url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search) return null;
  return doc.getElementById(decodeURIComponent(url.hash.slice(1)));
}

function onAnchorClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return;
  const target = anchorTarget(link, document);
  if (!target) return;
  event.preventDefault();
  // Replace, not push: the hash shows where the reader is without adding history entries to step back through.
  history.replaceState(history.state, '', link.href);
  scrollToTarget(target);
}

// ---------------------------------------------------------------- prefetch (spec 9)

interface ConnectionInfo { saveData?: boolean; effectiveType?: string }

/** False on 2g (or slower) and with data saver on. */
export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  return !connection?.saveData && !PREFETCH_SKIPPED_CONNECTIONS.includes(connection?.effectiveType ?? '');
}

/** The URL to prefetch for a link, or null: same origin, another page, and not a personal or stateful page. */
export function prefetchUrl(link: HTMLAnchorElement, here: Location): string | null {
  if (link.hasAttribute('download') || (link.target && link.target !== '_self') || /\bnofollow\b/i.test(link.rel)) return null;
  let url: URL;
  try {
    url = new URL(link.href, here.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin || !/^https?:$/.test(url.protocol)) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  if (NO_PREFETCH.test(url.pathname)) return null;
  return url.pathname + url.search;
}

/** Adds `<link rel="prefetch">` for links in view (up to 8) and under the pointer or focus. */
export function startPrefetch(doc: Document): void {
  const done = new Set<string>();
  let inView = 0;
  const prefetch = (link: EventTarget | null, fromView = false): void => {
    const url = link instanceof HTMLAnchorElement ? prefetchUrl(link, location) : null;
    if (!url || done.has(url) || (fromView && inView >= PREFETCH_VIEWPORT_MAX)) return;
    if (!prefetchAllowed((navigator as Navigator & { connection?: ConnectionInfo }).connection)) return;
    done.add(url);
    if (fromView) inView++;
    const hint = doc.createElement('link');
    hint.rel = 'prefetch';
    hint.href = url;
    doc.head.append(hint);
  };
  const closestLink = (e: Event) => (e.target as Element | null)?.closest?.('a[href]') ?? null;
  doc.addEventListener('mouseover', (e) => prefetch(closestLink(e)), { passive: true });
  doc.addEventListener('focusin', (e) => prefetch(closestLink(e)));
  if (typeof IntersectionObserver === 'undefined') return;
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      seen.unobserve(entry.target);
      prefetch(entry.target, true);
    }
  });
  for (const link of doc.querySelectorAll('a[href]')) if (prefetchUrl(link as HTMLAnchorElement, location)) seen.observe(link);
}

/** Runs `work` when the browser is idle, within 2 s. */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  else setTimeout(work, PREFETCH_IDLE_TIMEOUT_MS);
}

// ---------------------------------------------------------------- wiring

/** Wires every behaviour above into the page (once). */
export function startShopWide(): void {
  addEventListener('vite:preloadError', (e) => {
    e.preventDefault();
    onChunkFailure();
  });
  addEventListener('unhandledrejection', (e) => { if (isChunkLoadError(e.reason)) onChunkFailure(); });
  addEventListener('error', (e) => { if (isChunkLoadError(e.error ?? e.message)) onChunkFailure(); });
  // Astro's island loader retries a failed import once and then reports it here.
  addEventListener('astro:hydration-error', (e) => { if (isChunkLoadError((e as CustomEvent<{ error?: unknown }>).detail?.error)) onChunkFailure(); });
  try {
    bindScrollRestore(sessionStorage, () => location.pathname + location.search);
  } catch { /* storage off: the browser's own restoration stays */ }
  document.addEventListener('click', onAnchorClick);
  whenIdle(() => startPrefetch(document));
}
