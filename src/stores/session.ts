/**
 * Auth state (spec 3 "Auth state", spec 4 "Login", "Session check", "Logout"). The token itself lives
 * in the http core's token store (cookies); this store mirrors it for the screens and listens to the
 * core, so a refresh or forced logout inside any request shows up here too. Logging in and out are
 * in ./session-actions.ts: the member-only pages that only check the session do not carry them.
 */
import { create } from 'zustand';
import { isIgnoredError } from '#api-client/core/errors.ts';
import { clientNow, endSession, getSession, onSessionEvent, refreshSession } from '#api-client/core/http.ts';
import { isTokenExpired } from '#api-client/core/token.ts';
import type { LoginResponse } from '#contracts/auth.ts';

export interface AuthState {
  /** The session has been checked at least once on this page. */
  check: boolean;
  isLogin: boolean;
  /** False for a member who still has to verify the e-mail (spec 6); null when unknown. */
  isRegisteredMember: boolean | null;
  hasPasswordExpired: boolean;
  hasMailErrorCountOver: boolean;
  accessToken: string | null;
  /** Epoch ms, already 5 s before the server's expiry. */
  tokenExpiresAt: number | null;
  /** Set while a verification code is pending after login (is_verify). */
  mfaUserId: number | null;
  /**
   * The answer of a login by a member who has not verified the e-mail yet (is_registered_member
   * false), for the verification screens (resending the mail needs its token). Never in the token
   * cookies, so no page treats it as a login; kept in this tab's sessionStorage (see authExtras).
   */
  pendingVerification: LoginResponse | null;
  /** The last refresh failed; login-required screens do not redirect again (spec 2). */
  isRefreshFailed: boolean;
  /** Logged in through the channel-sync login (/login_sync/). */
  isSyncUserChannel: boolean;
  /** Manager login (spec 6: the flag exists, its handling is not shown). */
  isManagerLogin: boolean;
  /** The notice to show after login (password expired, mail undeliverable); null when none. */
  warningMessage: string | null;
}

/** The parts of the auth state that outlive a page load in this tab (sessionStorage). */
interface AuthExtras {
  pendingVerification?: LoginResponse | null;
  isSyncUserChannel?: boolean;
  isManagerLogin?: boolean;
  warningMessage?: string | null;
}

export const AUTH_EXTRAS_KEY = 'shop:auth-extras';

function sessionStore(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage disabled
  }
}

/** The stored extras; anything unreadable counts as none. Checked loosely: only this code writes them. */
export function readAuthExtras(): AuthExtras {
  try {
    const parsed = JSON.parse(sessionStore()?.getItem(AUTH_EXTRAS_KEY) ?? 'null') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const x = parsed as Record<string, unknown>;
    const pending = x.pendingVerification as LoginResponse | null | undefined;
    // A pending answer whose token has run out is of no use any more (resending needs the token).
    const usable =
      !!pending &&
      typeof pending.access_token === 'string' &&
      typeof pending.user_id === 'number' &&
      !(Date.parse(pending.expires_at) <= clientNow());
    return {
      pendingVerification: usable ? pending : null,
      isSyncUserChannel: x.isSyncUserChannel === true,
      isManagerLogin: x.isManagerLogin === true,
      warningMessage: typeof x.warningMessage === 'string' ? x.warningMessage : null,
    };
  } catch {
    return {};
  }
}

/** Merges `patch` into the stored extras (null/false values are dropped) and into the store. */
export function writeAuthExtras(patch: AuthExtras): void {
  const next = { ...readAuthExtras(), ...patch };
  const kept = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== null && v !== false && v !== undefined));
  try {
    const storage = sessionStore();
    if (Object.keys(kept).length) storage?.setItem(AUTH_EXTRAS_KEY, JSON.stringify(kept));
    else storage?.removeItem(AUTH_EXTRAS_KEY);
  } catch {
    // storage full or disabled: the store still has them for this page
  }
  useSessionStore.setState(patch as Partial<AuthState>);
}

function clearAuthExtras(): void {
  try {
    sessionStore()?.removeItem(AUTH_EXTRAS_KEY);
  } catch {
    // storage disabled
  }
}

