/**
 * 「カートに入れる」 as one call, shared by the product page's plain form endpoint (server) and its
 * enhancement script (browser): a cart is created when the visitor has none, an expired cart is
 * replaced by a new one and the add retried once, and a product-not-found / not-for-sale answer
 * resets the cart (spec 8). The caller writes the cookies of the cart it gets back.
 */
import { initCart, addCartProduct, type CartResult } from './cart.ts';
import { ApiError, CART_EXPIRED_CODE, isProductNotFoundCode } from './errors.ts';

export interface AddToCartInput {
  productId: number;
  quantity: number;
  /** The visitor's cart token (cookie), null when they have none. */
  token: string | null;
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
  const add = (token: string) => addCartProduct({ token, product_id: input.productId, quantity: input.quantity }, opts);
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
