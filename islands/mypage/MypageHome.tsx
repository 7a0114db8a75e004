/**
 * Member top (/mypage/ and /ec/): greeting, the member menu and logout. Login required; nothing
 * personal is in the server HTML.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $me } from '../../src/stores/query.ts';
import { useSessionStore } from '../../src/stores/session.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { refreshHeader } from '../common/navigation.ts';
import { useRequireLogin } from '../common/useRequireLogin.ts';

/** Login guard, then the member top. */
export default function MypageHome() {
  const loggedIn = useRequireLogin();
  return loggedIn ? <MemberTop /> : <Loading />;
}

const MENU = [
  { href: '/mypage/order_history/', label: '注文履歴', note: 'ご注文の状況と内容を確認できます' },
  { href: '/product/', label: '商品一覧', note: 'お買い物を続ける' },
  { href: '/cart/', label: 'カート', note: 'カートの中身を確認する' },
];

function MemberTop() {
  const { data: me, error } = useStore($me);
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    setLeaving(true);
    await useSessionStore.getState().logout();
    refreshHeader();
    window.location.assign('/');
  }

  return (
    <div className="stack">
      <ErrorMessage error={error} fallback="会員情報を読み込めませんでした。" />
      <p className="greeting">{me ? `${me.last_name} ${me.first_name} 様、いつもご利用ありがとうございます。` : 'ようこそ。'}</p>
      <nav aria-label="マイページメニュー">
        <ul className="menu-grid">
          {MENU.map((item) => (
            <li key={item.href}><a className="panel menu-item" href={item.href}><strong>{item.label}</strong><span className="muted">{item.note}</span></a></li>
          ))}
        </ul>
      </nav>
      <p><button type="button" className="btn" onClick={logout} disabled={leaving}>ログアウト</button></p>
    </div>
  );
}
