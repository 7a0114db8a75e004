/**
 * The routes under /mypage/ that only my-page screens and islands link to, and `mypagePaths`, the
 * table of every my-page route. A module apart from src/lib/routes.ts, which neither imports nor
 * re-exports it: routes.ts is in the chunk every cart and checkout page loads (astro.config.mjs), and
 * these strings would cost those pages bytes they never use (a re-export alone keeps an import of
 * this module's chunk there). The my-page routes the checkout and the access rules use (the top page,
 * the order history, the page after a withdrawal) stay in routes.ts.
 */
import { seg } from './route-parts.ts';
import { mypageLeaveCompletePath, mypageTopPath, orderHistoryPath } from './routes.ts';

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
/** `/mypage/order_history/{id}/`. */
export const orderDetailPath = (key: string | number): string => `/mypage/order_history/${seg(key)}/`;

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

// ---------------------------------------------------------------- my-page: what a screen hands the next one
// Here, not in the island that reads them: importing a constant from another screen's island would load
// that whole screen (and its forms) with this one.
/** sessionStorage key: the address list shows this once after a save (「お届け先を登録しました」). */
export const ADDRESS_SAVED_NOTICE_KEY = 'mypage-address-notice';
/** The query flag the card screen shows 「カードを登録しました」 for, set by the add screen on its way back. */
export const CARD_ADDED_PARAM = 'added';
/** The query flag the member info screen shows its notice for, set by the edit screen on its way back. */
export const USER_INFO_UPDATED_PARAM = 'updated';
/** My-page routes of spec 2 (login required unless SITE.NO_MEMBER_USE), as one table for the pages. */
export const mypagePaths = {
  top: mypageTopPath,
  address: mypageAddressPath,
  addressAdd: mypageAddressAddPath,
  addressEdit: mypageAddressEditPath,
  bookmark: mypageBookmarkPath,
  card: mypageCardPath,
  cardAdd: mypageCardAddPath,
  leave: mypageLeavePath,
  leaveComplete: mypageLeaveCompletePath,
  list: mypageListPath,
  listDetail: mypageListDetailPath,
  loginHistory: mypageLoginHistoryPath,
  logout: mypageLogoutPath,
  measurement: mypageMeasurementPath,
  measurementEdit: mypageMeasurementEditPath,
  memorial: mypageMemorialPath,
  memorialAdd: mypageMemorialAddPath,
  memorialEdit: mypageMemorialEditPath,
  messageCenter: mypageMessageCenterPath,
  messageCenterDetail: mypageMessageDetailPath,
  nameEmbroidery: mypageNameEmbroideryPath,
  nameEmbroideryEdit: mypageNameEmbroideryEditPath,
  orderHistory: orderHistoryPath,
  orderDetail: orderDetailPath,
  password: mypagePasswordPath,
  point: mypagePointPath,
  productHistory: mypageProductHistoryPath,
  productRequestHistory: mypageProductRequestHistoryPath,
  productSearchHistory: mypageProductSearchHistoryPath,
  userInfo: mypageUserInfoPath,
  userInfoEdit: mypageUserInfoEditPath,
} as const;
