/**
 * The お気に入り hearts (themes/default/components/FavoriteButton.astro). The HTML is shared-cacheable
 * and says nothing about the member; after load this marks the member's favourites from
 * GET /v1/me/likes?ids=…. A click toggles through POST/DELETE /v1/products/{id}/likes and then updates
 * every heart of that product on the page (spec 4) and tells other scripts and islands with a
 * `shop:favorite` event; a failure shows the server's message (spec 8); a guest is asked to log in.
 */
import { api, askLogin, CallError, isMember, toast } from './discovery/api.ts';

const SELECTOR = 'button[data-favorite]';
const LABEL_ON = 'お気に入りから削除';
const LABEL_OFF = 'お気に入りに追加';

export interface FavoriteChange {
  product_id: number;
  is_favorite: boolean;
}

/** Sets every heart of `productId` under `root` to `on`. */
export function markFavorite(productId: number, on: boolean, root: ParentNode = document): void {
  root.querySelectorAll<HTMLButtonElement>(`${SELECTOR}[data-product-id="${productId}"]`).forEach((b) => {
    b.setAttribute('aria-pressed', String(on));
    b.setAttribute('aria-label', on ? LABEL_ON : LABEL_OFF);
    b.title = on ? LABEL_ON : LABEL_OFF;
  });
}

const idsIn = (root: ParentNode) => [
  ...new Set([...root.querySelectorAll<HTMLButtonElement>(SELECTOR)].map((b) => Number(b.dataset.productId)).filter((n) => n > 0)),
];

/** Marks the member's favourites among the hearts under `root` (nothing for a guest). */
export async function loadFavorites(root: ParentNode = document): Promise<void> {
  const ids = idsIn(root);
  if (!ids.length || !isMember()) return;
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    try {
      const { product_ids } = await api<{ product_ids: number[] }>('GET', `/v1/me/likes?ids=${chunk.join(',')}`);
      const liked = new Set(product_ids);
      for (const id of chunk) markFavorite(id, liked.has(id), root);
    } catch {
      // A stale session or a network failure leaves the hearts unmarked; a click will say why.
    }
  }
}

async function toggle(button: HTMLButtonElement): Promise<void> {
  const id = Number(button.dataset.productId);
  if (!isMember()) {
    askLogin('お気に入りに追加する');
    return;
  }
  const on = button.getAttribute('aria-pressed') !== 'true';
  button.setAttribute('aria-busy', 'true');
  try {
    const result = await api<FavoriteChange>(on ? 'POST' : 'DELETE', `/v1/products/${id}/likes`);
    markFavorite(id, result.is_favorite);
    window.dispatchEvent(new CustomEvent<FavoriteChange>('shop:favorite', { detail: result }));
  } catch (e) {
    if (e instanceof CallError && e.status === 401) askLogin('お気に入りに追加する');
    else toast(e instanceof Error ? e.message : String(e));
  } finally {
    button.removeAttribute('aria-busy');
  }
}

/** One listener for every heart, including those other scripts render later. */
document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(SELECTOR);
  if (!button) return;
  event.preventDefault();
  void toggle(button);
});
// Hearts inside islands or lists rendered later ask for their state with this event.
window.addEventListener('shop:favorites-rendered', (e) => {
  void loadFavorites((e as CustomEvent<ParentNode | undefined>).detail ?? document);
});
void loadFavorites();
