/**
 * The member menu of the my-page frame (where a member can go from any my-page screen) and the member
 * top's shortcuts. Rendered in the server HTML by src/components/MypageMenu.astro (every member-only
 * my-page screen) and src/pages/mypage/index.astro, and by the island of /ec/ (islands/mypage/
 * MemberHub.tsx), whose frame and shortcuts exist only once a member is logged in.
 */
import {
  mypageAddressPath,
  mypageBookmarkPath,
  mypageCardPath,
  mypageLeavePath,
  mypageListPath,
  mypageLoginHistoryPath,
  mypageLogoutPath,
  mypageMeasurementPath,
  mypageMemorialPath,
  mypageMessageCenterPath,
  mypageNameEmbroideryPath,
  mypagePasswordPath,
  mypagePointPath,
  mypageProductHistoryPath,
  mypageProductRequestHistoryPath,
  mypageProductSearchHistoryPath,
  mypageUserInfoPath,
} from './mypage-routes.ts';
import { cartPath, mypageTopPath, orderHistoryPath, productListPath } from './routes.ts';

export const MEMBER_MENU = [
  { href: mypageTopPath, label: 'マイページトップ' },
  { href: mypageUserInfoPath, label: '会員情報' },
  { href: orderHistoryPath(), label: '注文履歴' },
  { href: mypageMessageCenterPath, label: 'メッセージ' },
  { href: mypageAddressPath, label: 'お届け先' },
  { href: mypageCardPath, label: 'クレジットカード' },
  { href: mypagePointPath, label: 'ポイント' },
  { href: mypageListPath, label: 'お気に入り・リスト' },
  { href: mypageProductHistoryPath, label: '閲覧履歴' },
  { href: mypageProductSearchHistoryPath, label: '検索履歴' },
  { href: mypageProductRequestHistoryPath, label: '再入荷のお知らせ' },
  { href: mypageBookmarkPath, label: 'ブックマーク' },
  { href: mypageMemorialPath, label: '記念日' },
  { href: mypageMeasurementPath, label: '採寸' },
  { href: mypageNameEmbroideryPath, label: '名入れ刺繍' },
  { href: mypagePasswordPath, label: 'パスワード変更' },
  { href: mypageLoginHistoryPath, label: 'ログイン履歴' },
  { href: mypageLeavePath, label: '退会' },
] as const;

/** Every my-page screen, one step from the member top (issue 9); on phones these are its one menu. */
export const SHORTCUTS = [
  { href: mypageUserInfoPath, label: '会員情報', note: 'お名前・ご連絡先・メールアドレスを確認・変更します' },
  { href: orderHistoryPath(), label: '注文履歴', note: 'ご注文の状況と内容の確認、キャンセル、領収書' },
  { href: mypageMessageCenterPath, label: 'メッセージ', note: 'ショップからのお知らせ' },
  { href: mypageAddressPath, label: 'お届け先', note: 'お届け先の登録・変更、CSVでの読み込みと書き出し' },
  { href: mypageCardPath, label: 'クレジットカード', note: '登録済みのカードの確認・追加・削除' },
  { href: mypagePointPath, label: 'ポイント', note: 'ポイント残高と履歴' },
  { href: mypageListPath, label: 'お気に入り・リスト', note: '気になる商品のリスト' },
  { href: mypageBookmarkPath, label: 'ブックマーク', note: '保存したページ' },
  { href: mypageProductHistoryPath, label: '閲覧履歴', note: '最近見た商品' },
  { href: mypageProductSearchHistoryPath, label: '検索履歴', note: '検索したキーワード' },
  { href: mypageProductRequestHistoryPath, label: '再入荷のお知らせ', note: 'お申し込み中の再入荷のお知らせ' },
  { href: mypageMemorialPath, label: '記念日', note: '誕生日や記念日の登録' },
  { href: mypageMeasurementPath, label: '採寸', note: '身長・体重などのサイズの記録' },
  { href: mypageNameEmbroideryPath, label: '名入れ刺繍', note: '名入れに使う文字・書体・糸の色' },
  { href: mypagePasswordPath, label: 'パスワード変更', note: 'ログインに使うパスワードを変更します' },
  { href: mypageLoginHistoryPath, label: 'ログイン履歴', note: 'いつ、どこからログインしたかを確認できます' },
  { href: productListPath(), label: '商品一覧', note: 'お買い物を続ける' },
  { href: cartPath, label: 'カート', note: 'カートの中身を確認する' },
  { href: mypageLogoutPath, label: 'ログアウト', note: 'このブラウザでのログインを終えます' },
  { href: mypageLeavePath, label: '退会', note: '会員登録を取り消します' },
];

/** The shortcut that carries the unread-message badge (islands/mypage/UnreadCount.tsx). */
export const UNREAD_SHORTCUT = mypageMessageCenterPath;
