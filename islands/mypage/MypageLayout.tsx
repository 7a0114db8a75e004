/**
 * The my-page frame every my-page island renders in: the member guard, then the member menu beside
 * the screen's content, and the toast region (part of the island, not a second one). The page heading is in the server HTML (src/layouts/Mypage.astro), so it is
 * there before any script runs.
 * Where the frame is stacked (phones, global.css) the menu is folded behind one 「マイページメニュー」 row,
 * so the screen itself is on the first screen; the hub (`hub`), whose shortcuts are the menu, has no
 * second one there (issue 21).
 */

import type { ReactNode } from 'react';
import {
  mypageAddressPath,
  mypageBookmarkPath,
  mypageCardPath,
  mypageLeavePath,
  mypageListPath,
  mypageLoginHistoryPath,
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
import { homePath, mypageTopPath, orderHistoryPath } from '#lib/routes.ts';
import { logout as logoutMember } from '#stores/logout.ts';
import LoginWarning from '../auth/LoginWarning.tsx';
import MemberGate, { leaveMemberArea } from '../common/MemberGate.tsx';
import { refreshHeader } from '../common/navigation.ts';
import { useEffect, useState } from '../common/react.ts';
import ToastRegion from '../common/ToastRegion.tsx';

/** The member menu: where a member can go from any my-page screen. */
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

/** Member guard + member menu + the screen; `hub` for the member top, whose shortcuts stand for the menu on phones. */
export default function MypageLayout({ children, hub = false }: { children: ReactNode; hub?: boolean }) {
  return (
    <>
      <MemberGate>
        <div className={hub ? 'mypage-frame mypage-hub' : 'mypage-frame'}>
          <MemberMenu />
          <div className="mypage-content">
            <LoginWarning />
            {children}
          </div>
        </div>
      </MemberGate>
      <ToastRegion />
    </>
  );
}

/** Where global.css stacks the frame: the menu starts folded there. */
const STACKED = '(max-width: 47.99rem)';

/** Open where the menu sits beside the screen, folded where the frame is stacked; follows the width. */
function useUnfolded(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => !window.matchMedia(STACKED).matches);
  useEffect(() => {
    const stacked = window.matchMedia(STACKED);
    const follow = () => setOpen(!stacked.matches);
    stacked.addEventListener('change', follow);
    return () => stacked.removeEventListener('change', follow);
  }, []);
  return [open, setOpen];
}

function MemberMenu() {
  const [leaving, setLeaving] = useState(false);
  const [open, setOpen] = useUnfolded();
  const here = window.location.pathname;

  async function logout() {
    setLeaving(true);
    leaveMemberArea();
    await logoutMember();
    refreshHeader();
    window.location.assign(homePath);
  }

  return (
    <nav aria-label="マイページメニュー" className="mypage-menu">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>マイページメニュー</summary>
        <ul>
          {MEMBER_MENU.map((item) => (
            <li key={item.href}>
              <a href={item.href} aria-current={here === item.href ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          ))}
          <li>
            <button type="button" className="btn-link" onClick={logout} disabled={leaving}>
              ログアウト
            </button>
          </li>
        </ul>
      </details>
    </nav>
  );
}
