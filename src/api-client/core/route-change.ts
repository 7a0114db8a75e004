/** Redirects and route-change cancellation (spec 2: every route change, a page load here, cancels in-flight requests). */
import { options } from './options.ts';

let routeController: AbortController | null = null;
let lastRedirect: string | null = null;

/** Redirects through the configured navigate(), once per target until the next route change. */
export function navigateTo(url: string): void {
  const o = options();
  const path = url.split('?')[0];
  if (lastRedirect === url || o.currentPath() === path) return;
  lastRedirect = url;
  o.navigate(url);
}

/** Cancels every request started since the last route change (on `pagehide`, see bindRouteChangeAbort). */
export function abortInFlight(): void {
  routeController?.abort();
  routeController = null;
  lastRedirect = null;
}

/**
 * The site has no client router: a route change is a page load, and `pagehide` is the last moment
 * the old page runs. Aborting there means a navigation never runs the old page's handlers (spec 2
 * "every route change cancels requests still in flight"). Returns the unbind function.
 */
export function bindRouteChangeAbort(target: EventTarget = window): () => void {
  target.addEventListener('pagehide', abortInFlight);
  return () => target.removeEventListener('pagehide', abortInFlight);
}

let unbindRouteChange: (() => void) | undefined;

/** The signal of the current route; aborted by the next route change (bound on first use in a browser). */
export function routeSignal(): AbortSignal {
  if (!unbindRouteChange && typeof window === 'object') unbindRouteChange = bindRouteChangeAbort();
  routeController ??= new AbortController();
  return routeController.signal;
}

/** Forgets the route controller, the redirect guard and the pagehide binding (tests). */
export function resetNavigation(): void {
  unbindRouteChange?.();
  unbindRouteChange = undefined;
  routeController = null;
  lastRedirect = null;
}
