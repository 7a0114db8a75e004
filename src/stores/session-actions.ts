/**
 * Logging in (spec 4 "Login"), on the session store. Apart from the store so that the member-only
 * pages, which only check the session, do not carry the login call, the cart merge and the history
 * clearing in their first load; logging out is src/stores/logout.ts, the notices login-warnings.ts.
 */

import { loginUser } from '#api-client/account/auth.ts';
import { endSession, getSession, setSession } from '#api-client/core/http.ts';
import type { LoginRequest, LoginResponse } from '#contracts/auth.ts';
import { clearStoredHistory } from './history-key.ts';
import { loginWarning } from './login-warnings.ts';
import { logout, pushTrackingUserId } from './logout.ts';
import { loggedOutState, useSessionStore, writeAuthExtras } from './session.ts';

export { LOGIN_WARNINGS, loginWarning } from './login-warnings.ts';
export { logout };

/** What login() did: logged in, waiting for a verification code, or an unregistered member. */
export type LoginResult =
  | { status: 'logged_in'; response: LoginResponse }
  | { status: 'verify'; response: LoginResponse }
  | { status: 'unregistered'; response: LoginResponse };

/** Where a LoginResponse came from (the caller's flow; the section-4 rules are the same for all). */
export type LoginSource = 'login' | 'register' | 'reminder' | 'verify';

/**
 * The one place that applies the section-4 login rules to any login answer (login, channel-sync
 * login, verification code, registration, e-mail verification, reminder reset):
 * - is_verify: the code step follows; the mfa user id is kept, nothing is stored;
 * - is_registered_member false: not a login; the answer is kept (this tab only) for /verify/;
 * - otherwise: the local product history is cleared, the token stored, the warning noted and the
 *   guest cart merged before the caller moves on.
 */
export async function adoptLoginResponse(
  response: LoginResponse & { is_manager?: boolean },
  opts: { source?: LoginSource; isSyncUserChannel?: boolean; isManagerLogin?: boolean } = {},
): Promise<LoginResult> {
  const set = useSessionStore.setState;
  const flags = {
    isSyncUserChannel: opts.isSyncUserChannel ?? useSessionStore.getState().isSyncUserChannel,
    isManagerLogin: response.is_manager === true || (opts.isManagerLogin ?? useSessionStore.getState().isManagerLogin),
  };
  if (response.is_verify) {
    set({ mfaUserId: response.user_id, isLogin: false, check: true, ...flags });
    return { status: 'verify', response };
  }
  if (response.is_registered_member === false) {
    // Spec 4: logged in only if is_registered_member is absent or true. The token stays out of the
    // cookies, so no page restores it as a login; a session of somebody else ends first.
    if (getSession()) endSession({ keepCart: true });
    set({ ...loggedOutState, check: true, isRegisteredMember: false });
    writeAuthExtras({ pendingVerification: response, isManagerLogin: flags.isManagerLogin });
    return { status: 'unregistered', response };
  }
  // Spec 4: login clears the local product history. The stored copy is removed here; the history
  // store, where a page has it, clears its items on the 'token' event. Not a dynamic import of the
  // store: that would add Vite's preload helper to every page with the session store.
  clearStoredHistory();
  setSession(response); // the 'token' event sets isLogin and starts the cart merge
  set({ mfaUserId: null, isRefreshFailed: false, check: true });
  writeAuthExtras({ pendingVerification: null, warningMessage: loginWarning(response), ...flags });
  pushTrackingUserId(String(response.user_id));
  // The guest cart is merged into the member's before the caller moves to another page. The cart store
  // (2.6 KB brotli, the chunk the checkout steps share) is loaded only now, not in the first load of the
  // login and registration screens; where a page has it already, its 'token' listener started the merge.
  const { cartAfterLogin } = await import('./cart.ts');
  await cartAfterLogin();
  return { status: 'logged_in', response };
}

/** Posts the credentials; rejects with the ApiError of a failed login (422 auth.failed). */
export async function login(credentials: LoginRequest, opts: { isManagerLogin?: boolean } = {}): Promise<LoginResult> {
  return adoptLoginResponse(await loginUser(credentials), { source: 'login', isSyncUserChannel: false, ...opts });
}
