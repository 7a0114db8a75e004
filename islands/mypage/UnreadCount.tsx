/**
 * 「未読n件」 on the member top's メッセージ shortcut (a badge, global.css): loaded once the page shows;
 * nothing while loading, for a visitor who is not a member, or on failure. Its own small island on
 * /mypage/ (the shortcuts are server HTML there), so it waits for the member gate's session check
 * like the screen's other islands; part of the /ec/ member top (MemberHub.tsx).
 */
import { getUnreadSystemMessageCount } from '#api-client/mypage/system-messages.ts';
import { useMemberGate } from '../common/MemberGate.tsx';
import { useEffect, useState } from '../common/react.ts';

export default function UnreadCount() {
  const allowed = useMemberGate();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!allowed) return;
    const ctl = new AbortController();
    getUnreadSystemMessageCount({ signal: ctl.signal }).then(setCount, () => {});
    return () => ctl.abort();
  }, [allowed]);
  return count === null ? null : <span className="unread-count">未読{count}件</span>;
}
