/// <reference types="astro/client" />

/** The active theme, generated per build by the shop-theme Vite plugin in astro.config.mjs. */
declare module 'virtual:shop/theme' {
  import type { ThemeSlots } from '../themes/registry.ts';
  // Astro components are typed loosely here: the slot files differ per theme.
  type AstroComponent = (props: Record<string, any>) => any;
  const slots: { [K in keyof ThemeSlots]: AstroComponent };
  export const Header: typeof slots.Header;
  export const Footer: typeof slots.Footer;
  export const Home: typeof slots.Home;
  export const ProductList: typeof slots.ProductList;
  export const ProductDetail: typeof slots.ProductDetail;
  export const Cart: typeof slots.Cart;
  export const NewsList: typeof slots.NewsList;
  export const NewsDetail: typeof slots.NewsDetail;
  export const BlogList: typeof slots.BlogList;
  export const BlogDetail: typeof slots.BlogDetail;
  export const MakerList: typeof slots.MakerList;
  export const MakerDetail: typeof slots.MakerDetail;
  export const BrandList: typeof slots.BrandList;
  export const StaticPage: typeof slots.StaticPage;
  export const ErrorScreen: typeof slots.ErrorScreen;
  export const Maintenance: typeof slots.Maintenance;
  export const themeName: string;
  export const channel: string;
  export const publicApiBase: string;
  export const siteName: string;
}
