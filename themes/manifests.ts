/**
 * Every known theme's manifest by name, without zod, so browser code (the form rules of the active
 * theme) can read a manifest without pulling the registry's schema into an island.
 */

import defaultTheme from './default/theme.ts';
import outletTheme from './outlet/theme.ts';
import schoolTheme from './school/theme.ts';
import type { ThemeManifest } from './theme-manifest.ts';

/** Manifests hold only path strings and flags, so listing them here pulls no theme code into a build. */
export const themes: Record<string, ThemeManifest> = {
  default: defaultTheme,
  outlet: outletTheme,
  school: schoolTheme,
};
