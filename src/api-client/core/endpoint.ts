/**
 * Where the API lives and which channel we are, read without zod so the browser bundle stays small:
 * the layout's meta tags in the browser, the environment on the server. Nothing runs at import time.
 * src/lib/config.ts re-exports it under the names page and server code use.
 */

export interface ApiEndpoint {
  /** '' means the storefront's own origin. No trailing slash. */
  baseUrl: string;
  channelId: string;
}

export const DEFAULT_CHANNEL = 'default';
export const API_BASE_META = 'shop:api-base';
export const CHANNEL_META = 'shop:channel';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** True in a browser (a document exists); false on the server and in plain node tests. */
export function isBrowser(): boolean {
  return typeof document !== 'undefined' && typeof window !== 'undefined';
}

const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();

/** API base and channel from the layout's meta tags; missing tags mean same origin and 'default'. */
export function readBrowserEndpoint(): ApiEndpoint {
  return { baseUrl: trimSlash(meta(API_BASE_META) ?? ''), channelId: meta(CHANNEL_META) || DEFAULT_CHANNEL };
}

/** API base and channel from API_BASE_URL / PORT / CHANNEL (server). */
export function readServerEndpoint(env: Record<string, string | undefined> = globalThis.process?.env ?? {}): ApiEndpoint {
  return { baseUrl: trimSlash(env.API_BASE_URL || `http://127.0.0.1:${env.PORT || '4321'}`), channelId: env.CHANNEL || DEFAULT_CHANNEL };
}

/** API base and channel for wherever this code runs. */
export function readEndpoint(env?: Record<string, string | undefined>): ApiEndpoint {
  // Vite writes `false` for import.meta.env.SSR into the browser build, so the minifier drops the
  // server reader from every page's bundle; elsewhere (SSR, tests) the document decides.
  return import.meta.env.SSR === false || isBrowser() ? readBrowserEndpoint() : readServerEndpoint(env);
}
