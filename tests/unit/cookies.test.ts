// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearCartCookies,
  clearSession,
  readCartCache,
  readCartToken,
  readIsDoPayment,
  readMessageDismissal,
  readSession,
  writeCartCache,
  writeCartToken,
  writeIsDoPayment,
  writeMessageDismissal,
  writeSession,
} from '#lib/cookies.ts';
import { Cookies } from './test-cookies.ts';

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
});

describe('cookies (spec 9 keys)', () => {
  it('stores the session as access_token and expires_at (epoch ms)', () => {
    writeSession({ accessToken: 'tok', expiresAt: 1700000000000 });
    expect(Cookies.get('access_token')).toBe('tok');
    expect(Cookies.get('expires_at')).toBe('1700000000000');
    expect(readSession()).toEqual({ accessToken: 'tok', expiresAt: 1700000000000 });
    clearSession();
    expect(readSession()).toBeNull();
  });

  it('falls back to "no session" when expires_at is tampered with or missing', () => {
    Cookies.set('access_token', 'tok');
    expect(readSession()).toBeNull();
    Cookies.set('expires_at', 'soon');
    expect(readSession()).toBeNull();
  });

  it('keeps cart_cache as JSON {"count": n} for the header script', () => {
    writeCartToken('cart-1');
    writeCartCache({ count: 3 });
    expect(Cookies.get('cart_cache')).toBe('{"count":3}');
    expect(readCartCache()).toEqual({ count: 3 });
    expect(readCartToken()).toBe('cart-1');
    clearCartCookies();
    expect(readCartToken()).toBeNull();
    expect(readCartCache()).toBeNull();
  });

  it('reads a malformed cart_cache as absent', () => {
    Cookies.set('cart_cache', '{broken');
    expect(readCartCache()).toBeNull();
    Cookies.set('cart_cache', '{"count":-1}');
    expect(readCartCache()).toBeNull();
  });

  it('sets and clears the isDoPayment flag', () => {
    expect(readIsDoPayment()).toBe(false);
    writeIsDoPayment(true);
    expect(readIsDoPayment()).toBe(true);
    writeIsDoPayment(false);
    expect(readIsDoPayment()).toBe(false);
  });

  it('remembers a dismissed message by its updated_at', () => {
    expect(readMessageDismissal('notice')).toBeNull();
    writeMessageDismissal('notice', '2026-04-01T00:00:00Z');
    expect(readMessageDismissal('notice')).toBe('2026-04-01T00:00:00Z');
    expect(readMessageDismissal('bad code!')).toBeNull();
  });
});
