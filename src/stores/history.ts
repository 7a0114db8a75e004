/**
 * The current product-browsing history kept in the browser (spec 4 "History"): de-duplicated by
 * product_id, newest first, at most 10. Persisted in localStorage and re-decoded on load (with the
 * client's small decoders, not zod: the login page imports this store), so a stale or tampered
 * entry is dropped rather than rendered.
 */
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { attempt, int, object } from '#api-client/core/guard.ts';
import { onSessionEvent } from '#api-client/core/refresh.ts';
import type { Product } from '#api-client/core/types.ts';
import { productWire } from '#api-client/wire/product.ts';
import { HISTORY_STORAGE_KEY } from './history-key.ts';

export { HISTORY_STORAGE_KEY };
export const HISTORY_MAX = 10;

const historyItemDecoder = object({ product_id: int, product: productWire });
/** One viewed product. */
export interface HistoryItem {
  product_id: number;
  product: Product;
}

/** Puts `item` first, removes older entries of the same product, keeps the newest `max`. */
export function pushHistory(items: readonly HistoryItem[], item: HistoryItem, max = HISTORY_MAX): HistoryItem[] {
  return [item, ...items.filter((i) => i.product_id !== item.product_id)].slice(0, max);
}

/** Valid entries only, de-duplicated and capped (used when loading from storage). */
export function sanitizeHistory(raw: unknown): HistoryItem[] {
  if (!Array.isArray(raw)) return [];
  const valid = raw.flatMap((r) => {
    const item = attempt(historyItemDecoder, r);
    return item ? [item] : [];
  });
  return valid.reduceRight<HistoryItem[]>((acc, item) => pushHistory(acc, item), []);
}

const memory = new Map<string, string>();
const memoryStorage: StateStorage = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => {
    memory.set(k, v);
  },
  removeItem: (k) => {
    memory.delete(k);
  },
};

/** localStorage in the browser, a throwaway map on the server (no browser global at import). */
function storage(): StateStorage {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : memoryStorage;
  } catch {
    return memoryStorage; // storage disabled
  }
}

interface HistoryState {
  items: HistoryItem[];
  /** Records a viewed product. */
  add: (product: Product) => void;
  /** Sets is_favorite on the product wherever it appears (spec 4 "Favourites"). */
  setFavorite: (productId: number, isFavorite: boolean) => void;
  clear: () => void;
}

export const useHistoryStore = create<HistoryState>()(
  persist(
    (set, get) => ({
      items: [],
      add(product) {
        set({ items: pushHistory(get().items, { product_id: product.id, product }) });
      },
      setFavorite(productId, isFavorite) {
        set({
          items: get().items.map((i) => (i.product_id === productId ? { ...i, product: { ...i.product, is_favorite: isFavorite } } : i)),
        });
      },
      clear() {
        set({ items: [] });
      },
    }),
    {
      name: HISTORY_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(storage),
      partialize: (s) => ({ items: s.items }),
      merge: (persisted, current) => ({ ...current, items: sanitizeHistory((persisted as { items?: unknown } | undefined)?.items) }),
    },
  ),
);

/** Clears the local history (login success does this, spec 4). */
export function clearLocalHistory(): void {
  useHistoryStore.getState().clear();
}

// Spec 4: a successful login clears the local history. The session store removes the stored copy;
// a page that has this store loaded clears its items too, so they are not written back.
onSessionEvent((e) => {
  if (e.type === 'token' && e.source === 'login') clearLocalHistory();
});
