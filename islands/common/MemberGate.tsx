/**
 * The one member-only guard (spec 2 redirect rules, spec 6 SITE.NO_MEMBER_USE). Checks the session
 * once per page (the session store shares one check between islands), runs the 'auth' route
 * middleware (src/lib/route-middleware.ts; the page declares it, see src/layouts/Mypage.astro), sends
 * a visitor who may not stay to the rule's target, and shows the loading state until then. Every
 * login-required island renders inside it instead of carrying its own copy of the check.
 */

import type { ReactNode } from 'react';
import { isGuestCheckout } from '#api-client/core/options.ts';
import type { RedirectSettings } from '#lib/redirects.ts';
import { authMiddleware } from '#lib/route-middleware.ts';
import { useSessionStore } from '#stores/session.ts';
import Loading from './Loading.tsx';
import { readMemberRules } from './member-rules.ts';
import { currentReturnPath } from './navigation.ts';
import { useEffect } from './react.ts';

/** Set while the member leaves on purpose (logout): the page is on its way elsewhere. */
let leaving = false;

/**
 * Marks a deliberate exit from the member area (logout). Without it the session end makes the gate
 * send the visitor to /login/, racing the logout's own navigation to the top page.
 */
export function leaveMemberArea(): void {
  leaving = true;
}

/**
 * True once the visitor may see the member-only content; redirects otherwise. `allowGuest`: the
 * checkout steps, which a guest purchase (非会員購入) may also go through.
 */
export function useMemberGate(settings?: RedirectSettings, allowGuest = false): boolean {
  const check = useSessionStore((s) => s.check);
  const isLogin = useSessionStore((s) => s.isLogin);
  const isRegisteredMember = useSessionStore((s) => s.isRegisteredMember);
  const isRefreshFailed = useSessionStore((s) => s.isRefreshFailed);
  const rules = settings ?? readMemberRules();

  useEffect(() => {
    void useSessionStore.getState().checkSession();
  }, []);

  const guest = allowGuest && !isLogin && isGuestCheckout();
  const target =
    check && !guest
      ? authMiddleware({
          pathname: window.location.pathname,
          returnTo: currentReturnPath(),
          visitor: { isLogin, isRegisteredMember, isRefreshFailed },
          settings: rules,
        })
      : null;
  useEffect(() => {
    if (target && !leaving) window.location.replace(target);
  }, [target]);

  return check && target === null;
}

interface Props {
  children: ReactNode;
  /** Site settings of the rules; read from the page (data-member-rules) when not given. */
  settings?: RedirectSettings;
  /** What shows while the session is checked or the redirect runs. */
  loading?: ReactNode;
  /** Let a guest purchase through too (the checkout steps). */
  allowGuest?: boolean;
}

/** Renders `children` only for a visitor the member-only rule lets stay. */
export default function MemberGate({ children, settings, loading, allowGuest }: Props) {
  const allowed = useMemberGate(settings, allowGuest);
  return <>{allowed ? children : (loading ?? <Loading />)}</>;
}
