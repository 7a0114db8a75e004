/**
 * What every my-page island renders around its screen: the member guard, the login notice and the
 * toast region (part of the island, not a second one). The frame itself (the member menu beside the
 * content) and the page heading are in the server HTML (src/layouts/Mypage.astro), so they are there
 * before any script runs; the island fills the frame's content column and wires the menu up
 * (member-menu.ts). /ec/ draws the frame in its island instead (MypageFrame.tsx).
 */

import type { ReactNode } from 'react';
import LoginWarning from '../auth/LoginWarning.tsx';
import MemberGate from '../common/MemberGate.tsx';
import { useEffect } from '../common/react.ts';
import ToastRegion from '../common/ToastRegion.tsx';
import { wireMemberMenu } from './member-menu.ts';

/** Member guard + the login notice + the screen; `loading` shows while the session is checked. */
export default function MypageLayout({ children, loading }: { children: ReactNode; loading?: ReactNode }) {
  useEffect(() => wireMemberMenu(), []);
  return (
    <>
      <MemberGate loading={loading}>
        <LoginWarning />
        {children}
      </MemberGate>
      <ToastRegion />
    </>
  );
}
