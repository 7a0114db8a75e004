/**
 * Logging in and out (spec 4 "Login", "Logout"), on the session store. Apart from the store so that
 * the member-only pages, which only check the session, do not carry the login call, the cart merge
 * and the history clearing in their first load.
 */
import type { LoginRequest, LoginResponse } from '#contracts/auth.ts';
import { loginUser, logoutUser } from '../api-client/auth.ts';
import { endSession, getSession, setSession } from '../api-client/http.ts';
import { cartAfterLogin } from './cart.ts';
import { clearStoredHistory } from './history-key.ts';
import { loggedOutState, useSessionStore } from './session.ts';

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

/** Posts the credentials; rejects with the ApiError of a failed login (422 auth.failed). */
export async function login(credentials: LoginRequest): Promise<LoginResult> {
  const set = useSessionStore.setState;
  const response = await loginUser(credentials);
  if (response.is_verify) {
    set({ mfaUserId: response.user_id, isLogin: false, check: true });
    return { status: 'verify', response };
  }
  if (response.is_registered_member === false) {
    // Spec 4: logged in only if is_registered_member is absent or true. Storing the token would
    // let the next page restore the session from the cookies, so it stays in memory only.
    set({ ...loggedOutState, check: true, isRegisteredMember: false, pendingVerification: response });
    return { status: 'unregistered', response };
  }
  // Spec 4: login clears the local product history. The stored copy is removed here; the history
  // store, where a page has it, clears its items on the 'token' event. Not a dynamic import of the
  // store: that would add Vite's preload helper to every page with the session store.
  clearStoredHistory();
  setSession(response); // the 'token' event sets isLogin and starts the cart merge
  set({ mfaUserId: null, pendingVerification: null, isRefreshFailed: false, check: true });
  pushTrackingUserId(String(response.user_id));
  // The guest cart is merged into the member's before the caller moves to another page.
  await cartAfterLogin();
  return { status: 'logged_in', response };
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
