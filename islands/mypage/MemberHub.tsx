/**
 * The member top as /ec/ shows it to a logged-in member (EcTop.tsx): the my-page frame drawn by the
 * island (MypageFrame.tsx), the greeting, the shortcuts with the unread badge, points and coupons.
 * /mypage/ has the same screen with the frame and shortcuts in its server HTML (src/pages/mypage/index.astro).
 */
import { SHORTCUTS, UNREAD_SHORTCUT } from '#lib/mypage-menu.ts';
import MyCoupons from './MyCoupons.tsx';
import MypageFrame from './MypageFrame.tsx';
import { MemberGreeting } from './MypageHome.tsx';
import UnreadCount from './UnreadCount.tsx';

export default function MemberHub() {
  return (
    <MypageFrame>
      <div className="stack">
        <MemberGreeting />
        <ul className="menu-grid">
          {SHORTCUTS.map((item) => (
            <li key={item.href}>
              <a className="panel menu-item" href={item.href}>
                <strong>
                  {item.label}
                  {item.href === UNREAD_SHORTCUT && <UnreadCount />}
                </strong>
                <span className="muted">{item.note}</span>
              </a>
            </li>
          ))}
        </ul>
        <MyCoupons />
      </div>
    </MypageFrame>
  );
}
