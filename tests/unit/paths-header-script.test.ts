// @vitest-environment jsdom
/**
 * The home action in the header (spec 2): /header.js points every theme's logo at /ec/ for a member
 * and / for a guest, the same targets as homeActionPath, without React.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { homeActionPath } from '#lib/redirects.ts';
import { resolveTheme, themes } from '#themes/registry.ts';

const root = path.resolve(import.meta.dirname, '../..');
const script = readFileSync(path.join(root, 'public/header.js'), 'utf8');

function clearCookies() {
  for (const c of document.cookie.split('; '))
    if (c) document.cookie = `${c.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/** Renders a header with the hooks and runs the real /header.js over it. */
function runHeader(): HTMLAnchorElement {
  document.body.innerHTML = '<a class="logo" href="/" data-home-link>ショップ</a><a href="/login/" data-auth-link>ログイン</a>';
  new Function(script)();
  return document.querySelector('[data-home-link]')!;
}

beforeEach(clearCookies);

describe('header logo (home action)', () => {
  it('goes to / for a guest', () => {
    expect(runHeader().getAttribute('href')).toBe(homeActionPath(false));
    expect(homeActionPath(false)).toBe('/');
  });

  it('goes to /ec/ for a logged-in member, and back to / after logout', () => {
    document.cookie = 'access_token=abc; path=/';
    const logo = runHeader();
    expect(logo.getAttribute('href')).toBe(homeActionPath(true));
    expect(homeActionPath(true)).toBe('/ec/');
    clearCookies();
    window.dispatchEvent(new Event('shop:header'));
    expect(logo.getAttribute('href')).toBe('/');
  });

  it('every theme header marks its logo with data-home-link', () => {
    for (const name of Object.keys(themes)) {
      const file = resolveTheme(name).slots.Header;
      expect(readFileSync(path.join(root, file), 'utf8'), `${name}: ${file}`).toMatch(/<a[^>]*class="logo"[^>]*data-home-link/);
    }
  });
});
