/**
 * /ec/ (spec 2: a public route, where the home action and guest-only screens send a member). A
 * logged-in visitor gets the member top in the my-page frame (its member gate still applies the
 * first-login verification rule); a guest gets the shop's entrance instead of a redirect to /login/:
 * the way to log in (coming back here), to register and to the products.
 */

import { ecPath, loginPath, productListPath, registerPath } from '#lib/routes.ts';
import { useSessionStore } from '#stores/session.ts';
import Loading from '../common/Loading.tsx';
import { useEffect } from '../common/react.ts';
import MemberHub from './MemberHub.tsx';

export default function EcTop() {
  const check = useSessionStore((s) => s.check);
  const isLogin = useSessionStore((s) => s.isLogin);
  useEffect(() => {
    void useSessionStore.getState().checkSession();
  }, []);
  if (!check) return <Loading />;
  return isLogin ? <MemberHub /> : <GuestTop />;
}

/** What a guest sees on /ec/. */
function GuestTop() {
  return (
    <div className="stack">
      <p className="greeting">ようこそ。ログインすると、注文履歴・お届け先・ポイント・お気に入りをご利用いただけます。</p>
      <ul className="menu-grid">
        <li>
          <a className="panel menu-item" href={loginPath({ redirect: ecPath })}>
            <strong>ログイン</strong>
            <span className="muted">会員の方はこちら</span>
          </a>
        </li>
        <li>
          <a className="panel menu-item" href={registerPath}>
            <strong>新規会員登録</strong>
            <span className="muted">はじめての方はこちら</span>
          </a>
        </li>
        <li>
          <a className="panel menu-item" href={productListPath()}>
            <strong>商品一覧</strong>
            <span className="muted">会員登録せずにお買い物もできます</span>
          </a>
        </li>
      </ul>
    </div>
  );
}
