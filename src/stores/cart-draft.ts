/**
 * The cart draft in browser storage (spec 4 "Cart": saved and restored). Apart from the cart store so
 * the cart and checkout pages, which never use it, do not carry its code and decoder in their first load.
 */

import { toCart } from '#api-client/cart/reshape.ts';
import { attempt, int, object, string } from '#api-client/core/guard.ts';
import { cartWire } from '#api-client/wire/cart.ts';
import { CART_DRAFT_STORAGE_KEY, lastCartWire, localStore, setLastCartWire, useCartStore } from './cart.ts';

const draftDecoder = object({ token: string, cart: cartWire, saved_at: int });

/** Saves the current cart (as the server sent it) with its token. */
export function saveCartDraft(): void {
  const { token } = useCartStore.getState();
  const wire = lastCartWire();
  if (token && wire) localStore()?.setItem(CART_DRAFT_STORAGE_KEY, JSON.stringify({ token, cart: wire, saved_at: Date.now() }));
}

/** Restores the saved draft into the cart store; false when there is none (or it is invalid). */
export function restoreCartDraft(): boolean {
  const raw = localStore()?.getItem(CART_DRAFT_STORAGE_KEY);
  if (!raw) return false;
  try {
    const draft = attempt(draftDecoder, JSON.parse(raw));
    if (!draft) return false;
    setLastCartWire(draft.cart);
    useCartStore.setState({ token: draft.token, cart: toCart(draft.cart) });
    return true;
  } catch {
    return false; // not JSON
  }
}

/** Forgets the saved draft (the store does this itself after an order is placed). */
export function clearCartDraft(): void {
  localStore()?.removeItem(CART_DRAFT_STORAGE_KEY);
}
