/**
 * GA4 page_view on `window.dataLayer` (spec 9), for every page: apart from ./data-layer.ts (the
 * e-commerce events) so that a content page loads only these few lines.
 */
import { pollUntil } from '#lib/poll.ts';
import { TRACKING_TITLE_POLL_INTERVAL_MS, TRACKING_TITLE_POLL_TIMEOUT_MS } from '#lib/timing.ts';

let pageViewed = false;

/**
 * Pushes page_view once per page load, with the page's title: document.title is checked every 200 ms
 * for up to 1 s (spec 9 "tracking title check"), then the view is pushed with whatever title there is.
 */
export async function pushPageView(): Promise<void> {
  if (pageViewed) return;
  pageViewed = true;
  const title = await pollUntil(() => document.title || null, TRACKING_TITLE_POLL_INTERVAL_MS, TRACKING_TITLE_POLL_TIMEOUT_MS);
  const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
  (w.dataLayer ??= []).push({ event: 'page_view', page_title: title ?? '', page_location: location.href });
}
