/**
 * The client's configuration: base URL, channel, fetch, navigation, token store, clock, timeout.
 * Defaults are resolved lazily on first use (never at import), so the module runs in Astro SSR:
 * there the base URL comes from env, there are no cookies and no redirects.
 */

import { clearCartCookies, clearSession, readSession, type StoredSession, writeSession } from './cookie-jar.ts';
import { isBrowser, readEndpoint } from './endpoint.ts';

export type { StoredSession } from './cookie-jar.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Where the access token lives: cookies in the browser, nowhere on the server. */
export interface TokenStore {
  read(): StoredSession | null;
  write(session: StoredSession): void;
  clear(): void;
}

export interface ClientOptions {
  /** API origin, '' for same origin. */
  baseUrl: string;
  channelId: string;
  fetch: FetchLike;
  /** How redirects happen (location.assign by default; Astro's navigate() or a test spy). */
  navigate: (url: string) => void;
  /** Current pathname, to avoid redirecting to the page we are on. */
  currentPath: () => string;
  tokens: TokenStore;
  /**
   * The guest purchase's session (非会員購入: an unregistered member from GET /v1/users/dummy), kept
   * apart from the member session so that the header, the member gate and the session store never
   * take a guest for a logged-in member. Sent as the bearer only when there is no member session.
   */
  guestTokens: TokenStore;
  now: () => number;
  timeoutMs: number;
  /** Clears the cart cookies when a session ends without keepCart (cookie-based by default). */
  clearCart: () => void;
}

const cookieTokens: TokenStore = { read: readSession, write: writeSession, clear: clearSession };
const noTokens: TokenStore = { read: () => null, write: () => {}, clear: () => {} };

/** Per tab, gone with it: a guest purchase does not outlive the tab that started it. */
const GUEST_SESSION_KEY = 'shop:guest-session';
const guestTokens: TokenStore = {
  read() {
    try {
      const v = JSON.parse(sessionStorage.getItem(GUEST_SESSION_KEY) ?? 'null') as Partial<StoredSession> | null;
      return v && typeof v.accessToken === 'string' && typeof v.expiresAt === 'number'
        ? { accessToken: v.accessToken, expiresAt: v.expiresAt }
        : null;
    } catch {
      return null;
    }
  },
  write(session) {
    try {
      sessionStorage.setItem(GUEST_SESSION_KEY, JSON.stringify(session));
    } catch {
      /* storage off: the guest flow cannot start */
    }
  },
  clear() {
    try {
      sessionStorage.removeItem(GUEST_SESSION_KEY);
    } catch {
      /* nothing stored */
    }
  },
};

export const DEFAULT_TIMEOUT_MS = 30_000;

let overrides: Partial<ClientOptions> = {};
let resolvedDefaults: ClientOptions | null = null;

function defaults(): ClientOptions {
  if (resolvedDefaults) return resolvedDefaults;
  const browser = isBrowser();
  const { baseUrl, channelId } = readEndpoint();
  resolvedDefaults = {
    baseUrl,
    channelId,
    fetch: (input, init) => globalThis.fetch(input, init),
    navigate: browser ? (url) => window.location.assign(url) : () => {},
    currentPath: browser ? () => window.location.pathname : () => '',
    tokens: browser ? cookieTokens : noTokens,
    guestTokens: browser ? guestTokens : noTokens,
    now: () => Date.now(),
    timeoutMs: DEFAULT_TIMEOUT_MS,
    clearCart: clearCartCookies,
  };
  return resolvedDefaults;
}

/** The effective options (defaults overlaid with configureClient's). */
export function options(): ClientOptions {
  return { ...defaults(), ...overrides };
}

/** Sets any client option (base URL, channel, fetch, navigate, token store, clock, timeout). */
export function configureClient(partial: Partial<ClientOptions>): void {
  overrides = { ...overrides, ...partial };
}

/** Forgets configureClient's options and the resolved defaults. */
export function resetOptions(): void {
  overrides = {};
  resolvedDefaults = null;
}

/** The effective base URL and channel (for code that builds links to the API). */
export function clientConfig(): { baseUrl: string; channelId: string } {
  const o = options();
  return { baseUrl: o.baseUrl, channelId: o.channelId };
}

/** The client's clock (injectable for tests). */
export function clientNow(): number {
  return options().now();
}

/** The current pathname as the client sees it ('' on the server). */
export function currentPath(): string {
  return options().currentPath();
}

/** A live guest purchase in this tab (src/api-client/account/guest.ts) and no member session beside it. */
export function isGuestCheckout(): boolean {
  const o = options();
  const guest = o.guestTokens.read();
  return !!guest && guest.expiresAt > o.now() && !o.tokens.read();
}
