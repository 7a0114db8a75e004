/**
 * Every route of spec section 2 as a typed path builder. Paths end with a slash because the build
 * uses `trailingSlash: 'always'`; keys are URL-encoded as one path segment. Screens and islands build
 * links and redirect targets only through `paths`, so a route is spelled once.
 */

/** One URL-encoded path segment from a key or id. */
const seg = (key: string | number): string => encodeURIComponent(String(key));

/** `/base/` plus a query string built from the defined entries (none → no `?`). */
function withQuery(base: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

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
export const mypageTopPath = '/mypage/';
export const mypagePasswordPath = '/mypage/password/';
export const mypageLoginHistoryPath = '/mypage/login_history/';
export const mypageLeavePath = '/mypage/leave/';
/** ポイント (balance, expiring soon, history). */
export const mypagePointPath = '/mypage/point/';
export const mypageListPath = '/mypage/list/';
/** `/mypage/list/{key}/`. */
export const mypageListDetailPath = (key: string | number): string => `/mypage/list/${seg(key)}/`;
export const mypageBookmarkPath = '/mypage/bookmark/';
export const mypageProductHistoryPath = '/mypage/product_history/';
export const mypageProductSearchHistoryPath = '/mypage/product_search_history/';
export const mypageProductRequestHistoryPath = '/mypage/product_request_history/';
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

/** `/mypage/order_history/{id}/`. */
export const orderDetailPath = (key: string | number): string => `/mypage/order_history/${seg(key)}/`;

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
  register: '/register/',
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
  socialGift: {
    top: /* @__PURE__ */ gift(''),
    shipping: /* @__PURE__ */ gift('shipping'),
    delivery: /* @__PURE__ */ gift('delivery'),
    confirm: /* @__PURE__ */ gift('confirm'),
    complete: /* @__PURE__ */ gift('complete'),
  },
  /** My-page routes of spec 2 (login required unless SITE.NO_MEMBER_USE). */
  mypage: {
    top: mypageTopPath,
    address: '/mypage/address/',
    addressAdd: '/mypage/address/add/',
    addressEdit: (key: string | number) => `/mypage/address/${seg(key)}/edit/`,
    bookmark: mypageBookmarkPath,
    card: '/mypage/card/',
    cardAdd: '/mypage/card/add/',
    leave: mypageLeavePath,
    leaveComplete: mypageLeaveCompletePath,
    list: mypageListPath,
    listDetail: mypageListDetailPath,
    loginHistory: mypageLoginHistoryPath,
    logout: '/mypage/logout/',
    measurement: '/mypage/measurement/',
    measurementEdit: '/mypage/measurement/edit/',
    memorial: '/mypage/memorial/',
    memorialAdd: '/mypage/memorial/add/',
    memorialEdit: (key: string | number) => `/mypage/memorial/${seg(key)}/edit/`,
    messageCenter: '/mypage/message-center/',
    messageCenterDetail: (key: string | number) => `/mypage/message-center/${seg(key)}/`,
    nameEmbroidery: '/mypage/name-embroidery/',
    nameEmbroideryEdit: '/mypage/name-embroidery/edit/',
    orderHistory: orderHistoryPath,
    orderDetail: orderDetailPath,
    password: mypagePasswordPath,
    point: mypagePointPath,
    productHistory: mypageProductHistoryPath,
    productRequestHistory: mypageProductRequestHistoryPath,
    productSearchHistory: mypageProductSearchHistoryPath,
    userInfo: '/mypage/user_info/',
    userInfoEdit: '/mypage/user_info/edit/',
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

const MEMBER_PREFIXES = ['/mypage/', '/ec/', '/cart/shipping-', '/cart/payment/', '/cart/confirm/'];
const GUEST_PREFIXES = ['/login/', '/register/', '/reminder/'];
/** Screens under a guest prefix that a member may still open (the post-register thanks page). */
const GUEST_EXCEPTIONS = ['/register/complete/'];
/** Screens under a member prefix that anyone may open (the page after a withdrawal). */
const PUBLIC_EXCEPTIONS = [mypageLeaveCompletePath];

/** The access rule of a pathname (spec 2 and 6): my-page and checkout steps are member-only. */
export function screenAccess(pathname: string): ScreenAccess {
  const p = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (PUBLIC_EXCEPTIONS.includes(p)) return 'public';
  if (MEMBER_PREFIXES.some((prefix) => p.startsWith(prefix))) return 'member';
  if (GUEST_EXCEPTIONS.includes(p)) return 'public';
  if (GUEST_PREFIXES.some((prefix) => p.startsWith(prefix))) return 'guest';
  return 'public';
}

// ---------------------------------------------------------------- my-page: 記念日 and 名入れ刺繍 (islands import these single routes)
export const mypageMemorialPath = '/mypage/memorial/';
export const mypageMemorialAddPath = '/mypage/memorial/add/';
export const mypageMemorialEditPath = (key: string | number): string => `/mypage/memorial/${seg(key)}/edit/`;
export const mypageNameEmbroideryPath = '/mypage/name-embroidery/';
export const mypageNameEmbroideryEditPath = '/mypage/name-embroidery/edit/';
/** 会員情報 (show) and its edit screen. */
export const mypageUserInfoPath = '/mypage/user_info/';
export const mypageUserInfoEditPath = '/mypage/user_info/edit/';
/** ログアウト: logs out and shows the done screen. */
export const mypageLogoutPath = '/mypage/logout/';
/** クレジットカード: saved cards and adding one. */
export const mypageCardPath = '/mypage/card/';
export const mypageCardAddPath = '/mypage/card/add/';
/** `/mypage/address/` (お届け先一覧); single exports, so islands need not pull in the whole `paths` table. */
export const mypageAddressPath = '/mypage/address/';
/** `/mypage/address/add/`. */
export const mypageAddressAddPath = '/mypage/address/add/';
/** `/mypage/address/{id}/edit/`. */
export const mypageAddressEditPath = (key: string | number): string => `/mypage/address/${seg(key)}/edit/`;
// ---------------------------------------------------------------- my-page: メッセージ (message centre)
/** `/mypage/message-center/` (page 1) — `?page=N` for later pages. */
export const mypageMessageCenterPath = '/mypage/message-center/';
/** `/mypage/message-center/{id}/`: one message (opening it marks it read). */
export const mypageMessageDetailPath = (key: string | number): string => `/mypage/message-center/${seg(key)}/`;
/** `/mypage/measurement/` (採寸). */
export const mypageMeasurementPath = '/mypage/measurement/';
/** `/mypage/measurement/edit/` (採寸の登録・削除). */
export const mypageMeasurementEditPath = '/mypage/measurement/edit/';
