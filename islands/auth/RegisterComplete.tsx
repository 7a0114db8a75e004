/**
 * /register/complete/: after registration. A registered member (logged in) gets the links on; a
 * member who must verify the address first (is_registered_member false: not logged in, spec 4) is
 * told a confirmation mail was sent and may have it sent again.
 */

import { useSessionStore } from '#stores/session.ts';
import Loading from '../common/Loading.tsx';
import { useEffect } from '../common/react.ts';
import ResendVerification from './ResendVerification.tsx';
import { accountPaths } from './shared.ts';

export const MAIL_SENT_MESSAGE =
  'ご登録のメールアドレスに確認メールを送信しました。メールに記載のURLを開いて、メールアドレスの確認を完了してください。';

export default function RegisterComplete() {
  const check = useSessionStore((s) => s.check);
  const isLogin = useSessionStore((s) => s.isLogin);
  const pending = useSessionStore((s) => s.pendingVerification);

  useEffect(() => {
    void useSessionStore.getState().checkSession();
  }, []);

  if (!check) return <Loading />;
  if (pending) {
    return (
      <div className="stack">
        <p>{MAIL_SENT_MESSAGE}</p>
        <p className="muted">メールが届かない場合は、迷惑メールフォルダをご確認のうえ、確認メールを再送してください。</p>
        <ResendVerification />
      </div>
    );
  }
  return (
    <div className="stack">
      <p>
        {isLogin ? 'ご登録ありがとうございます。お買い物をお楽しみください。' : 'ご登録ありがとうございます。ログインしてご利用ください。'}
      </p>
      <ul className="login-links">
        {isLogin ? (
          <li>
            <a href={accountPaths.mypage}>マイページ</a>
          </li>
        ) : (
          <li>
            <a href={accountPaths.login}>ログイン</a>
          </li>
        )}
        <li>
          <a href="/">トップページへ</a>
        </li>
      </ul>
    </div>
  );
}
