/**
 * Logging out (spec 4 "Logout"), apart from session-actions.ts: the my-page screens (the layout's logout
 * link, the logout and withdrawal screens) then do not load the login call and the cart store with it.
 */
import { logoutUser } from '#api-client/account/auth.ts';
import { endSession, getSession } from '#api-client/core/http.ts';

/** Pushes the user id to the tag manager's data layer, if the page has one (logout pushes ''). */
export function pushTrackingUserId(userId: string): void {
  const w = globalThis as { dataLayer?: unknown[] };
  if (Array.isArray(w.dataLayer)) w.dataLayer.push({ user_id: userId });
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
