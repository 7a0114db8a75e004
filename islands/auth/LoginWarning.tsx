/**
 * The notice after a login whose answer said the password has expired or mail cannot be delivered
 * (spec 3 warningMessage, hasPasswordExpired, hasMailErrorCountOver): kept in the session store
 * (this tab) by adoptLoginResponse, shown on the next screen with the link to fix it, dismissible.
 */

import { LOGIN_WARNINGS } from '#stores/login-warnings.ts';
import { useSessionStore } from '#stores/session.ts';
import { useEffect } from '../common/react.ts';

export default function LoginWarning() {
  const message = useSessionStore((s) => s.warningMessage);
  const isLogin = useSessionStore((s) => s.isLogin);
  useEffect(() => {
    void useSessionStore.getState().checkSession();
  }, []);
  if (!message || !isLogin) return null;
  const fix = Object.values(LOGIN_WARNINGS).find((w) => w.message === message);
  return (
    <div className="alert login-warning" role="status">
      <p>
        {message}
        {fix && (
          <>
            {' '}
            <a href={fix.href}>{fix.link}</a>
          </>
        )}
      </p>
      <button type="button" className="btn" onClick={() => useSessionStore.getState().setWarningMessage(null)}>
        閉じる
      </button>
    </div>
  );
}
