/**
 * Logging in and out (spec 4 "Login", "Logout"), on the session store. Apart from the store so that
 * the member-only pages, which only check the session, do not carry the login call, the cart merge
 * and the history clearing in their first load.
 */

import { loginUser, logoutUser } from '#api-client/account/auth.ts';
import { endSession, getSession, setSession } from '#api-client/core/http.ts';
import type { LoginRequest, LoginResponse } from '#contracts/auth.ts';
import { cartAfterLogin } from './cart.ts';
import { clearStoredHistory } from './history-key.ts';
import { loggedOutState, useSessionStore, writeAuthExtras } from './session.ts';

/** What login() did: logged in, waiting for a verification code, or an unregistered member. */
export type LoginResult =
  | { status: 'logged_in'; response: LoginResponse }
  | { status: 'verify'; response: LoginResponse }
  | { status: 'unregistered'; response: LoginResponse };

/** Pushes the user id to the tag manager's data layer, if the page has one (logout pushes ''). */
function pushTrackingUserId(userId: string): void {
  const w = globalThis as { dataLayer?: unknown[] };
  if (Array.isArray(w.dataLayer)) w.dataLayer.push({ user_id: userId });
}

/** Where a LoginResponse came from (the caller's flow; the section-4 rules are the same for all). */
export type LoginSource = 'login' | 'register' | 'reminder' | 'verify';

/** The notices shown after a login (spec 3 hasPasswordExpired, hasMailErrorCountOver). */
export const LOGIN_WARNINGS = {
  passwordExpired: {
    message: 'パスワードの有効期限が切れています。パスワードを変更してください。',
    href: '/mypage/password/',
    link: 'パスワードを変更する',
  },
  mailErrorCountOver: {
    message: 'メールが届かない状態です。メールアドレスをご確認ください。',
    href: '/mypage/user_info/edit/',
    link: '会員情報を変更する',
  },
} as const;

/** The warning a login answer calls for, or null. */
export function loginWarning(response: Pick<LoginResponse, 'has_password_expired' | 'has_mail_error_count_over'>): string | null {
  if (response.has_password_expired) return LOGIN_WARNINGS.passwordExpired.message;
  if (response.has_mail_error_count_over) return LOGIN_WARNINGS.mailErrorCountOver.message;
  return null;
}

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
  // The guest cart is merged into the member's before the caller moves to another page.
  await cartAfterLogin();
  return { status: 'logged_in', response };
}

/** Posts the credentials; rejects with the ApiError of a failed login (422 auth.failed). */
export async function login(credentials: LoginRequest, opts: { isManagerLogin?: boolean } = {}): Promise<LoginResult> {
  return adoptLoginResponse(await loginUser(credentials), { source: 'login', isSyncUserChannel: false, ...opts });
}

/** Logs out: server call best-effort, local session always cleared; cart too unless keepCart. */
export async function logout(opts: { keepCart?: boolean } = {}): Promise<void> {
  try {
    if (getSession()) await logoutUser();
  } catch {
    // The local session is cleared whatever the server says (spec 4 "Logout always clears").
  }
  endSession({ keepCart: !!opts.keepCart });
  pushTrackingUserId('');
}
