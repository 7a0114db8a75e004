/**
 * Member top (/mypage/ and /ec/): greeting and the member's shortcuts, inside the my-page frame
 * (member guard, menu, logout). On phones the shortcuts are the one menu (the frame's is not shown),
 * two to a row with their names only (global.css). Nothing personal is in the server HTML. A flow that lands here
 * says what it did with ?notice=<key> (only the keys below are shown, never text from the URL).
 */
import { useStore } from '@nanostores/react';
import { getUnreadSystemMessageCount } from '#api-client/mypage/system-messages.ts';
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
} from '#lib/mypage-routes.ts';
import { cartPath, orderHistoryPath, productListPath } from '#lib/routes.ts';
import { $me } from '#stores/queries/user.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import { useEffect, useState } from '../common/react.ts';
import MyCoupons from './MyCoupons.tsx';
import MypageLayout from './MypageLayout.tsx';

/** The member top in the my-page frame. */
export default function MypageHome() {
  return (
    <MypageLayout hub>
      <MemberTop />
    </MypageLayout>
  );
}

/** Notices another screen may ask for when it sends the member here. */
export const NOTICES: Record<string, string> = {
  password_reset: 'パスワードを再設定しました',
};

// routes.ts exports these my-page routes only inside the `paths` table, which islands may not import
// (it would put the whole table in the shared chunk): spelled here as paths.mypage has them.
const passwordPath = mypagePasswordPath;
const loginHistoryPath = mypageLoginHistoryPath;
const leavePath = mypageLeavePath;

/** Every my-page screen, one step from the hub (issue 9). */
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
  { href: passwordPath, label: 'パスワード変更', note: 'ログインに使うパスワードを変更します' },
  { href: loginHistoryPath, label: 'ログイン履歴', note: 'いつ、どこからログインしたかを確認できます' },
  { href: productListPath(), label: '商品一覧', note: 'お買い物を続ける' },
  { href: cartPath, label: 'カート', note: 'カートの中身を確認する' },
  { href: mypageLogoutPath, label: 'ログアウト', note: 'このブラウザでのログインを終えます' },
  { href: leavePath, label: '退会', note: '会員登録を取り消します' },
];

/** The notice asked for by ?notice=, removed from the address so a reload does not repeat it. */
function useNotice(): string | null {
  const [notice] = useState(() => NOTICES[new URLSearchParams(window.location.search).get('notice') ?? ''] ?? null);
  useEffect(() => {
    if (!notice) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('notice');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [notice]);
  return notice;
}

function MemberTop() {
  const { data: me, error } = useStore($me);
  const notice = useNotice();
  return (
    <div className="stack">
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <ErrorMessage error={error} fallback="会員情報を読み込めませんでした。" />
      {/* Two lines whatever the member's data says, so the shortcuts below do not move when it arrives. */}
      <p className="greeting">
        {me ? `${me.last_name} ${me.first_name} 様` : 'ようこそ'}
        <br />
        いつもご利用ありがとうございます。
      </p>
      <ul className="menu-grid">
        {SHORTCUTS.map((item) => (
          <li key={item.href}>
            <a className="panel menu-item" href={item.href}>
              <strong>
                {item.label}
                {item.href === mypageMessageCenterPath && <UnreadCount />}
              </strong>
              <span className="muted">{item.note}</span>
            </a>
          </li>
        ))}
      </ul>
      <MyCoupons />
    </div>
  );
}

/** 「未読n件」 on the メッセージ shortcut (a badge, global.css), loaded after the hub shows; nothing while loading or on failure. */
function UnreadCount() {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    getUnreadSystemMessageCount({ signal: ctl.signal }).then(setCount, () => {});
    return () => ctl.abort();
  }, []);
  return count === null ? null : <span className="unread-count">未読{count}件</span>;
}
