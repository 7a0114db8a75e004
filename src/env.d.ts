/// <reference types="astro/client" />

/** Build constants of the active channel and theme (shop-theme Vite plugin in astro.config.mjs). */
declare module 'virtual:shop/theme' {
  export const themeName: string;
  export const channel: string;
  export const publicApiBase: string;
  export const siteName: string;
  /** The theme's cursor follower (themes/registry.ts; type null = none). */
  export const cursor: import('#themes/registry.ts').ResolvedThemeCursor;
}

/*
 * One module per theme slot (themes/registry.ts), resolved to the active theme's file at build time
 * and typed with that slot's props (themes/slot-props.ts): passing the wrong props to a slot fails the
 * type check, and an unknown slot name has no module. tests/unit/registry.test.ts keeps this list
 * equal to the registry's.
 */
declare module 'virtual:shop/slot/Header' {
  const C: import('#themes/slot-props.ts').SlotComponent<'Header'>;
  export default C;
}
declare module 'virtual:shop/slot/Footer' {
  const C: import('#themes/slot-props.ts').SlotComponent<'Footer'>;
  export default C;
}
declare module 'virtual:shop/slot/Home' {
  const C: import('#themes/slot-props.ts').SlotComponent<'Home'>;
  export default C;
}
declare module 'virtual:shop/slot/ProductList' {
  const C: import('#themes/slot-props.ts').SlotComponent<'ProductList'>;
  export default C;
}
declare module 'virtual:shop/slot/ProductDetail' {
  const C: import('#themes/slot-props.ts').SlotComponent<'ProductDetail'>;
  export default C;
}
declare module 'virtual:shop/slot/Cart' {
  const C: import('#themes/slot-props.ts').SlotComponent<'Cart'>;
  export default C;
}
declare module 'virtual:shop/slot/CartLines' {
  const C: import('#themes/slot-props.ts').SlotComponent<'CartLines'>;
  export default C;
}
declare module 'virtual:shop/slot/CartTotals' {
  const C: import('#themes/slot-props.ts').SlotComponent<'CartTotals'>;
  export default C;
}
declare module 'virtual:shop/slot/CheckoutSteps' {
  const C: import('#themes/slot-props.ts').SlotComponent<'CheckoutSteps'>;
  export default C;
}
declare module 'virtual:shop/slot/NewsList' {
  const C: import('#themes/slot-props.ts').SlotComponent<'NewsList'>;
  export default C;
}
declare module 'virtual:shop/slot/NewsDetail' {
  const C: import('#themes/slot-props.ts').SlotComponent<'NewsDetail'>;
  export default C;
}
declare module 'virtual:shop/slot/BlogList' {
  const C: import('#themes/slot-props.ts').SlotComponent<'BlogList'>;
  export default C;
}
declare module 'virtual:shop/slot/BlogDetail' {
  const C: import('#themes/slot-props.ts').SlotComponent<'BlogDetail'>;
  export default C;
}
declare module 'virtual:shop/slot/MakerList' {
  const C: import('#themes/slot-props.ts').SlotComponent<'MakerList'>;
  export default C;
}
declare module 'virtual:shop/slot/MakerDetail' {
  const C: import('#themes/slot-props.ts').SlotComponent<'MakerDetail'>;
  export default C;
}
declare module 'virtual:shop/slot/BrandList' {
  const C: import('#themes/slot-props.ts').SlotComponent<'BrandList'>;
  export default C;
}
declare module 'virtual:shop/slot/StaticPage' {
  const C: import('#themes/slot-props.ts').SlotComponent<'StaticPage'>;
  export default C;
}
declare module 'virtual:shop/slot/ErrorScreen' {
  const C: import('#themes/slot-props.ts').SlotComponent<'ErrorScreen'>;
  export default C;
}
declare module 'virtual:shop/slot/Maintenance' {
  const C: import('#themes/slot-props.ts').SlotComponent<'Maintenance'>;
  export default C;
}
declare module 'virtual:shop/slot/Faq' {
  const C: import('#themes/slot-props.ts').SlotComponent<'Faq'>;
  export default C;
}
declare module 'virtual:shop/slot/StylistList' {
  const C: import('#themes/slot-props.ts').SlotComponent<'StylistList'>;
  export default C;
}
declare module 'virtual:shop/slot/StylistDetail' {
  const C: import('#themes/slot-props.ts').SlotComponent<'StylistDetail'>;
  export default C;
}
declare module 'virtual:shop/slot/LandingPage' {
  const C: import('#themes/slot-props.ts').SlotComponent<'LandingPage'>;
  export default C;
}
declare module 'virtual:shop/slot/Sitemap' {
  const C: import('#themes/slot-props.ts').SlotComponent<'Sitemap'>;
  export default C;
}
declare module 'virtual:shop/slot/FlipBook' {
  const C: import('#themes/slot-props.ts').SlotComponent<'FlipBook'>;
  export default C;
}
declare module 'virtual:shop/slot/PopupList' {
  const C: import('#themes/slot-props.ts').SlotComponent<'PopupList'>;
  export default C;
}
declare module 'virtual:shop/slot/PopupDetail' {
  const C: import('#themes/slot-props.ts').SlotComponent<'PopupDetail'>;
  export default C;
}
declare module 'virtual:shop/slot/MakerProducts' {
  const C: import('#themes/slot-props.ts').SlotComponent<'MakerProducts'>;
  export default C;
}
