/** Redirects and route-change cancellation (spec 2: every route change cancels in-flight requests). */
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

/** Cancels every request started since the last route change (call on `astro:before-preparation`). */
export function abortInFlight(): void {
  routeController?.abort();
  routeController = null;
  lastRedirect = null;
}

/** Wires abortInFlight to Astro's client router; returns the unbind function. */
export function bindRouteChangeAbort(target: EventTarget = document): () => void {
  target.addEventListener('astro:before-preparation', abortInFlight);
  return () => target.removeEventListener('astro:before-preparation', abortInFlight);
}

/** The signal of the current route; aborted by the next route change. */
export function routeSignal(): AbortSignal {
  routeController ??= new AbortController();
  return routeController.signal;
}

/** Forgets the route controller and the redirect guard (tests). */
export function resetNavigation(): void {
  routeController = null;
  lastRedirect = null;
}
