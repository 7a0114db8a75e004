/**
 * /login/unlock/?token=…: the link of the lockout mail. GET /v1/auth/unlock/{token} clears the lock
 * and answers the message to show; an invalid, used or expired link shows the API's message.
 */
import { unlock } from '#api-client/account/account.ts';
import Loading from '../common/Loading.tsx';
import { accountPaths } from './shared.ts';
import { useTokenLink } from './use-token-link.ts';

export const UNLOCKED_FALLBACK = 'アカウントのロックを解除しました。';

export default function Unlock() {
  const state = useTokenLink(async (token) => (await unlock(token)) || UNLOCKED_FALLBACK);

  if (state.status === 'checking') return <Loading />;
  return (
    <div className="stack">
      <p className={state.status === 'done' ? 'notice' : 'alert'} role={state.status === 'done' ? 'status' : 'alert'}>
        {state.message}
      </p>
      {state.status === 'failed' && (
        <p>
          ロックが解除できない場合は、パスワードを再設定するとログインできます。 <a href={accountPaths.reminder}>パスワードをお忘れの方</a>
        </p>
      )}
      <p>
        <a className="btn btn-primary" href={accountPaths.login}>
          ログイン画面へ
        </a>
      </p>
    </div>
  );
}
