/**
 * /verify/: where the guest-only rule sends a member whose e-mail is not verified yet (spec 2, with
 * first-login verification on). Explains the mail, resends it, or lets the visitor give up this
 * pending login and log in with another account.
 */

import { useSessionStore, writeAuthExtras } from '#stores/session.ts';
import Loading from '../common/Loading.tsx';
import { useEffect } from '../common/react.ts';
import { MAIL_SENT_MESSAGE } from './RegisterComplete.tsx';
import ResendVerification from './ResendVerification.tsx';
import { accountPaths } from './shared.ts';

export default function VerifyNotice() {
  const check = useSessionStore((s) => s.check);
  const isLogin = useSessionStore((s) => s.isLogin);
  const pending = useSessionStore((s) => s.pendingVerification);

  useEffect(() => {
    void useSessionStore.getState().checkSession();
  }, []);

  function otherAccount() {
    writeAuthExtras({ pendingVerification: null });
    useSessionStore.setState({ isRegisteredMember: null });
    window.location.assign(accountPaths.login);
  }

  if (!check) return <Loading />;
  if (isLogin) {
    return (
      <p>
        メールアドレスの確認は完了しています。 <a href={accountPaths.mypage}>マイページ</a>
      </p>
    );
  }
  return (
    <div className="stack">
      <p>会員登録を完了するには、メールアドレスの確認が必要です。</p>
      {pending && <p>{MAIL_SENT_MESSAGE}</p>}
      <ResendVerification />
      {pending && (
        <p>
          <button type="button" className="btn-link" onClick={otherAccount}>
            別のアカウントでログインする
          </button>
        </p>
      )}
    </div>
  );
}
