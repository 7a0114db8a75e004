/** The default theme: it defines every slot itself (the registry's defaults point here) and adds no extra rules. */
import type { ThemeManifest } from '../theme-manifest.ts';

const theme: ThemeManifest = { name: 'default', tokens: 'themes/default/tokens.css', slots: {} };
export default theme;
