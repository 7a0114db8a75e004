/** The outlet theme: its own colours and header; every other screen comes from the default theme. */
import type { ThemeManifest } from '../registry.ts';

const theme: ThemeManifest = {
  name: 'outlet',
  tokens: 'themes/outlet/tokens.css',
  slots: { Header: 'themes/outlet/Header.astro' },
};
export default theme;
