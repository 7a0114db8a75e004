/**
 * The screen class of spec 4 (phone if the width is at most SITE.BREAKPOINT.SCREEN-SM, PC above
 * SITE.BREAKPOINT.SCREEN-MD, tablet between) from the channel's own settings. The build bakes the
 * synced breakpoints into every page (BaseHead's shop:breakpoints meta tag); /header.js sets
 * <html data-screen="phone|tablet|pc"> from them on load and on resize, for islands and scripts.
 * CSS never waits for that script (it runs after the first paint, and a layout it changed would move
 * the page, issue 21): a stylesheet writes `@media (--screen-phone)` (or `--screen-tablet`, `--screen-pc`)
 * and the build puts the channel's breakpoints in (screenMediaCss, the Vite plugin in astro.config.mjs).
 */
export const BREAKPOINTS_META = 'shop:breakpoints';

/** The API's defaults (api/src/services/settings/index.ts), for a snapshot without the keys. */
export const DEFAULT_BREAKPOINTS = { sm: 576, md: 992 } as const;

export interface Breakpoints {
  sm: number;
  md: number;
}

export type ScreenClass = 'phone' | 'tablet' | 'pc';

const positive = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : null);

/** The channel's breakpoints from its synced settings; a missing or nonsensical pair falls back to the defaults. */
export function breakpointsFrom(settings: Record<string, unknown> | null | undefined): Breakpoints {
  const sm = positive(settings?.['SITE.BREAKPOINT.SCREEN-SM']);
  const md = positive(settings?.['SITE.BREAKPOINT.SCREEN-MD']);
  if (sm === null || md === null || sm > md) return { ...DEFAULT_BREAKPOINTS };
  return { sm, md };
}

/** The meta tag's content: "SM,MD" (what /header.js parses). */
export function breakpointsMetaContent(b: Breakpoints): string {
  return `${b.sm},${b.md}`;
}

/** Phone if width ≤ SM, PC if width > MD, otherwise tablet (spec 4). */
export function screenClassFor(width: number, b: Breakpoints): ScreenClass {
  if (width <= b.sm) return 'phone';
  if (width > b.md) return 'pc';
  return 'tablet';
}

/** The media query of each screen class for these breakpoints (the same bounds as screenClassFor). */
export function screenMediaQueries(b: Breakpoints): Record<`--screen-${ScreenClass}`, string> {
  return {
    '--screen-phone': `(width <= ${b.sm}px)`,
    '--screen-tablet': `(${b.sm}px < width <= ${b.md}px)`,
    '--screen-pc': `(width > ${b.md}px)`,
  };
}

/** A stylesheet with each `(--screen-phone|tablet|pc)` media feature replaced by the channel's own query. */
export function screenMediaCss(css: string, b: Breakpoints): string {
  const queries = screenMediaQueries(b);
  return css.replace(/\(\s*(--screen-(?:phone|tablet|pc))\s*\)/g, (_, name: keyof typeof queries) => queries[name]);
}
