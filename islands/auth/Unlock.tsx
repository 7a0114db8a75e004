/**
 * /login/unlock/?token=…: the link of the lockout mail. GET /v1/auth/unlock/{token} clears the lock
 * and answers the message to show; an invalid, used or expired link shows the API's message.
 */
import { useEffect, useRef, useState } from '../common/react.ts';
import { unlock } from '../../src/api-client/account.ts';
import { firstErrorMessage, isDisplayableError } from '../../src/api-client/errors.ts';
import Loading from '../common/Loading.tsx';
import { accountPaths } from './shared.ts';
import { NO_TOKEN_MESSAGE } from './VerifyEmail.tsx';

export const UNLOCKED_FALLBACK = 'アカウントのロックを解除しました。';

type State = { status: 'checking' } | { status: 'done' | 'failed'; message: string };

export default function Unlock() {
  const [state, setState] = useState<State>({ status: 'checking' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) {
      setState({ status: 'failed', message: NO_TOKEN_MESSAGE });
      return;
    }
    unlock(token).then(
      (message) => setState({ status: 'done', message: message || UNLOCKED_FALLBACK }),
      (e: unknown) => { if (isDisplayableError(e)) setState({ status: 'failed', message: firstErrorMessage(e) }); },
    );
  }, []);

  if (state.status === 'checking') return <Loading />;
  return (
    <div className="stack">
      <p className={state.status === 'done' ? 'notice' : 'alert'} role={state.status === 'done' ? 'status' : 'alert'}>{state.message}</p>
      {state.status === 'failed' && <p>ロックが解除できない場合は、パスワードを再設定するとログインできます。 <a href={accountPaths.reminder}>パスワードをお忘れの方</a></p>}
      <p><a className="btn btn-primary" href={accountPaths.login}>ログイン画面へ</a></p>
    </div>
  );
}
