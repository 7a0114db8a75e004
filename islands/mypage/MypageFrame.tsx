/**
 * The my-page frame drawn by an island, for /ec/ only: there the frame (the member menu beside the
 * member top) exists only once the visitor is a logged-in member, so it cannot be in the server HTML
 * as it is on the my-page screens (src/components/MypageMenu.astro). The same menu, folded the same way
 * where the frame is stacked; the member top is the hub, whose shortcuts stand for the menu on phones.
 */

import type { ReactNode } from 'react';
import { MEMBER_MENU } from '#lib/mypage-menu.ts';
import { useEffect, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';
import { logoutFromMenu, MENU_STACKED } from './member-menu.ts';

export default function MypageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mypage-frame mypage-hub">
      <MemberMenu />
      <div className="mypage-content">
        <MypageLayout>{children}</MypageLayout>
      </div>
    </div>
  );
}

/** Open where the menu sits beside the screen, folded where the frame is stacked; follows the width. */
function useUnfolded(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => !window.matchMedia(MENU_STACKED).matches);
  useEffect(() => {
    const stacked = window.matchMedia(MENU_STACKED);
    const follow = () => setOpen(!stacked.matches);
    stacked.addEventListener('change', follow);
    return () => stacked.removeEventListener('change', follow);
  }, []);
  return [open, setOpen];
}

function MemberMenu() {
  const [leaving, setLeaving] = useState(false);
  const [open, setOpen] = useUnfolded();

  async function logout() {
    setLeaving(true);
    await logoutFromMenu();
  }

  return (
    <nav aria-label="マイページメニュー" className="mypage-menu">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>マイページメニュー</summary>
        <ul>
          {MEMBER_MENU.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.label}</a>
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
