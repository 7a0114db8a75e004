/**
 * /verify/email/?token=…: the link of the verification mail. POST /v1/email-verify/check marks the
 * member registered and logs them in (adoptLoginResponse); an invalid, used or expired link shows
 * the API's message and the way to a new mail.
 */

import { emailVerifyCheck } from '#api-client/account/account.ts';
import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { useSessionStore } from '#stores/session.ts';
import { adoptLoginResponse } from '#stores/session-actions.ts';
import Loading from '../common/Loading.tsx';
import { refreshHeader } from '../common/navigation.ts';
import { useEffect, useRef, useState } from '../common/react.ts';
import ResendVerification from './ResendVerification.tsx';
import { accountPaths } from './shared.ts';
import { NO_TOKEN_MESSAGE } from './use-token-link.ts';

export const VERIFIED_MESSAGE = 'メールアドレスの確認が完了しました';
export { NO_TOKEN_MESSAGE };

type State = { status: 'checking' } | { status: 'done' } | { status: 'failed'; message: string };

export default function VerifyEmail() {
  const [state, setState] = useState<State>({ status: 'checking' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token');
    void (async () => {
      // The pending answer of this tab (if any) for the resend button on failure.
      await useSessionStore.getState().checkSession();
      if (!token) {
        setState({ status: 'failed', message: NO_TOKEN_MESSAGE });
        return;
      }
      try {
        await adoptLoginResponse(await emailVerifyCheck(token), { source: 'verify' });
        refreshHeader();
        setState({ status: 'done' });
      } catch (e) {
        if (isDisplayableError(e)) setState({ status: 'failed', message: firstErrorMessage(e) });
      }
    })();
  }, []);

  if (state.status === 'checking') return <Loading />;
  if (state.status === 'done') {
    return (
      <div className="stack">
        <p className="notice" role="status">
          {VERIFIED_MESSAGE}
        </p>
        <p>会員登録が完了しました。ご登録ありがとうございます。</p>
        <p>
          <a className="btn btn-primary" href={accountPaths.mypage}>
            マイページ
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <p className="alert" role="alert">
        {state.message}
      </p>
      <ResendVerification />
    </div>
  );
}
