/**
 * The props of every theme slot (themes/registry.ts lists the files). Each screen declares
 * `type Props = SlotProps['<Slot>']`, pages import slots as `virtual:shop/slot/<Slot>` typed from
 * this table (src/env.d.ts), and themes/slot-check.astro checks that every theme's file accepts
 * them, so a page passing the wrong props or a theme screen expecting other ones fails the type check.
 * Types only: nothing here reaches a bundle.
 */

import type { CartLine, Totals } from '#api-client/core/types.ts';
import type { PageLinks } from '#content-sync/paging.ts';
import type { Catalog } from '#contracts/catalog-order.ts';
import type { Pagination } from '#contracts/common.ts';
import type { Banner, Blog, Brand, LandingPage, Maker, News, Popup, Qa, QaCategory, StaticPage, Stylist } from '#contracts/content.ts';
import type { CategoryNode, Product, ProductFacets, ProductReview } from '#contracts/products.ts';
import type { CatalogFilters } from '#scripts/product-list-url.ts';

/** Where the shopper is in checkout. */
export type CheckoutStepId = 'cart' | 'shipping' | 'payment' | 'confirm' | 'complete';

/**
 * One block of the home page with its data, in the order of the channel's `top` layout
 * (GET /v1/layouts/top): the page resolves each block's banners, collection or news first.
 */
export type HomeBlock =
  | { type: 'hero'; title: string; text: string; linkLabel: string; link: string }
  | { type: 'banners'; title: string | null; area: string; banners: Banner[] }
  | { type: 'categories'; title: string; categories: CategoryNode[] }
  | { type: 'collection'; title: string; alias: string; products: Product[]; moreHref: string }
  | { type: 'news'; title: string; items: News[] }
  | { type: 'free_area'; code: string; body: string };

/** A FAQ category with its items, in the API's order. */
export interface FaqGroup {
  category: QaCategory;
  items: Qa[];
}

/** One section of the /sitemap/ page: a heading and its links (depth > 0 for nested categories). */
export interface SitemapSection {
  heading: string;
  links: Array<{ href: string; label: string; depth: number }>;
}

/** Props of each slot, by slot name. A slot without props takes an empty object. */
export interface SlotProps {
  Header: { siteName: string };
  Footer: { siteName: string };
  Home: {
    siteName: string;
    /** The top layout's blocks with their data, in order. */
    blocks: HomeBlock[];
    /** The first categories, collection and news blocks' data, for a theme's home that lays out its own sections. */
    categories: CategoryNode[];
    products: Product[];
    news: News[];
  };
  ProductList: {
    heading: string;
    products: Product[];
    pagination: Pagination;
    categories: CategoryNode[];
    /** Key of the category being shown, if any. */
    currentCategory?: string;
    /** The current URL (keeps filters in the page links). */
    url: URL;
    /** Every filter and the sort as read from the URL. */
    filters: CatalogFilters;
    /** Counts beside each filter choice (GET /v1/products/facets); null when they could not be had. */
    facets: ProductFacets | null;
  };
  ProductDetail: {
    product: Product;
    /** The newest reviews (first page of GET /v1/products/{key}/reviews). */
    reviews: { items: ProductReview[]; page: number; last: number; total: number };
  };
  Cart: Record<never, never>;
  /** The cart's lines in the storefront's own shape (the API client reshapes the wire cart). */
  CartLines: {
    lines: CartLine[];
    /** True while a change is in flight: controls are disabled. */
    disabled: boolean;
    onQuantity: (key: string, quantity: number) => void;
    onRemove: (key: string) => void;
  };
  CartTotals: {
    totals: Totals;
    /** Subtotal (tax included) from which delivery is free; null when the shop has no such threshold. */
    freeShippingFrom: number | null;
  };
  CheckoutSteps: { current: CheckoutStepId };
  NewsList: { items: News[]; pagination: Pagination; links: PageLinks };
  NewsDetail: { item: News };
  BlogList: { items: Blog[]; pagination: Pagination; links: PageLinks };
  BlogDetail: { item: Blog };
  MakerList: { items: Maker[] };
  MakerDetail: { item: Maker };
  BrandList: { items: Brand[]; heading?: string };
  StaticPage: { page: StaticPage };
  /** `routerMiss`: a 404 for a path the route's own router has no page for (spec 2 'This page could not be found'). */
  ErrorScreen: { status?: number; message?: string | null; showHomeButton?: boolean; routerMiss?: boolean };
  Faq: { groups: FaqGroup[] };
  StylistList: { items: Stylist[] };
  StylistDetail: { item: Stylist; posts: Blog[] };
  LandingPage: { page: LandingPage };
  Sitemap: { sections: SitemapSection[] };
  FlipBook: { catalogs: Catalog[] };
  PopupList: { items: Popup[] };
  PopupDetail: { item: Popup };
  MakerProducts: { maker: Maker };
  Maintenance: Record<never, never>;
}

export type SlotName = keyof SlotProps;

/**
 * What a slot's module exports: a component (Astro or React) taking that slot's props. The return is
 * `any` because an Astro component and a React component return different things, and JSX accepts both.
 */
// biome-ignore lint/suspicious/noExplicitAny: Astro components and React islands return different things
export type SlotComponent<K extends SlotName> = (props: SlotProps[K]) => any;
