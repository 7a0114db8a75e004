/**
 * What the account islands share: their paths (spelled here: islands do not import the `paths`
 * table of src/lib/routes.ts, which would put the whole table in the shared chunk) and the
 * guest-only rule of spec 2 as a hook.
 */

import { guestMiddleware } from '#lib/route-middleware.ts';
import { useSessionStore } from '#stores/session.ts';
import { readMemberRules } from '../common/member-rules.ts';
import { useEffect, useState } from '../common/react.ts';

export const accountPaths = {
  login: '/login/',
  loginSync: '/login_sync/',
  register: '/register/',
  registerComplete: '/register/complete/',
  reminder: '/reminder/',
  reminderUsername: '/reminder/username/',
  verify: '/verify/',
  mypage: '/mypage/',
  password: '/mypage/password/',
  userInfoEdit: '/mypage/user_info/edit/',
} as const;

/** Where the guest-only rule (the 'guest' route middleware) sends the visitor now (/ec/ or /verify/), or null to stay. */
export function guestOnlyTarget(): string | null {
  const { pathname, search } = window.location;
  return guestMiddleware({ pathname, returnTo: pathname + search, visitor: useSessionStore.getState(), settings: readMemberRules() });
}

/**
 * Guest-only screen (login, register): checks the session once and sends a logged-in member on.
 * True once the visitor may stay (until then the screen shows its loading state).
 */
export function useGuestOnly(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void useSessionStore
      .getState()
      .checkSession()
      .then(() => {
        const away = guestOnlyTarget();
        if (away) window.location.replace(away);
        else setReady(true);
      });
  }, []);
  return ready;
}
