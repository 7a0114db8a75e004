/**
 * Member top (/mypage/ and /ec/): greeting and the member's shortcuts, inside the my-page frame
 * (member guard, menu, logout). Nothing personal is in the server HTML.
 */
import { useStore } from '@nanostores/react';
import { cartPath, orderHistoryPath, productListPath } from '../../src/lib/routes.ts';
import { $me } from '../../src/stores/queries/user.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import MypageLayout from './MypageLayout.tsx';

/** The member top in the my-page frame. */
export default function MypageHome() {
  return <MypageLayout><MemberTop /></MypageLayout>;
}

const SHORTCUTS = [
  { href: orderHistoryPath(), label: '注文履歴', note: 'ご注文の状況と内容を確認できます' },
  { href: productListPath(), label: '商品一覧', note: 'お買い物を続ける' },
  { href: cartPath, label: 'カート', note: 'カートの中身を確認する' },
];

function MemberTop() {
  const { data: me, error } = useStore($me);
  return (
    <div className="stack">
      <ErrorMessage error={error} fallback="会員情報を読み込めませんでした。" />
      <p className="greeting">{me ? `${me.last_name} ${me.first_name} 様、いつもご利用ありがとうございます。` : 'ようこそ。'}</p>
      <ul className="menu-grid">
        {SHORTCUTS.map((item) => (
          <li key={item.href}><a className="panel menu-item" href={item.href}><strong>{item.label}</strong><span className="muted">{item.note}</span></a></li>
        ))}
      </ul>
    </div>
  );
}
