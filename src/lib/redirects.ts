/**
 * The redirect rules of spec section 2 (and the ones section 8 adds) as pure functions: each takes
 * what it needs to know and returns the target path, or null to stay. Islands, the member gate and
 * the API client's navigation apply them; the unit tests pin them to the spec. They import single
 * routes, not the `paths` table, because the http core (in every island's first load) uses them.
 */
import { cartPath, ecPath, homePath, loginPath, maintenancePath, verifyPath } from './routes.ts';

/** The session facts the rules read (a subset of the session store's AuthState). */
export interface VisitorState {
  isLogin: boolean;
  /** False for a member whose e-mail is not verified yet; null when unknown or logged out. */
  isRegisteredMember: boolean | null;
  /** The last token refresh failed (the API client is already on its way to /login/?re=1). */
  isRefreshFailed: boolean;
}

/** The site settings the rules read (spec 9 keys). */
export interface RedirectSettings {
  /** SITE.NO_MEMBER_USE: member-only screens are open to everyone. */
  noMemberUse: boolean;
  /** PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE. */
  verifyEmailOnFirstLogin: boolean;
}

export const DEFAULT_REDIRECT_SETTINGS: RedirectSettings = { noMemberUse: false, verifyEmailOnFirstLogin: false };

/** The spec 9 setting keys as they arrive from the settings source. */
export function redirectSettingsFrom(settings: Record<string, unknown> | null | undefined): RedirectSettings {
  return {
    noMemberUse: settings?.['SITE.NO_MEMBER_USE'] === true,
    verifyEmailOnFirstLogin: settings?.['PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE'] === true,
  };
}

/**
 * Login-required screen: a visitor who is not logged in goes to /login/ with the way back; after a
 * failed refresh to /login/?re=1 (the page that explains the expiry), never a second login redirect.
 * SITE.NO_MEMBER_USE turns the rule off (spec 6).
 */
export function memberOnlyRedirect(
  visitor: VisitorState,
  returnTo: string,
  settings: RedirectSettings = DEFAULT_REDIRECT_SETTINGS,
): string | null {
  if (visitor.isLogin || settings.noMemberUse) return null;
  if (visitor.isRefreshFailed) return refreshFailedRedirect();
  return loginPath({ redirect: returnTo });
}

/**
 * Guest-only screen (login, register, reminder): an unregistered member goes to /verify/ when
 * first-login verification is on; otherwise a logged-in visitor goes to /ec/ (spec 2, whatever the
 * member flag) and a guest stays. An unregistered member without the plugin is normally not logged
 * in at all (spec 4), so stays.
 */
export function guestOnlyRedirect(
  visitor: Pick<VisitorState, 'isLogin' | 'isRegisteredMember'>,
  settings: RedirectSettings = DEFAULT_REDIRECT_SETTINGS,
): string | null {
  if (visitor.isRegisteredMember === false && settings.verifyEmailOnFirstLogin) return verifyPath;
  return visitor.isLogin ? ecPath : null;
}

/** The home action (the header logo): /ec/ for a logged-in member, / for a guest. */
export function homeActionPath(isLogin: boolean): string {
  return isLogin ? ecPath : homePath;
}

/** A failed token refresh during request handling goes to /login/?re=1. */
export function refreshFailedRedirect(): string {
  return loginPath({ refreshFailed: true });
}

/** Cart init hit product-not-found on a confirm screen while the cart is empty: back to /cart/. */
export function cartProductNotFoundRedirect(opts: { onConfirmScreen: boolean; cartEmpty: boolean }): string | null {
  return opts.onConfirmScreen && opts.cartEmpty ? cartPath : null;
}

/** Cart expiry (cart.common.is_expired) on a cart page goes to /cart/ (spec 8). */
export function cartExpiredRedirect(pathname: string): string | null {
  return isCartPage(pathname) ? cartPath : null;
}

/** A 503 (maintenance) goes to /maintenance/. */
export function maintenanceRedirect(): string {
  return maintenancePath;
}

/** True under /cart/ (the cart and its checkout steps). */
export function isCartPage(pathname: string): boolean {
  return pathname === '/cart' || pathname.startsWith('/cart/');
}
