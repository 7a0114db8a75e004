/**
 * The guest-only rule of the reminder screens (spec 2, like the login screen): once the session is
 * checked, a logged-in member goes to /ec/ (an unregistered one to /verify/ when first-login
 * verification is on). The page carries the member rules in data-member-rules.
 */

import { useSessionStore } from '#stores/session.ts';
import { guestOnlyTarget } from '../auth/shared.ts';
import { useEffect } from '../common/react.ts';

/** Checks the session once on mount and leaves the page if the rule says so. */
export function useGuestOnly(): void {
  useEffect(() => {
    void useSessionStore
      .getState()
      .checkSession()
      .then(() => {
        const away = guestOnlyTarget();
        if (away) window.location.replace(away);
      });
  }, []);
}
