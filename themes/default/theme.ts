/**
 * The default theme: it defines every slot itself (the registry's defaults point here) and adds no
 * extra rules. Loader and cursor are spec 9's defaults: spinner 0011 (size 20, transparent overlay,
 * centred) and the 0001 pointer follower (size 10, frame 0.1).
 */
import type { ThemeManifest } from '../theme-manifest.ts';

const theme: ThemeManifest = {
  name: 'default',
  tokens: 'themes/default/tokens.css',
  loader: { spinner: '0011', size: 20, overlay: 'transparent', position: 'center' },
  cursor: { type: '0001', size: 10, frame: 0.1 },
  slots: {},
};
export default theme;
