/**
 * The cross-tab wait of spec 9 (cart token and login check polled every 100 ms, given up after 3 s).
 * Tabs share the cookies, so two tabs that both create something the cookies then hold (a new
 * visitor's cart, a refreshed token) must not do it at once: the second waits for the first one's.
 */

import { pollUntil } from './poll.ts';
import { SESSION_POLL_INTERVAL_MS, SESSION_POLL_TIMEOUT_MS } from './timing.ts';

/** The marker of a new visitor's cart init (the cart store's init and the product page's add). */
export const CART_INIT_KEY = 'shop:cart-init';

/**
 * Runs `run` unless another tab of this browser is doing the same under `key`: then `ready` is
 * polled every 100 ms (spec 9, cart token and login check) until it says the other tab's result is
 * in the cookies (at once when it already is), giving up after 3 s, and `run` runs after that.
 * Otherwise `run` holds the marker: a Web Lock taken only if free, or (no Web Locks: an insecure
 * page) a timestamp in localStorage that counts for 3 s, so a tab closed halfway holds nobody up.
 */
export async function oneTabAtATime<T>(key: string, ready: () => boolean, run: () => Promise<T>): Promise<T> {
  const wait = async (): Promise<T> => {
    await pollUntil(() => ready() || null, SESSION_POLL_INTERVAL_MS, SESSION_POLL_TIMEOUT_MS);
    return run();
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) return locks.request(key, { ifAvailable: true }, (lock) => (lock ? run() : wait()));
  let store: Storage | null = null;
  try {
    store = localStorage;
    if (Date.now() - parseInt(store.getItem(key) ?? '0', 10) < SESSION_POLL_TIMEOUT_MS) return wait();
    // localStorage has no compare-and-set, and Chromium passes a write to other tabs' processes a
    // little later: two tabs can both find it free. Each writes its own value, and after one poll
    // interval only the tab whose value is still there goes on; the other waits for it. (Two tabs
    // within that delay of each other can still both go on: only Web Locks are exact.)
    const mine = `${Date.now()}:${Math.random()}`;
    store.setItem(key, mine);
    await new Promise((r) => setTimeout(r, SESSION_POLL_INTERVAL_MS));
    if (store.getItem(key) !== mine) return wait();
  } catch {
    // no storage (or full): nothing to coordinate with
  }
  try {
    return await run();
  } finally {
    store?.removeItem(key);
  }
}
