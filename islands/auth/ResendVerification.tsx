/**
 * 「確認メールを再送する」 (POST /v1/email-verify/request) for the member waiting for the e-mail
 * verification: their token is the pending login answer kept in the session store (this tab), never
 * the token cookies. Without one (another browser, a closed tab) it says to log in again, which
 * brings the member back here through the guest-only rule.
 */

import { emailVerifyRequest } from '#api-client/account/account.ts';
import { ApiError, firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { useSessionStore, writeAuthExtras } from '#stores/session.ts';
import { useState } from '../common/react.ts';
import { accountPaths } from './shared.ts';

export const RESENT_FALLBACK = '確認メールを再送しました。';
export const LOGIN_TO_RESEND = '確認メールを再送するには、ご登録のログインIDとパスワードでログインしてください。';

export default function ResendVerification() {
  const pending = useSessionStore((s) => s.pendingVerification);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!pending) {
    return (
      <p>
        {LOGIN_TO_RESEND} <a href={accountPaths.login}>ログイン</a>
      </p>
    );
  }

  async function resend() {
    if (busy || !pending) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone((await emailVerifyRequest(pending.access_token)) || RESENT_FALLBACK);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        // The pending login has run out: forget it, so the login screen no longer sends the visitor here.
        writeAuthExtras({ pendingVerification: null });
        useSessionStore.setState({ isRegisteredMember: null });
      } else if (isDisplayableError(e)) {
        setError(firstErrorMessage(e));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <p>
        <button type="button" className="btn" onClick={() => void resend()} disabled={busy} aria-busy={busy}>
          確認メールを再送する
        </button>
      </p>
    </div>
  );
}
