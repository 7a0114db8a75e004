/**
 * Guard for login-required islands (spec 2 "Redirect rules"). Checks the session once; a guest is
 * sent to /login/ with a redirect back here. After a failed token refresh the shopper goes to
 * /login/?re=1 instead, which explains that the login expired.
 */
import { useEffect } from 'react';
import { useSessionStore } from '../../src/stores/session.ts';
import { loginUrl } from './navigation.ts';

/** True once the visitor is known to be logged in; until then the island renders its loading state. */
export function useRequireLogin(): boolean {
  const check = useSessionStore((s) => s.check);
  const isLogin = useSessionStore((s) => s.isLogin);
  const isRefreshFailed = useSessionStore((s) => s.isRefreshFailed);

  useEffect(() => {
    void useSessionStore.getState().checkSession();
  }, []);

  useEffect(() => {
    if (!check || isLogin) return;
    const here = `${window.location.pathname}${window.location.search}`;
    window.location.replace(loginUrl(here, isRefreshFailed));
  }, [check, isLogin, isRefreshFailed]);

  return check && isLogin;
}
