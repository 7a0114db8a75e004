/**
 * Server-side use of the API client by on-demand pages: configures the client once for this
 * build's channel. What a page does with a failed call lives in src/lib/page-loader.ts.
 */
import { channel } from 'virtual:shop/theme';
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
