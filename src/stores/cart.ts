/**
 * The cart (spec 4 "Cart", spec 8 cart rows). Every operation stores the cart the server returns —
 * not optimistic, because the drawer and totals must show what the server accepted (stock, tax).
 * Each stored cart also refreshes the `cartToken` and `cart_cache` cookies the header script reads.
 * zod-free on purpose: this store is in the first load of the cart and checkout pages.
 */
import { create } from 'zustand';
import {
  addCartProduct,
  addCartShipping,
  type CartResult,
  deleteCartProduct,
  initCart,
  modifyCartOrder,
  modifyCartProduct,
  resetCartShippings,
  setCartSocialReceiver,
} from '#api-client/cart/cart.ts';
import { decideCartWithPayment } from '#api-client/checkout/card-decision.ts';
import {
  clearCartCookies,
  readCartToken,
  readIsDoPayment,
  writeCartCache,
  writeCartToken,
  writeIsDoPayment,
} from '#api-client/core/cookie-jar.ts';
import { ApiError, CART_EXPIRED_CODE, isIgnoredError, isProductNotFoundCode } from '#api-client/core/errors.ts';
import { currentPath, navigateTo, onSessionEvent } from '#api-client/core/http.ts';
import type { Cart } from '#api-client/core/types.ts';
import type { CartWire } from '#api-client/wire/cart.ts';
import type { CartOrderModifyRequest } from '#contracts/cart.ts';
import { CART_INIT_KEY, oneTabAtATime } from '#lib/one-tab.ts';
import { cartExpiredRedirect } from '#lib/redirects.ts';
import { rememberGiftLink } from '#lib/social-gift-link.ts';
import { toastError } from './toast.ts';

/** The payment details PATCH /v1/carts/order/modify takes besides the method (never card data). */
export type PaymentChoiceDetails = Pick<CartOrderModifyRequest, 'card_token' | 'user_card_id' | 'konbini_store'>;

/** The 422 code after which the shipping is reset once (spec 8). */
export const SHIPPING_NOT_DATA_CODE = 'cart_detail.set_user_address.not_data';
export const CART_DRAFT_STORAGE_KEY = 'shop:cart-draft';

export interface CartState {
  token: string | null;
  cart: Cart | null;
  loading: boolean;
  /** The last failure of an operation (already shown or to be shown by the screen). */
  error: ApiError | null;
  /** The last init met a product that no longer exists (confirm screens go back to /cart/). */
  productNotFound: boolean;
  /** A shipping reset after cart_detail.set_user_address.not_data failed; it is not retried. */
  shippingResetFailed: boolean;
}

export interface CartActions {
  /** Loads the cart of the stored token (or a new one). Concurrent calls share the first. */
  init: () => Promise<Cart | null>;
  add: (productId: number, quantity?: number) => Promise<Cart>;
  modify: (key: string, quantity: number) => Promise<Cart>;
  remove: (key: string) => Promise<Cart>;
  setShipping: (addressId: number) => Promise<Cart>;
  /** The payment method, with its details (card token or saved card, konbini store). */
  setPayment: (paymentId: number, details?: PaymentChoiceDetails) => Promise<Cart>;
  /** Runs another cart operation (delivery: divide, dates, wrapping, 備考) with the same recovery rules. */
  apply: (call: (token: string) => Promise<CartResult>) => Promise<Cart>;
  /** Buys the cart as a social gift (sender's name and message), or turns that off. */
  setSocialGift: (gift: { sender_name: string; message: string } | null) => Promise<Cart>;
  /** Places the order; returns order_no and forgets the cart (token, cart_cache, state). */
  decide: () => Promise<string>;
  /** Drops the current cart and starts a new one (spec 8 "cart reset"). */
  reset: () => Promise<Cart | null>;
  /** Forgets the cart locally (cookies and state) without a call. */
  clear: () => void;
  /** Payment-in-progress flag in browser storage (spec 4). */
  startPayment: () => void;
  endPayment: () => void;
  isDoPayment: () => boolean;
}

export type CartStore = CartState & CartActions;

const initialState: CartState = {
  token: null,
  cart: null,
  loading: false,
  error: null,
  productNotFound: false,
  shippingResetFailed: false,
};

let initInFlight: Promise<Cart | null> | null = null;
/** Set after a product-not-found: the next init tells the server to drop invalid products. */
let invalidProductPending = false;
/** The last cart as the server sent it: the draft stores this and re-decodes it on restore. */
let lastWire: CartWire | null = null;
/**
 * The init that follows a login (merge of the guest cart into the member's), for login to await; null
 * until a login on this page starts one (the login screens load this module only after storing the token).
 */
let loginMerge: Promise<unknown> | null = null;

/** The last cart as the server sent it (the draft in cart-draft.ts stores this). */
export function lastCartWire(): CartWire | null {
  return lastWire;
}

/** Remembers the server's cart after a draft was restored from storage (cart-draft.ts). */
export function setLastCartWire(wire: CartWire | null): void {
  lastWire = wire;
}

