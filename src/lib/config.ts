/**
 * Where the API lives and which channel we are. The browser reads the two meta tags every layout
 * renders; the server (Astro SSR, content-sync) reads the environment. Nothing here runs at import
 * time, so the module is safe to import on either side.
 */
import { z } from 'zod';

export const apiConfigSchema = z.object({
  /** '' means the storefront's own origin (the one-process default). No trailing slash. */
  baseUrl: z.string(),
  channelId: z.string().min(1),
});
export type ApiConfig = z.infer<typeof apiConfigSchema>;

export const DEFAULT_CHANNEL = 'default';
export const API_BASE_META = 'shop:api-base';
export const CHANNEL_META = 'shop:channel';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** True in a browser (a document exists); false on the server and in plain node tests. */
export function isBrowser(): boolean {
  return typeof document !== 'undefined' && typeof window !== 'undefined';
}

function readMeta(name: string): string | null {
  const el = document.querySelector(`meta[name="${name}"]`);
  return el ? el.getAttribute('content') : null;
}

/** API base and channel from the layout's meta tags (browser). Missing tags fall back to same origin + 'default'. */
export function readBrowserConfig(): ApiConfig {
  const channel = readMeta(CHANNEL_META)?.trim();
  return { baseUrl: trimSlash(readMeta(API_BASE_META)?.trim() ?? ''), channelId: channel || DEFAULT_CHANNEL };
}

/** API base and channel from API_BASE_URL / PORT / CHANNEL (server). */
export function readServerConfig(env: Record<string, string | undefined> = globalThis.process?.env ?? {}): ApiConfig {
  const port = env.PORT || '4321';
  return {
    baseUrl: trimSlash(env.API_BASE_URL || `http://127.0.0.1:${port}`),
    channelId: env.CHANNEL || DEFAULT_CHANNEL,
  };
}

/** The config for wherever this code runs. */
export function readApiConfig(): ApiConfig {
  return isBrowser() ? readBrowserConfig() : readServerConfig();
}
