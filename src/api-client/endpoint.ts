/**
 * Where the API lives and which channel we are, read without zod so the browser bundle stays small.
 * Same sources as src/lib/config.ts: the layout's meta tags in the browser, the environment on the
 * server. Nothing runs at import time.
 */

export interface ApiEndpoint {
  /** '' means the storefront's own origin. No trailing slash. */
  baseUrl: string;
  channelId: string;
}

const DEFAULT_CHANNEL = 'default';
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** True in a browser (a document exists); false on the server and in plain node tests. */
export function isBrowser(): boolean {
  return typeof document !== 'undefined' && typeof window !== 'undefined';
}

const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();

/** API base and channel for wherever this code runs. */
export function readEndpoint(env: Record<string, string | undefined> = globalThis.process?.env ?? {}): ApiEndpoint {
  if (isBrowser()) return { baseUrl: trimSlash(meta('shop:api-base') ?? ''), channelId: meta('shop:channel') || DEFAULT_CHANNEL };
  return { baseUrl: trimSlash(env.API_BASE_URL || `http://127.0.0.1:${env.PORT || '4321'}`), channelId: env.CHANNEL || DEFAULT_CHANNEL };
}