/** Browser storage for the draft; null on the server or when the browser disables it. */
export function localStore(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export const useCartStore = create<CartStore>()((set, get) => {
  /** Stores a returned cart and mirrors it into the cookies. */
  const keep = ({ cart, wire }: CartResult): Cart => {
    lastWire = wire;
    writeCartToken(cart.token);
    writeCartCache({ count: cart.count });
    set({ cart, token: cart.token, error: null });
    return cart;
  };

  const runInit = async (isRetry = false): Promise<Cart | null> => {
    // productNotFound stays true through the retry so a confirm screen can still see it happened.
    set({ loading: true, ...(isRetry ? {} : { productNotFound: false }) });
    const token = () => get().token ?? readCartToken();
    try {
      // Spec 7 "concurrent inits wait for the first", across tabs too: a new visitor's second tab
      // waits for the first tab's cartToken instead of creating a second cart.
      const result = await oneTabAtATime(
        CART_INIT_KEY,
        () => !!token(),
        () => initCart({ token: token(), invalid_product: invalidProductPending }),
      );
      invalidProductPending = false;
      return keep(result);
    } catch (e) {
      if (e instanceof ApiError && isProductNotFoundCode(e.code) && !invalidProductPending) {
        // The "load task": retry once, asking the server to drop the products that are gone.
        invalidProductPending = true;
        set({ productNotFound: true });
        return runInit(true);
      }
      set({ error: e instanceof ApiError ? e : null });
      toastError(e);
      return null;
    } finally {
      set({ loading: false });
    }
  };

  /** Spec 8 "cart reset": forget the cart, then init a new one (a member's open cart minus invalid products). */
  const resetAfter = async (dropInvalidProducts: boolean): Promise<Cart | null> => {
    get().clear();
    initInFlight = null;
    if (dropInvalidProducts) invalidProductPending = true;
    return get().init();
  };

  /** Runs an operation on the current token, with the spec-8 recovery rules. */
  const operate = async (call: (token: string) => Promise<CartResult>): Promise<Cart> => {
    const token = get().token ?? (await get().init())?.token;
    if (!token) throw new ApiError({ status: 0, code: 'client.no_cart', message: 'カートを読み込めませんでした。' });
    set({ loading: true });
    try {
      return keep(await call(token));
    } catch (e) {
      if (!(e instanceof ApiError) || isIgnoredError(e)) throw e;
      set({ error: e });
      if (e.code === CART_EXPIRED_CODE) {
        await resetAfter(false);
        const target = cartExpiredRedirect(currentPath());
        if (target) navigateTo(target);
      } else if (isProductNotFoundCode(e.code)) {
        await resetAfter(true);
      } else if (e.code === SHIPPING_NOT_DATA_CODE && !get().shippingResetFailed) {
        try {
          keep(await resetCartShippings({ token }));
        } catch {
          set({ shippingResetFailed: true });
        }
      }
      throw e;
    } finally {
      set({ loading: false });
    }
  };

  return {
    ...initialState,

    init() {
      initInFlight ??= runInit(false).finally(() => {
        initInFlight = null;
      });
      return initInFlight;
    },
    add: (productId, quantity = 1) => operate((token) => addCartProduct({ token, product_id: productId, quantity })),
    modify: (key, quantity) => operate((token) => modifyCartProduct({ token, key, quantity })),
    remove: (key) => operate((token) => deleteCartProduct({ token, key })),
    setShipping: (addressId) => operate((token) => addCartShipping({ token, user_address_id: addressId })),
    setPayment: (paymentId, details = {}) => operate((token) => modifyCartOrder({ token, payment_id: paymentId, ...details })),
    apply: (call) => operate(call),
    setSocialGift: (gift) => operate((token) => setCartSocialReceiver({ token, is_social_gift: gift !== null, ...gift })),

    async decide() {
      const token = get().token ?? readCartToken();
      if (!token) throw new ApiError({ status: 0, code: 'client.no_cart', message: 'カートが見つかりません。' });
      get().startPayment();
      set({ loading: true });
      try {
        // Order lists are not invalidated here: the thanks page is a new page load with a fresh cache.
        const decided = await decideCartWithPayment(token);
        // A card that needs 3-D Secure: off to the provider's page; the return page places the order.
        if ('redirect_url' in decided) {
          window.location.assign(decided.redirect_url);
          return await new Promise<string>(() => {});
        }
        const { order_no, social_gift_url } = decided;
        // Shown once by the thanks page: the server keeps only the link's hash.
        if (social_gift_url) rememberGiftLink(order_no, social_gift_url);
        get().clear();
        localStore()?.removeItem(CART_DRAFT_STORAGE_KEY);
        return order_no;
      } catch (e) {
        set({ error: e instanceof ApiError ? e : null });
        throw e;
      } finally {
        get().endPayment();
        set({ loading: false });
      }
    },

    reset: () => resetAfter(false),

    clear() {
      clearCartCookies();
      lastWire = null;
      set({ cart: null, token: null });
    },

    startPayment: () => writeIsDoPayment(true),
    endPayment: () => writeIsDoPayment(false),
    isDoPayment: () => readIsDoPayment(),
  };
});

/** Total quantity in the cart (header badge). */
export const selectCartCount = (s: CartState): number => s.cart?.count ?? 0;

/**
 * Resolves when the cart init that follows the last login has settled. Login awaits it before the
 * page moves on, so the guest cart is merged into the member's (and a member's saved cart restored).
 */
export function cartAfterLogin(): Promise<unknown> {
  return loginMerge ?? mergeAfterLogin();
}

/**
 * A fresh init, not one already in flight without the bearer: the API merges the guest cart (the stored
 * cartToken) into the member's open cart and answers with the member's cart.
 */
function mergeAfterLogin(): Promise<unknown> {
  initInFlight = null;
  loginMerge = useCartStore
    .getState()
    .init()
    .catch(() => null);
  return loginMerge;
}

onSessionEvent((e) => {
  if (e.type === 'token' && e.source === 'login') mergeAfterLogin();
  // A logout without keepCart has already removed the cart cookies; forget the cart in memory too.
  if (e.type === 'ended' && !e.keepCart) {
    lastWire = null;
    useCartStore.setState({ cart: null, token: null });
  }
});

/** Test helper: forget in-flight state between tests. */
export function resetCartStoreForTests(): void {
  initInFlight = null;
  invalidProductPending = false;
  lastWire = null;
  loginMerge = null;
  useCartStore.setState({ ...initialState });
}
