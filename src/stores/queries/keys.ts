/**
 * Query keys of server data, by domain. Keys are readable paths so invalidation can select by
 * prefix: everything personal starts with 'me/' and is dropped on login and logout.
 */

/** Prefix of every personal key. */
export const PERSONAL_PREFIX = 'me/';

export const userKeys = {
  me: 'me/user',
} as const;

export const addressKeys = {
  list: 'me/user-addresses',
} as const;

export const orderKeys = {
  /** Prefix of every order key (lists and details). */
  all: 'me/orders',
  /** List key prefix; the page number follows. */
  listPrefix: 'me/orders?page=',
  detail: (id: number | string) => `me/orders/${id}`,
} as const;

export const catalogKeys = {
  products: 'products',
  product: (key: string) => `products/${key}`,
} as const;

export const checkoutKeys = {
  /** Payment methods of a cart; the cart token follows. */
  cartPayments: 'payments/carts/',
} as const;

export const contentKeys = {
  frontSettings: 'settings/front',
} as const;

/** The flat names the islands and tests used before the split (same strings). */
export const QUERY_KEYS = {
  personal: PERSONAL_PREFIX,
  me: userKeys.me,
  addresses: addressKeys.list,
  orders: orderKeys.all,
  products: catalogKeys.products,
  cartPayments: checkoutKeys.cartPayments,
  frontSettings: contentKeys.frontSettings,
} as const;
