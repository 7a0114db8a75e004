/**
 * Where the product history is kept in the browser, apart from the history store itself: login
 * clears it (spec 4) on every page, including pages that never load the store and its storage
 * middleware (the login and checkout pages).
 */
export const HISTORY_STORAGE_KEY = 'shop:product-history';

/** Removes the stored history (storage disabled or absent: nothing to remove). */
export function clearStoredHistory(): void {
  try {
    if (typeof window !== 'undefined') window.localStorage.removeItem(HISTORY_STORAGE_KEY);
  } catch {
    // storage disabled by the browser
  }
}