interface SessionActions {
  /** Restores the session from the stored token, refreshing when expired (or when `force`). */
  checkSession: (opts?: { force?: boolean }) => Promise<boolean>;
  /** Refreshes the token now; false (and logged out with isRefreshFailed) when the refresh fails. */
  refresh: () => Promise<boolean>;
  setWarningMessage: (message: string | null) => void;
}

export type SessionStore = AuthState & SessionActions;

export const loggedOutState: AuthState = {
  check: false,
  isLogin: false,
  isRegisteredMember: null,
  hasPasswordExpired: false,
  hasMailErrorCountOver: false,
  accessToken: null,
  tokenExpiresAt: null,
  mfaUserId: null,
  pendingVerification: null,
  isRefreshFailed: false,
  isSyncUserChannel: false,
  isManagerLogin: false,
  warningMessage: null,
};

let checking: Promise<boolean> | null = null;

export const useSessionStore = create<SessionStore>()((set, get) => ({
  ...loggedOutState,

  checkSession(opts = {}) {
    // Several islands check on load; they share one check (and so at most one refresh).
    checking ??= (async () => {
      const stored = getSession();
      const extras = readAuthExtras();
      if (!stored) {
        // No token: logged out, and the cart token is deliberately left alone. A member waiting for
        // the e-mail verification is not logged in either (spec 4), but the guest-only rule sends
        // them to /verify/ (spec 2), so their pending answer comes back from this tab's storage.
        const pending = extras.pendingVerification ?? get().pendingVerification;
        set({
          ...loggedOutState,
          check: true,
          isRefreshFailed: get().isRefreshFailed,
          pendingVerification: pending,
          isRegisteredMember: pending ? false : null,
          isManagerLogin: extras.isManagerLogin ?? get().isManagerLogin,
        });
        return false;
      }
      set({
        isSyncUserChannel: extras.isSyncUserChannel ?? get().isSyncUserChannel,
        isManagerLogin: extras.isManagerLogin ?? get().isManagerLogin,
        warningMessage: extras.warningMessage ?? get().warningMessage,
      });
      if (!opts.force && !isTokenExpired(stored.expiresAt, clientNow())) {
        set({
          check: true,
          isLogin: get().isRegisteredMember !== false,
          accessToken: stored.accessToken,
          tokenExpiresAt: stored.expiresAt,
        });
        return get().isLogin;
      }
      return get().refresh();
    })().finally(() => {
      checking = null;
    });
    return checking;
  },

  async refresh() {
    try {
      await refreshSession();
      // This tab's refresh has updated the store through the 'token' event (or ended the session);
      // a token another tab refreshed meanwhile comes back without one, so the stored token decides.
      const stored = getSession();
      set({
        check: true,
        isLogin: !!stored && get().isRegisteredMember !== false,
        accessToken: stored?.accessToken ?? null,
        tokenExpiresAt: stored?.expiresAt ?? null,
      });
      return get().isLogin;
    } catch (e) {
      if (isIgnoredError(e)) {
        // Offline: keep what we have rather than logging the member out over a network blip.
        const stored = getSession();
        set({ check: true, isLogin: !!stored, accessToken: stored?.accessToken ?? null, tokenExpiresAt: stored?.expiresAt ?? null });
        return !!stored;
      }
      endSession({ refreshFailed: true });
      return false;
    }
  },

  setWarningMessage(message) {
    writeAuthExtras({ warningMessage: message });
  },
}));

onSessionEvent((e) => {
  if (e.type === 'token' && e.response.is_registered_member === false) {
    // A refresh that says the member is not registered (any more): no stored session may survive it.
    endSession({ keepCart: true });
    return;
  }
  if (e.type === 'token') {
    const registered = e.response.is_registered_member;
    useSessionStore.setState({
      // Logged in only if is_registered_member is absent or true (spec 4).
      isLogin: registered !== false,
      isRegisteredMember: registered,
      accessToken: e.session.accessToken,
      tokenExpiresAt: e.session.expiresAt,
      isRefreshFailed: false,
      hasPasswordExpired: e.response.has_password_expired,
      hasMailErrorCountOver: e.response.has_mail_error_count_over,
    });
  } else {
    clearAuthExtras();
    useSessionStore.setState({ ...loggedOutState, check: true, isRefreshFailed: e.refreshFailed });
  }
});
