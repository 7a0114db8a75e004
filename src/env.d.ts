/// <reference types="astro/client" />

/** Build constants of the active channel and theme (shop-theme Vite plugin in astro.config.mjs). */
declare module 'virtual:shop/theme' {
  export const themeName: string;
  export const channel: string;
  export const publicApiBase: string;
  export const siteName: string;
}

/**
 * One theme slot (see themes/registry.ts), resolved to the active theme's component at build time.
 * Typed loosely: the file behind a slot differs per theme.
 */
declare module 'virtual:shop/slot/*' {
  const Component: (props: Record<string, any>) => any;
  export default Component;
}
