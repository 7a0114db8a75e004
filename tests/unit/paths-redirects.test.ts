/** Spec 2 redirect rules (and the section 8 ones) as pure functions. */
import { describe, expect, it } from 'vitest';
import {
  cartExpiredRedirect,
  cartProductNotFoundRedirect,
  guestOnlyRedirect,
  homeActionPath,
  maintenanceRedirect,
  memberOnlyRedirect,
  redirectSettingsFrom,
  refreshFailedRedirect,
} from '#lib/redirects.ts';

const guest = { isLogin: false, isRegisteredMember: null, isRefreshFailed: false };
const member = { isLogin: true, isRegisteredMember: true, isRefreshFailed: false };
const off = { noMemberUse: false, verifyEmailOnFirstLogin: false };

describe('login-required screens', () => {
  it('send a visitor who is not logged in to /login/ with the way back', () => {
    expect(memberOnlyRedirect(guest, '/mypage/order_history/?page=2', off)).toBe(
      `/login/?redirect=${encodeURIComponent('/mypage/order_history/?page=2')}`,
    );
  });
  it('let a logged-in member stay', () => {
    expect(memberOnlyRedirect(member, '/mypage/', off)).toBeNull();
  });
  it('after a failed token refresh go to /login/?re=1, not a second plain login redirect', () => {
    expect(memberOnlyRedirect({ ...guest, isRefreshFailed: true }, '/mypage/', off)).toBe('/login/?re=1');
  });
  it('are open to everyone when SITE.NO_MEMBER_USE is on (spec 6)', () => {
    expect(memberOnlyRedirect(guest, '/mypage/', { ...off, noMemberUse: true })).toBeNull();
  });
});

describe('guest-only screens', () => {
  it('send a logged-in member to /ec/', () => {
    expect(guestOnlyRedirect(member, off)).toBe('/ec/');
    expect(guestOnlyRedirect(member, { ...off, verifyEmailOnFirstLogin: true })).toBe('/ec/');
  });
  it('send an unregistered member to /verify/ when first-login e-mail verification is on', () => {
    expect(guestOnlyRedirect({ isLogin: false, isRegisteredMember: false }, { ...off, verifyEmailOnFirstLogin: true })).toBe('/verify/');
  });
  it('let a guest stay, and an unregistered member without the plugin (not logged in, spec 4)', () => {
    expect(guestOnlyRedirect(guest, off)).toBeNull();
    expect(guestOnlyRedirect({ isLogin: false, isRegisteredMember: false }, off)).toBeNull();
  });
});

describe('other rules', () => {
  it('the home action goes to /ec/ for members and / for guests', () => {
    expect(homeActionPath(true)).toBe('/ec/');
    expect(homeActionPath(false)).toBe('/');
  });
  it('a failed token refresh goes to /login/?re=1', () => {
    expect(refreshFailedRedirect()).toBe('/login/?re=1');
  });
  it('cart init product-not-found on a confirm screen with an empty cart goes to /cart/', () => {
    expect(cartProductNotFoundRedirect({ onConfirmScreen: true, cartEmpty: true })).toBe('/cart/');
    expect(cartProductNotFoundRedirect({ onConfirmScreen: true, cartEmpty: false })).toBeNull();
    expect(cartProductNotFoundRedirect({ onConfirmScreen: false, cartEmpty: true })).toBeNull();
  });
  it('cart expiry on a cart page goes to /cart/, elsewhere it stays', () => {
    expect(cartExpiredRedirect('/cart/confirm/')).toBe('/cart/');
    expect(cartExpiredRedirect('/cart/')).toBe('/cart/');
    expect(cartExpiredRedirect('/product/')).toBeNull();
  });
  it('maintenance goes to /maintenance/', () => {
    expect(maintenanceRedirect()).toBe('/maintenance/');
  });
  it('reads the two settings by their spec 9 keys', () => {
    expect(redirectSettingsFrom({ 'SITE.NO_MEMBER_USE': true, 'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': true })).toEqual({
      noMemberUse: true,
      verifyEmailOnFirstLogin: true,
    });
    expect(redirectSettingsFrom(null)).toEqual(off);
  });
});
