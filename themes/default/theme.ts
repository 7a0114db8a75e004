/** The default theme: it defines every slot itself (the registry's defaults point here). */
import type { ThemeManifest } from '../registry.ts';

const theme: ThemeManifest = { name: 'default', tokens: 'themes/default/tokens.css', slots: {} };
export default theme;
