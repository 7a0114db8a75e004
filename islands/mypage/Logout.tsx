/**
 * /mypage/logout/ (ログアウト): logs the visitor out on arrival with the session store's logout (spec
 * 4: the token and, by default, the cart token are cleared; the API's session ends; tracking gets an
 * empty user id) and shows the done screen with links to the top and to the login screen. No member
 * gate: the screen is the same whether a session was there or not, and it must stay after the
 * session ends.
 */

import { homePath, loginPath } from '#lib/routes.ts';
import { logout } from '#stores/logout.ts';
import Loading from '../common/Loading.tsx';
import { leaveMemberArea } from '../common/MemberGate.tsx';
import { refreshHeader } from '../common/navigation.ts';
import { useEffect, useRef, useState } from '../common/react.ts';

export default function Logout() {
  const [done, setDone] = useState(false);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    leaveMemberArea();
    void logout().finally(() => {
      refreshHeader();
      setDone(true);
    });
  }, []);

  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  if (!done) return <Loading label="ログアウトしています…" />;
  return (
    <div className="stack panel">
      <h2 ref={heading} tabIndex={-1}>
        ログアウトしました
      </h2>
      <p role="status">ご利用ありがとうございました。</p>
      <ul className="actions" style={{ listStyle: 'none', padding: 0 }}>
        <li>
          <a className="btn btn-primary" href={homePath}>
            トップページへ
          </a>
        </li>
        <li>
          <a className="btn" href={loginPath()}>
            ログイン画面へ
          </a>
        </li>
      </ul>
    </div>
  );
}
