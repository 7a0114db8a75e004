/**
 * The validation rules of a form field under the active theme (spec 5: password required in every
 * theme; one theme adds the strict password, full-width names and katakana readings). The theme
 * manifest (themes/<name>/theme.ts `rules`) says which extra rules are on; the build's theme name is
 * on the page (BaseHead's shop:theme meta tag), so islands need neither zod nor the registry.
 */
import { themes } from '#themes/manifests.ts';
import type { ThemeRules } from '#themes/theme-manifest.ts';
import { fullWidth, kana, maxLength, password, type Rule, required } from './rules.ts';

export const THEME_META = 'shop:theme';

/** Form fields whose rules depend on the theme. */
export type ThemedField = 'password' | 'name' | 'nameKana';

/** The extra rules of a theme by name; an unknown theme adds none. */
export function themeRules(themeName: string): Required<ThemeRules> {
  const rules = themes[themeName]?.rules ?? {};
  return { strictPassword: !!rules.strictPassword, fullWidthNames: !!rules.fullWidthNames, kanaKatakana: !!rules.kanaKatakana };
}

/** The rules of `field` under `themeName` (names and kana are required everywhere, at most 50 characters). */
export function themedFieldRules(field: ThemedField, themeName: string): Rule[] {
  const rules = themeRules(themeName);
  switch (field) {
    case 'password':
      return rules.strictPassword ? [required, password] : [required];
    case 'name':
      return rules.fullWidthNames ? [required, maxLength(50), fullWidth] : [required, maxLength(50)];
    case 'nameKana':
      return rules.kanaKatakana ? [required, maxLength(50), kana] : [required, maxLength(50)];
  }
}

/** The active theme's name from the page's meta tag ('default' outside a page). */
export function activeThemeName(doc: Document | null = typeof document === 'undefined' ? null : document): string {
  return doc?.querySelector(`meta[name="${THEME_META}"]`)?.getAttribute('content') || 'default';
}
