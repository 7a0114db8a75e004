/**
 * /register/complete/: after registration. A registered member (logged in) gets the links on; a
 * member who must verify the address first (is_registered_member false: not logged in, spec 4) is
 * told a confirmation mail was sent and may have it sent again: that resend part (with its call) is loaded
 * only for such a member, before the step is drawn, so the usual registration does not carry it.
 */

import type { ComponentType } from 'react';
import { loginPath, mypageTopPath } from '#lib/routes.ts';
import { useSessionStore } from '#stores/session.ts';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';

export const MAIL_SENT_MESSAGE =
  'ご登録のメールアドレスに確認メールを送信しました。メールに記載のURLを開いて、メールアドレスの確認を完了してください。';

/** In place of 「確認メールを再送する」 when its part could not be loaded. */
function ResendFailed() {
  return (
    <p className="alert" role="alert">
      確認メールの再送を読み込めませんでした。ページを再読み込みしてください。
    </p>
  );
}

export default function RegisterComplete() {
  const check = useSessionStore((s) => s.check);
  const isLogin = useSessionStore((s) => s.isLogin);
  const pending = useSessionStore((s) => s.pendingVerification);
  const [Resend, setResend] = useState<ComponentType | null>(null);

  useEffect(() => {
    void useSessionStore.getState().checkSession();
  }, []);
  const waiting = !!pending;
  useEffect(() => {
    if (!waiting) return;
    import('./ResendVerification.tsx').then(
      (m) => setResend(() => m.default),
      () => setResend(() => ResendFailed),
    );
  }, [waiting]);

  if (!check || (pending && !Resend)) return <Loading />;
  if (pending && Resend) {
    return (
      <div className="stack">
        <p>{MAIL_SENT_MESSAGE}</p>
        <p className="muted">メールが届かない場合は、迷惑メールフォルダをご確認のうえ、確認メールを再送してください。</p>
        <Resend />
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
            <a href={mypageTopPath}>マイページ</a>
          </li>
        ) : (
          <li>
            <a href={loginPath()}>ログイン</a>
          </li>
        )}
        <li>
          <a href="/">トップページへ</a>
        </li>
      </ul>
    </div>
  );
}
