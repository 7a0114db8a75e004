/**
 * Where the loader and cursor designs live and the CSS custom properties a theme's choice sets. Each
 * spinner (spec 9: 0000–0013) and cursor (0001–0003) is one small stylesheet, so a build loads only
 * the ones its theme picks (astro.config.mjs imports them with the theme's tokens). No zod here:
 * the registry validates the choice first.
 */
import type { CursorId, SpinnerId, ThemeLoader } from '../../theme-manifest.ts';

const DIR = 'themes/default/loaders';

/** The base rules of the loading area (overlay, position, the appear delay). */
export const LOADER_BASE = `${DIR}/loader.css`;

/** Project-relative stylesheet of one spinner design. */
export function spinnerStylesheet(id: SpinnerId): string {
  return `${DIR}/spinner-${id}.css`;
}

/** Project-relative stylesheet of one cursor follower design. */
export function cursorStylesheet(id: CursorId): string {
  return `${DIR}/cursor-${id}.css`;
}

const OVERLAYS: Record<NonNullable<ThemeLoader['overlay']>, string> = {
  transparent: 'transparent',
  light: 'rgb(255 255 255 / 0.75)',
  dark: 'rgb(0 0 0 / 0.35)',
};

/** The custom properties of a resolved loader choice, as one :root rule. */
export function loaderCss(loader: Required<ThemeLoader>): string {
  const align = loader.position === 'top' ? 'start center' : 'center';
  return `:root{--loader-size:${loader.size}px;--loader-overlay:${OVERLAYS[loader.overlay]};--loader-align:${align}}`;
}
