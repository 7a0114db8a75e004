/**
 * The member top's greeting (/mypage/, and /ec/ through MemberHub.tsx): 「{姓} {名} 様」 once the member
 * is loaded, 「ようこそ」 before, and a notice a flow asked for with ?notice=<key> (only the keys below
 * are shown, never text from the URL). On /mypage/ the shortcuts and the frame are server HTML
 * (src/pages/mypage/index.astro) and the coupons their own island (MypageCoupons.tsx): this island
 * holds the member gate and draws only what depends on the member. Nothing personal is in the HTML.
 */
import { getMe } from '#api-client/account/user.ts';
import type { User } from '#api-client/core/types.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import { useEffect, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';
import { useRead } from './use-read.ts';

/** The greeting in the member gate; the gate's loading state is the greeting's own first state (no shift). */
export default function MypageHome() {
  return (
    <MypageLayout loading={<Greeting me={null} />}>
      <MemberGreeting />
    </MypageLayout>
  );
}

/** Notices another screen may ask for when it sends the member here. */
export const NOTICES: Record<string, string> = {
  password_reset: 'パスワードを再設定しました',
};

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

/** Notice, load failure and greeting. */
export function MemberGreeting() {
  const { data: me, error } = useRead('me', (signal) => getMe({ signal }));
  const notice = useNotice();
  return (
    <>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <ErrorMessage error={error} fallback="会員情報を読み込めませんでした。" />
      <Greeting me={me ?? null} />
    </>
  );
}

/** Two lines whatever the member's data says, so the shortcuts below do not move when it arrives. */
function Greeting({ me }: { me: User | null }) {
  return (
    <p className="greeting">
      {me ? `${me.last_name} ${me.first_name} 様` : 'ようこそ'}
      <br />
      いつもご利用ありがとうございます。
    </p>
  );
}
