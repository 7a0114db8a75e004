/**
 * Server-side use of the API client by on-demand pages: configures the client once for this
 * build's channel, and maps a failed call to what the page should do (spec 2 and 8).
 */
import { channel } from 'virtual:shop/theme';
import { ApiError, isChannelNotFound } from '../api-client/errors.ts';
import { configureClient } from '../api-client/http.ts';

/** Server renders should not hang on a slow API: fail fast and show the error page. */
const SSR_TIMEOUT_MS = 10_000;

let configured = false;

/** Binds the API client to the channel this build was made for (the theme and meta tags use it too). */
export function setupServerApi(): void {
  if (configured) return;
  configureClient({ channelId: channel, timeoutMs: SSR_TIMEOUT_MS });
  configured = true;
}

/**
 * On-demand catalogue pages hold no personal data (member state comes from header.js and islands),
 * so a shared cache may keep them a minute and serve stale while revalidating; browsers revalidate.
 */
const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Sets the page's Cache-Control: shared-cacheable when it rendered, never stored when it failed. */
export function setPageCaching(headers: Headers, failed: boolean): void {
  headers.set('Cache-Control', failed ? 'no-store' : PUBLIC_PAGE_CACHE);
}

export type ServerFailure = 'not-found' | 'invalid-channel' | 'maintenance' | 'error';

/** What a page does after a failed call: 404 page, invalid-channel layout, /maintenance/, or the error page. */
export function classifyFailure(error: unknown): ServerFailure {
  if (!(error instanceof ApiError)) return 'error';
  if (error.status === 503) return 'maintenance';
  if (error.status === 404 && (error.code === 'channel.not_exists' || isChannelNotFound(error.status, error.message))) return 'invalid-channel';
  if (error.status === 404 || error.status === 422) return 'not-found';
  return 'error';
}
