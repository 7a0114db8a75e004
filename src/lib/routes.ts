/**
 * Every route of spec section 2 as a typed path builder. Paths end with a slash because the build
 * uses `trailingSlash: 'always'`; keys are URL-encoded as one path segment. Screens and islands build
 * links and redirect targets only through `paths`, so a route is spelled once. The routes only my-page
 * links to live in src/lib/mypage-routes.ts, with their table `mypagePaths`.
 */
import { seg, withQuery } from './route-parts.ts';

/** Filters of the product list URL (spec 5: the page sends `child` itself). */
export interface ProductListQuery {
  category?: string;
  maker?: string;
  brand?: string;
  keyword?: string;
  page?: number;
}

/** `/social-gift/{key?}/<step>/`: the key segment is optional (spec 2). */
const gift = (step: string) => (key?: string) => `/social-gift/${key ? `${seg(key)}/` : ''}${step ? `${step}/` : ''}`;

/** The receiver's steps under /social-gift/{key?}/ ('' is the landing page). */
export type SocialGiftStep = '' | 'shipping' | 'delivery' | 'confirm' | 'complete';
/** `/social-gift/{key}/<step>/` (the key may be left out: the receiver's tab remembers it). */
export const socialGiftPath = (step: SocialGiftStep, key?: string): string => gift(step)(key);

/*
 * The routes islands and the API client use are also exported one by one: a bundle that imports
 * `cartPath` keeps that string, not the whole `paths` table (an object literal is kept or dropped as
 * a whole). `paths` is built from the same constants, so every route is still spelled once.
 */
export const homePath = '/';
export const ecPath = '/ec/';
export const cartPath = '/cart/';
export const cartShippingSelectPath = '/cart/shipping-select/';
export const cartShippingAddPath = '/cart/shipping-add/';
export const cartShippingDetailPath = '/cart/shipping-detail/';
export const cartPaymentPath = '/cart/payment/';
export const cartConfirmPath = '/cart/confirm/';
export const maintenancePath = '/maintenance/';
export const verifyPath = '/verify/';
export const registerPath = '/register/';
export const mypageTopPath = '/mypage/';
/** Shown after a withdrawal, to a visitor who is logged out by then (public). */
export const mypageLeaveCompletePath = '/mypage/leave/complete/';

/** `/cart/complete/?order_no=…` (the thanks page of that order). */
export const cartCompletePath = (orderNo?: string): string => withQuery('/cart/complete/', { order_no: orderNo });

/** `/login/`, with the page to return to and `re=1` after a failed token refresh. */
export const loginPath = (opts: { redirect?: string; refreshFailed?: boolean } = {}): string =>
  withQuery('/login/', { re: opts.refreshFailed ? 1 : undefined, redirect: safeReturnPath(opts.redirect) ?? undefined });

/** `/product/` with optional filters; page 1 carries no `?page=` so the canonical URL stays clean. */
export const productListPath = (query: ProductListQuery = {}): string =>
  withQuery('/product/', { ...query, page: query.page && query.page > 1 ? query.page : undefined });

/** `/product/{key}/`. */
export const productDetailPath = (key: string): string => `/product/${seg(key)}/`;

/** `/mypage/order_history/` (page 1) or `?page=N`. */
export const orderHistoryPath = (page?: number): string =>
  withQuery('/mypage/order_history/', { page: page && page > 1 ? page : undefined });

/** Public routes of spec 2. */
export const paths = {
  home: homePath,
  ec: ecPath,
  blog: '/blog/',
  blogDetail: (key: string | number) => `/blog/${seg(key)}/`,
  cart: cartPath,
  /** The product page's add-to-cart form posts here (an endpoint, not a screen: it redirects back). */
  cartAdd: '/cart/add/',
  cartComplete: cartCompletePath,
  cartConfirm: cartConfirmPath,
  cartPayment: cartPaymentPath,
  cartShippingAdd: cartShippingAddPath,
  cartShippingDetail: cartShippingDetailPath,
  cartShippingSelect: cartShippingSelectPath,
  catalogOrder: '/catalog-order/',
  contact: '/contact/',
  contactComplete: '/contact/complete/',
  contactConfirm: '/contact/confirm/',
  faq: '/faq/',
  flipBook: '/flip-book/',
  login: loginPath,
  loginUnlock: '/login/unlock/',
  loginSync: '/login_sync/',
  maintenance: maintenancePath,
  maker: '/maker/',
  makerDetail: (key: string | number) => `/maker/${seg(key)}/`,
  news: '/news/',
  newsDetail: (key: string | number) => `/news/${seg(key)}/`,
  popup: '/popup/',
  productList: productListPath,
  productDetail: productDetailPath,
  register: registerPath,
  registerComplete: '/register/complete/',
  reminder: '/reminder/',
  reminderReset: '/reminder/reset/',
  reminderUsername: '/reminder/username/',
  reminderUsernameReset: '/reminder/username/reset/',
  sitemap: '/sitemap/',
  stylist: '/stylist/',
  stylistDetail: (key: string | number) => `/stylist/${seg(key)}/`,
  verify: verifyPath,
  verifyEmail: '/verify/email/',
  verifyRestock: '/verify/restock/',
  socialGift: {
    top: /* @__PURE__ */ gift(''),
    shipping: /* @__PURE__ */ gift('shipping'),
    delivery: /* @__PURE__ */ gift('delivery'),
    confirm: /* @__PURE__ */ gift('confirm'),
    complete: /* @__PURE__ */ gift('complete'),
  },
} as const;

/**
 * A same-origin path from an untrusted `redirect` value, or null. Rejects absolute and
 * protocol-relative URLs (`//evil`, `/\evil`) and control characters, so the login form cannot be
 * used as an open redirect; the login page itself is never a useful target.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 500) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  if (raw === '/login/' || raw.startsWith('/login/?')) return null;
  return raw;
}

/** Who may see a screen: members only, guests only (login, register, reminder), or anyone. */
export type ScreenAccess = 'member' | 'guest' | 'public';

const MEMBER_PREFIXES = ['/mypage/', '/cart/shipping-', '/cart/payment/', '/cart/confirm/'];
const GUEST_PREFIXES = ['/login/', '/register/', '/reminder/'];
/** Screens under a guest prefix that a member may still open (the post-register thanks page). */
const GUEST_EXCEPTIONS = ['/register/complete/'];
/** Screens under a member prefix that anyone may open (the page after a withdrawal). */
const PUBLIC_EXCEPTIONS = [mypageLeaveCompletePath];

/** The access rule of a pathname (spec 2 and 6): my-page and checkout steps are member-only; /ec/ is public. */
export function screenAccess(pathname: string): ScreenAccess {
  const p = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (PUBLIC_EXCEPTIONS.includes(p)) return 'public';
  if (MEMBER_PREFIXES.some((prefix) => p.startsWith(prefix))) return 'member';
  if (GUEST_EXCEPTIONS.includes(p)) return 'public';
  if (GUEST_PREFIXES.some((prefix) => p.startsWith(prefix))) return 'guest';
  return 'public';
}
