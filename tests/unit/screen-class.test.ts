// @vitest-environment jsdom
/**
 * The screen class (spec 4) comes from the channel's SITE.BREAKPOINT.SCREEN-SM/MD: the rule, the
 * settings → breakpoints step the build bakes into the page, and /header.js, which sets
 * <html data-screen> from the page's meta tag, agreeing with the rule at and around each breakpoint.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenClass } from '#api-client/site/settings.ts';
import {
  BREAKPOINTS_META,
  breakpointsFrom,
  breakpointsMetaContent,
  DEFAULT_BREAKPOINTS,
  screenClassFor,
  screenMediaCss,
} from '#lib/screen-class.ts';
import { SCHOOL_BREAKPOINTS } from '../../api/src/db/seed/school.ts';

const root = path.resolve(import.meta.dirname, '../..');
const script = readFileSync(path.join(root, 'public/header.js'), 'utf8');

/** Runs the real /header.js in a window `width` wide under a page carrying `meta` (or none). */
function screenAt(width: number, meta: string | null): string | undefined {
  document.head.innerHTML = meta === null ? '' : `<meta name="${BREAKPOINTS_META}" content="${meta}">`;
  document.body.innerHTML = '';
  delete document.documentElement.dataset.screen;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  new Function(script)();
  return document.documentElement.dataset.screen;
}

describe('screen class', () => {
  it('is phone up to SM, tablet up to MD, pc above', () => {
    const b = { sm: 640, md: 1080 };
    expect([639, 640, 641, 1080, 1081].map((w) => screenClassFor(w, b))).toEqual(['phone', 'phone', 'tablet', 'tablet', 'pc']);
    expect(screenClass(641, { 'SITE.BREAKPOINT.SCREEN-SM': 640, 'SITE.BREAKPOINT.SCREEN-MD': 1080 })).toBe('tablet');
  });

  it('takes the breakpoints from the channel settings, with the defaults for missing or inverted ones', () => {
    expect(breakpointsFrom(SCHOOL_BREAKPOINTS)).toEqual({ sm: 640, md: 1080 });
    expect(breakpointsFrom(null)).toEqual(DEFAULT_BREAKPOINTS);
    expect(breakpointsFrom({ 'SITE.BREAKPOINT.SCREEN-SM': '640' })).toEqual(DEFAULT_BREAKPOINTS);
    expect(breakpointsFrom({ 'SITE.BREAKPOINT.SCREEN-SM': 1200, 'SITE.BREAKPOINT.SCREEN-MD': 800 })).toEqual(DEFAULT_BREAKPOINTS);
    expect(breakpointsMetaContent(breakpointsFrom(SCHOOL_BREAKPOINTS))).toBe('640,1080');
  });

  it("/header.js sets <html data-screen> from the page's breakpoints, as the rule says", () => {
    const school = breakpointsMetaContent(breakpointsFrom(SCHOOL_BREAKPOINTS));
    for (const w of [360, 600, 640, 641, 800, 1000, 1080, 1081, 1400]) {
      expect(screenAt(w, school), `width ${w}`).toBe(screenClassFor(w, { sm: 640, md: 1080 }));
    }
    // The same width is a different class on a channel with the default breakpoints.
    expect(screenAt(600, school)).toBe('phone');
    expect(screenAt(600, '576,992')).toBe('tablet');
    expect(screenAt(1000, school)).toBe('tablet');
    expect(screenAt(1000, null)).toBe('pc');
  });

  it('follows a resize', () => {
    screenAt(1200, '640,1080');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 });
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.dataset.screen).toBe('phone');
  });

  it("CSS gets the channel's breakpoints at build time: (--screen-phone|tablet|pc) become the rule's media queries", () => {
    const css =
      '@media (--screen-phone) and (scripting: enabled) { a { color: red } } @media ( --screen-tablet ) { b {} } @media (--screen-pc) { i {} }';
    expect(screenMediaCss(css, { sm: 640, md: 1080 })).toBe(
      '@media (width <= 640px) and (scripting: enabled) { a { color: red } } @media (640px < width <= 1080px) { b {} } @media (width > 1080px) { i {} }',
    );
    expect(screenMediaCss('@media (--screen-watch) { a {} }', DEFAULT_BREAKPOINTS)).toBe('@media (--screen-watch) { a {} }');
  });
});
