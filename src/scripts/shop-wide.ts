/**
 * Shop-wide navigation behaviour of spec 2 and 9 for a site without a client router (every route
 * change is a page load), loaded by src/layouts/Default.astro on every page but the cart and checkout
 * (which start only shop-wide-core.ts: they prefetch nothing and their JS budget is tight), with
 * shop-wide-core.ts (the chunk-failure reload and the scroll restore):
 * - in-page anchor links scroll smoothly for 700 ms and move focus to their target;
 * - same-origin links in view or under the pointer are prefetched once the page is idle (2 s at
 *   most), never on 2g or with data saver, never for member, cart, login or admin pages.
 * In-flight API requests are cancelled on `pagehide` by the API client itself (route-change.ts).
 * The pure parts are exported for tests/unit/shop-wide.test.ts; `startShopWide()` wires them.
 */
import { PREFETCH_IDLE_TIMEOUT_MS, PREFETCH_SKIPPED_CONNECTIONS, SMOOTH_SCROLL_MS } from '#lib/timing.ts';
import { startShopWideCore } from './shop-wide-core.ts';

export * from './shop-wide-core.ts';

/** Links prefetched because they came into view; hover and focus add more. */
export const PREFETCH_VIEWPORT_MAX = 8;
/** Pages never prefetched: personal or stateful (login sync and verification act on load; logout anywhere in the path). */
const NO_PREFETCH = /^\/(cart|mypage|login|login_sync|verify|admin)(\/|$)|logout/;

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
  if (!url.hash || link.target || url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search)
    return null;
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

interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

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

/** Wires every behaviour into the page (once): the core's, smooth anchors and idle prefetch. */
export function startShopWide(): void {
  startShopWideCore();
  document.addEventListener('click', onAnchorClick);
  whenIdle(() => startPrefetch(document));
}
