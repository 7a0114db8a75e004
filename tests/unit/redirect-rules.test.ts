/**
 * The redirect rules of spec 2 ("Redirect rules", every bullet) and the redirect rows of spec 8, as
 * one table. Each row quotes the spec and calls the real rule in src/lib/redirects.ts with the facts
 * the rule names, so a rule that goes missing or changes fails its row.
 */
import { describe, expect, it } from 'vitest';
import {
  cartExpiredRedirect,
  cartProductNotFoundRedirect,
  guestOnlyRedirect,
  homeActionPath,
  maintenanceRedirect,
  memberOnlyRedirect,
  type RedirectSettings,
  refreshFailedRedirect,
  type VisitorState,
} from '#lib/redirects.ts';

const guest: VisitorState = { isLogin: false, isRegisteredMember: null, isRefreshFailed: false };
const member: VisitorState = { isLogin: true, isRegisteredMember: true, isRefreshFailed: false };
const unregistered: VisitorState = { isLogin: true, isRegisteredMember: false, isRefreshFailed: false };
const refreshJustFailed: VisitorState = { ...guest, isRefreshFailed: true };
const off: RedirectSettings = { noMemberUse: false, verifyEmailOnFirstLogin: false };
const verifyOn: RedirectSettings = { ...off, verifyEmailOnFirstLogin: true };

interface Row {
  /** The spec's words. */
  rule: string;
  /** What the visitor and the page are. */
  given: string;
  /** The real rule applied to them. */
  run: () => string | null;
  /** Where the visitor goes; null: stays. */
  goes: string | null;
}

const spec2: Row[] = [
  {
    rule: 'Login-required screens send a visitor who is not logged in to /login/.',
    given: 'a guest on /mypage/',
    run: () => memberOnlyRedirect(guest, '/mypage/', off),
    goes: '/login/?redirect=%2Fmypage%2F',
  },
  {
    rule: 'Login-required screens send a visitor who is not logged in to /login/.',
    given: 'a member on /mypage/',
    run: () => memberOnlyRedirect(member, '/mypage/', off),
    goes: null,
  },
  // The failed refresh is already taking the visitor to /login/?re=1: the screen adds no /login/ redirect of its own.
  {
    rule: 'There is no redirect if a token refresh has just failed.',
    given: 'a refresh just failed on /mypage/',
    run: () => memberOnlyRedirect(refreshJustFailed, '/mypage/', off),
    goes: refreshFailedRedirect(),
  },
  {
    rule: 'A logged-in visitor on a guest-only screen goes to /verify when first-login e-mail verification is enabled and the user is not a registered member',
    given: 'verification on, not a registered member',
    run: () => guestOnlyRedirect(unregistered, verifyOn),
    goes: '/verify/',
  },
  {
    rule: 'otherwise to /ec/.',
    given: 'verification on, a registered member',
    run: () => guestOnlyRedirect(member, verifyOn),
    goes: '/ec/',
  },
  {
    rule: 'otherwise to /ec/.',
    given: 'verification off, not a registered member',
    run: () => guestOnlyRedirect(unregistered, off),
    goes: '/ec/',
  },
  { rule: 'otherwise to /ec/.', given: 'verification off, a registered member', run: () => guestOnlyRedirect(member, off), goes: '/ec/' },
  { rule: '(guest-only screens are for guests)', given: 'a guest', run: () => guestOnlyRedirect(guest, verifyOn), goes: null },
  { rule: 'The home action goes to /ec/ for logged-in users', given: 'logged in', run: () => homeActionPath(true), goes: '/ec/' },
  { rule: 'and to / for guests.', given: 'a guest', run: () => homeActionPath(false), goes: '/' },
  {
    rule: 'A failed token refresh during request handling goes to /login/?re=1.',
    given: 'refresh failed',
    run: () => refreshFailedRedirect(),
    goes: '/login/?re=1',
  },
  {
    rule: 'A cart initialisation that hits product-not-found on a confirm screen with an empty cart goes to /cart/.',
    given: 'confirm screen, empty cart',
    run: () => cartProductNotFoundRedirect({ onConfirmScreen: true, cartEmpty: true }),
    goes: '/cart/',
  },
  {
    rule: 'A cart initialisation that hits product-not-found on a confirm screen with an empty cart goes to /cart/.',
    given: 'confirm screen, cart still has lines',
    run: () => cartProductNotFoundRedirect({ onConfirmScreen: true, cartEmpty: false }),
    goes: null,
  },
  {
    rule: 'A cart initialisation that hits product-not-found on a confirm screen with an empty cart goes to /cart/.',
    given: 'another screen, empty cart',
    run: () => cartProductNotFoundRedirect({ onConfirmScreen: false, cartEmpty: true }),
    goes: null,
  },
  {
    rule: 'Cart expiry on a cart page goes to /cart/ (see section 8).',
    given: 'on /cart/payment/',
    run: () => cartExpiredRedirect('/cart/payment/'),
    goes: '/cart/',
  },
  { rule: 'Maintenance goes to /maintenance/.', given: 'maintenance', run: () => maintenanceRedirect(), goes: '/maintenance/' },
];

const spec8: Row[] = [
  {
    rule: 'Code cart.common.is_expired on a cart page: cart reset, redirect to /cart/',
    given: 'on /cart/confirm/',
    run: () => cartExpiredRedirect('/cart/confirm/'),
    goes: '/cart/',
  },
  {
    rule: 'Code cart.common.is_expired on a cart page: cart reset, redirect to /cart/',
    given: 'on /cart/',
    run: () => cartExpiredRedirect('/cart/'),
    goes: '/cart/',
  },
  {
    rule: 'Code cart.common.is_expired on a cart page: cart reset, redirect to /cart/',
    given: 'not a cart page (/product/)',
    run: () => cartExpiredRedirect('/product/'),
    goes: null,
  },
  {
    rule: 'Code cart.common.is_expired on a cart page: cart reset, redirect to /cart/',
    given: 'not a cart page (/cartoon/)',
    run: () => cartExpiredRedirect('/cartoon/'),
    goes: null,
  },
  {
    rule: '503: maintenance state stored, redirect to /maintenance/',
    given: 'a 503',
    run: () => maintenanceRedirect(),
    goes: '/maintenance/',
  },
  {
    rule: 'Token refresh failure: logout; go to /login/?re=1',
    given: 'refresh failed',
    run: () => refreshFailedRedirect(),
    goes: '/login/?re=1',
  },
];

describe('spec 2 "Redirect rules"', () => {
  it.each(spec2)('$rule — $given', ({ run, goes }) => {
    expect(run()).toBe(goes);
  });
});

describe('spec 8 error catalogue redirects', () => {
  it.each(spec8)('$rule — $given', ({ run, goes }) => {
    expect(run()).toBe(goes);
  });
});
