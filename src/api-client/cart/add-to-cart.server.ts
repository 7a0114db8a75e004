/**
 * 「カートに入れる」 as one call, shared by the product page's plain form endpoint (server) and its
 * enhancement script (browser): a cart is created when the visitor has none, an expired cart is
 * replaced by a new one and the add retried once, and a product-not-found / not-for-sale answer
 * resets the cart (spec 8). The caller writes the cookies of the cart it gets back.
 */

import type { CartAddProductRequest } from '#contracts/cart.ts';
import { ApiError, CART_EXPIRED_CODE, isProductNotFoundCode } from '../core/errors.ts';
import { addCartProduct, type CartResult, initCart } from './cart.ts';

export interface AddToCartInput {
  productId: number;
  quantity: number;
  /** The visitor's cart token (cookie), null when they have none. */
  token: string | null;
  /** 「名入れ刺繍をする」 with what was typed or chosen, unchecked here: the API checks it (422 by field). */
  embroidery?: EmbroideryFields | null;
}

/** The embroidery as the product page's form posts it. */
export interface EmbroideryFields {
  text: string;
  font: string;
  color: string;
}

/** The form's embroidery when 「名入れ刺繍をする」 is ticked (`embroidery=1`), else null. */
export function parseEmbroidery(form: { get(name: string): unknown } | null): EmbroideryFields | null {
  if (form?.get('embroidery') !== '1') return null;
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.slice(0, 200) : '';
  };
  return { text: field('embroidery_text'), font: field('embroidery_font'), color: field('embroidery_color') };
}

export type AddToCartOutcome =
  | { ok: true; cart: CartResult }
  /** `cart`: the cart the visitor has now (a reset one after product-not-found), when known. */
  | { ok: false; error: unknown; cart: CartResult | null };

/** Quantities the form offers and the API accepts (1–99). */
export function parseQuantity(raw: unknown): number | null {
  const n = typeof raw === 'string' && /^\d{1,2}$/.test(raw.trim()) ? Number(raw) : NaN;
  return n >= 1 && n <= 99 ? n : null;
}

/** A product id from a form field, or null. */
export function parseProductId(raw: unknown): number | null {
  const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw) : NaN;
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** Adds `quantity` of the product to the visitor's cart (bearer: the server passes the visitor's token). */
export async function addToCart(input: AddToCartInput, opts: { bearer?: string | null } = {}): Promise<AddToCartOutcome> {
  // The font and colour codes are the form's strings: the API refuses unknown ones with its message.
  const embroidery = input.embroidery ? { embroidery: input.embroidery as NonNullable<CartAddProductRequest['embroidery']> } : {};
  const add = (token: string) => addCartProduct({ token, product_id: input.productId, quantity: input.quantity, ...embroidery }, opts);
  let cart: CartResult | null = null;
  try {
    const token = input.token ?? (cart = await initCart({ token: null }, opts)).cart.token;
    try {
      return { ok: true, cart: await add(token) };
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== CART_EXPIRED_CODE) throw e;
      cart = await initCart({ token: null }, opts);
      return { ok: true, cart: await add(cart.cart.token) };
    }
  } catch (error) {
    if (error instanceof ApiError && isProductNotFoundCode(error.code)) {
      // Spec 8 "cart reset": a new cart, asking the API to drop products that are gone.
      cart = await initCart({ token: null, invalid_product: true }, opts).catch(() => cart);
    }
    return { ok: false, error, cart };
  }
}
