/**
 * Server-side use of the API client by on-demand pages: configures the client once for this
 * build's channel. What a page does with a failed call lives in src/lib/page-loader.ts.
 */
import { channel } from 'virtual:shop/theme';
import { configureClient, type FetchLike } from '#api-client/core/http.ts';

/** Server renders should not hang on a slow API: fail fast and show the error page. */
const SSR_TIMEOUT_MS = 10_000;

let configured = false;

/**
 * Server renders call the Shop API over loopback (same process or host): asking for an uncompressed
 * answer saves compressing it there and decompressing it here, which cost a tenth of the CPU of
 * each rendered page. An API on another host keeps the default negotiation.
 */
const loopbackFetch: FetchLike = (input, init) => {
  if (!/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(input)) return fetch(input, init);
  const headers = new Headers(init.headers);
  headers.set('accept-encoding', 'identity');
  return fetch(input, { ...init, headers });
};

/** Binds the API client to the channel this build was made for (the theme and meta tags use it too). */
export function setupServerApi(): void {
  if (configured) return;
  configureClient({ channelId: channel, timeoutMs: SSR_TIMEOUT_MS, fetch: loopbackFetch });
  configured = true;
}
