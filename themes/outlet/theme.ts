/**
 * The outlet theme: its own colours and header, and the stricter form rules spec 5 gives "one
 * theme" (strong passwords, full-width names, katakana readings); every other screen is the default.
 */
import type { ThemeManifest } from '../theme-manifest.ts';

const theme: ThemeManifest = {
  name: 'outlet',
  tokens: 'themes/outlet/tokens.css',
  rules: { strictPassword: true, fullWidthNames: true, kanaKatakana: true },
  slots: { Header: 'themes/outlet/Header.astro' },
};
export default theme;
