/**
 * Browsing history on the product page (themes/default/components/RecentlyViewed.astro): after load
 * the view is recorded (POST /v1/product-histories), and when the 「最近チェックした商品」 shelf comes
 * into view it is filled from the member's or the guest's history, without the current product.
 *
 * A guest's history is keyed by a random token kept in localStorage (`guest_history`), not the cart
 * token: the cart token changes when an order is placed, the history should not. A member's views go
 * to the member history; seeing a member session drops the guest token, so a login clears the local
 * product history (spec 4) and the guest history is not merged.
 */
import { api, isMember, whenVisible } from './discovery/api.ts';
import { type CardProduct, fillShelf } from './discovery/cards.ts';

export const GUEST_HISTORY_KEY = 'guest_history';
/** Spec 9: the current history shows at most 10 (HISTORY_CURRENT_MAX of contracts/discovery.ts, not imported: zod). */
const HISTORY_CURRENT_MAX = 10;

/** The guest's history token, created on first use; null for a member (and the guest token is dropped). */
export function guestToken(create: boolean): string | null {
  try {
    if (isMember()) {
      localStorage.removeItem(GUEST_HISTORY_KEY);
      return null;
    }
    let token = localStorage.getItem(GUEST_HISTORY_KEY);
    if (!token && create) {
      token = crypto.randomUUID().replaceAll('-', '');
      localStorage.setItem(GUEST_HISTORY_KEY, token);
    }
    return token;
  } catch {
    return null; // storage refused (private mode): no guest history
  }
}

interface HistoryItem {
  id: number;
  product_id: number;
  product: CardProduct;
}

async function record(productId: number): Promise<void> {
  const token = guestToken(true);
  if (!isMember() && !token) return;
  await api('POST', '/v1/product-histories', { body: token ? { product_id: productId, token } : { product_id: productId } });
}

async function show(section: HTMLElement, currentId: number): Promise<void> {
  const token = guestToken(false);
  const per = HISTORY_CURRENT_MAX + 1;
  const path = isMember()
    ? `/v1/me/product-histories?per=${per}`
    : token
      ? `/v1/guest/product-histories?per=${per}&token=${encodeURIComponent(token)}`
      : null;
  if (!path) return;
  const items = await api<HistoryItem[]>('GET', path);
  fillShelf(
    section,
    items
      .filter((h) => h.product_id !== currentId)
      .slice(0, HISTORY_CURRENT_MAX)
      .map((h) => h.product),
  );
}

function start(section: HTMLElement): void {
  const currentId = Number(section.dataset.currentProductId);
  // The view is recorded first, so a visitor who scrolls down at once sees the history without this product either way.
  const recorded = currentId > 0 ? record(currentId).catch(() => {}) : Promise.resolve();
  whenVisible(section, () => {
    void recorded.then(() => show(section, currentId)).catch(() => {});
  });
}

const sections = document.querySelectorAll<HTMLElement>('[data-recently-viewed]');
if (document.readyState === 'complete') sections.forEach(start);
else addEventListener('load', () => sections.forEach(start), { once: true });
