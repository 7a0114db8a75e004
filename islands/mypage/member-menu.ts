/**
 * The member menu's behaviour. Where the my-page frame is stacked (global.css: the menu above the
 * screen, on phones) the menu is folded behind its 「マイページメニュー」 row; beside the screen it is
 * open. ログアウト logs out (spec 4), refreshes the header and goes to the top page. The menu of the
 * my-page screens is server HTML (src/components/MypageMenu.astro) that their island wires up once it
 * runs (MypageLayout.tsx, no script of its own to load); /ec/ draws it in its island (MypageFrame.tsx).
 */
import { homePath } from '#lib/routes.ts';
import { logout } from '#stores/logout.ts';
import { leaveMemberArea } from '../common/MemberGate.tsx';
import { refreshHeader } from '../common/navigation.ts';

export const MENU_STACKED = '(max-width: 47.99rem)';

export async function logoutFromMenu(): Promise<void> {
  // Without it the session's end would make the screen's member gate send the visitor to /login/.
  leaveMemberArea();
  await logout();
  refreshHeader();
  window.location.assign(homePath);
}

/** Wires the server-rendered menu: fold with the width, enable ログアウト. Returns the unwiring. */
export function wireMemberMenu(root: ParentNode = document): () => void {
  const details = root.querySelector<HTMLDetailsElement>('.mypage-menu details');
  const button = root.querySelector<HTMLButtonElement>('.mypage-menu [data-mypage-logout]');
  const stacked = window.matchMedia(MENU_STACKED);
  const follow = () => {
    if (details) details.open = !stacked.matches;
  };
  const onClick = () => {
    if (!button) return;
    button.disabled = true;
    void logoutFromMenu();
  };
  follow();
  stacked.addEventListener('change', follow);
  if (button) {
    button.disabled = false;
    button.addEventListener('click', onClick);
  }
  return () => {
    stacked.removeEventListener('change', follow);
    button?.removeEventListener('click', onClick);
  };
}
