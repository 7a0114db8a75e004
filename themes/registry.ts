/**
 * Theme slot registry. Every screen a theme may replace is one entry here, with the default
 * component and a line saying what it renders (the Starlight component-override model). A theme's
 * manifest (themes/<name>/theme.ts) lists only the slots it overrides; `resolveTheme` fills in the
 * rest. The channel picks the theme at build time, and the Vite plugin in astro.config.mjs
 * resolves `virtual:shop/slot/<Slot>` imports to the chosen files, so a channel's build contains
 * only its own theme's files.
 */
import { z } from '#contracts/zod.ts';
import { cursorStylesheet, LOADER_BASE, spinnerStylesheet } from './default/loaders/files.ts';
import { themes } from './manifests.ts';
import { CURSOR_IDS, SPINNER_IDS, type ThemeManifest, type ThemeRules } from './theme-manifest.ts';

export type { ThemeManifest, ThemeRules };
export { themes };

/** One slot: a project-relative path to a component (.astro, or .tsx for slots React islands render), defaulting to the default theme's file. */
const slot = (file: string, description: string) => z.string().min(1).default(`themes/default/${file}`).describe(description);

export const themeSlotsSchema = z.strictObject({
  Header: slot('Header.astro', 'Site header: logo, links 商品一覧 / カート (count badge) / ログイン or マイページ.'),
  Footer: slot('Footer.astro', 'Site footer: legal, privacy, news and blog links and the copyright line.'),
  Home: slot(
    'screens/Home.astro',
    "Top page: the blocks of the channel's top layout (hero, banners, category tiles, collections, news, free areas).",
  ),
  ProductList: slot('screens/ProductList.astro', 'Product list: cards (name link, image, price with tax) and pagination.'),
  ProductDetail: slot('screens/ProductDetail.astro', 'Product detail: images, name, price, stock, description and the add-to-cart island.'),
  Cart: slot('screens/Cart.astro', 'Cart screen: heading and the cart island (lines, quantities, totals, checkout button).'),
  CartLines: slot('cart/CartLines.tsx', 'Cart lines (React): image, name link, unit price with tax, quantity select and 削除 per line.'),
  CartTotals: slot('cart/CartTotals.tsx', 'Cart totals (React): subtotal with tax, carriage, grand total and the free-delivery hint.'),
  CheckoutSteps: slot(
    'checkout/CheckoutSteps.astro',
    'Checkout step indicator: カート → お届け先 → お支払い方法 → 確認 → 完了, the current step marked.',
  ),
  NewsList: slot('screens/NewsList.astro', 'News list: dated titles, important items marked.'),
  NewsDetail: slot('screens/NewsDetail.astro', 'One news item: date, title, sanitised body.'),
  BlogList: slot('screens/BlogList.astro', 'Blog list: cards with image, date, title, excerpt and tags.'),
  BlogDetail: slot('screens/BlogDetail.astro', 'One blog post: date, title, tags, sanitised body.'),
  MakerList: slot('screens/MakerList.astro', 'Maker list: every maker with its kana reading.'),
  MakerDetail: slot('screens/MakerDetail.astro', 'One maker: description, its brands and a link to its products.'),
  BrandList: slot('screens/BrandList.astro', 'Brand list: links to the product list filtered by brand.'),
  StaticPage: slot('screens/StaticPage.astro', 'A CMS static page served by URL (e.g. /law/, /privacy/).'),
  ErrorScreen: slot('screens/ErrorScreen.astro', 'Error page: 404 or other status texts and the トップページへ戻る button.'),
  Maintenance: slot('screens/Maintenance.astro', 'Maintenance page: title and message.'),
  Faq: slot('screens/Faq.astro', 'FAQ: items grouped by category, each question a details/summary accordion (works without JS).'),
  StylistList: slot('screens/StylistList.astro', 'Stylist list: picture, name and a link to each stylist.'),
  StylistDetail: slot('screens/StylistDetail.astro', "One stylist: profile and the stylist's blog posts."),
  LandingPage: slot('screens/LandingPage.astro', 'A landing page served by URL /{key}/ (sanitised body).'),
  Sitemap: slot('screens/Sitemap.astro', 'Sitemap for people: every public page of the channel, by section.'),
  FlipBook: slot('screens/FlipBook.astro', 'Catalogue viewer: every page listed; a small script turns pages (buttons, arrow keys).'),
  PopupList: slot('screens/PopupList.astro', 'Popups: the shown ones with their bodies.'),
  PopupDetail: slot('screens/PopupDetail.astro', 'One popup: title and sanitised body.'),
  MakerProducts: slot(
    'screens/MakerProducts.astro',
    "The maker's products on its page: a server-rendered fragment, current without a content rebuild.",
  ),
});
export type ThemeSlots = z.infer<typeof themeSlotsSchema>;

import type { SlotName } from './slot-props.ts';

export type { SlotName };

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The registry and themes/slot-props.ts name the same slots: a slot without props (or the reverse) fails the type check. */
export const SLOT_LISTS_AGREE: Same<keyof ThemeSlots, SlotName> = true;

/** The extra validation rules of a theme (spec 5); each is off unless the theme turns it on. */
export const themeRulesSchema = z.strictObject({
  strictPassword: z.boolean().default(false).describe('Password: 8+ characters, half-width letters and digits combined, - _ . allowed.'),
  fullWidthNames: z.boolean().default(false).describe('Names full-width only.'),
  kanaKatakana: z.boolean().default(false).describe('Kana fields full-width katakana.'),
});
export type ResolvedThemeRules = z.infer<typeof themeRulesSchema>;

/** The loader (spec 9): spinners 0000–0013, default 0011, size 20, transparent overlay, centred. */
export const themeLoaderSchema = z.strictObject({
  spinner: z.enum(SPINNER_IDS).default('0011').describe('Spinner design 0000–0013 (one stylesheet each, only the chosen one ships).'),
  size: z.number().int().min(8).max(120).default(20).describe('Spinner size in CSS pixels.'),
  overlay: z.enum(['transparent', 'light', 'dark']).default('transparent').describe('What covers the loading area behind the spinner.'),
  position: z.enum(['center', 'top']).default('center').describe('Where the spinner sits in the loading area.'),
});
export type ResolvedThemeLoader = z.infer<typeof themeLoaderSchema>;

/**
 * The decorative cursor follower (spec 9): cursors 0001–0003, size 10, frame 0.1. Off unless the theme
 * names a type: the default theme turns on 0001, the spec's default design; a theme without a cursor line gets none.
 */
export const themeCursorSchema = z.strictObject({
  type: z.enum(CURSOR_IDS).nullable().default(null).describe('Follower design 0001–0003, or null for none.'),
  size: z.number().int().min(4).max(64).default(10).describe('Follower size in CSS pixels.'),
  frame: z.number().gt(0).max(1).default(0.1).describe('Easing per animation frame: share of the remaining distance covered.'),
});
export type ResolvedThemeCursor = z.infer<typeof themeCursorSchema>;

/** What a theme declares: its name, an optional extra tokens stylesheet, its extra rules, loader, cursor, and only the slots it overrides. */
export const themeManifestSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/),
  /** Project-relative CSS file layered after the default tokens (custom properties only). */
  tokens: z.string().optional(),
  rules: themeRulesSchema.default({ strictPassword: false, fullWidthNames: false, kanaKatakana: false }),
  loader: themeLoaderSchema.default({ spinner: '0011', size: 20, overlay: 'transparent', position: 'center' }),
  cursor: themeCursorSchema.default({ type: null, size: 10, frame: 0.1 }),
  slots: themeSlotsSchema.partial().default({}),
});

/** Which theme a channel uses when the synced settings do not name one. */
export const channelThemes: Record<string, string> = {
  default: 'default',
  outlet: 'outlet',
  school: 'school',
};

/** The default theme's tokens are always loaded; a theme only overrides custom properties. */
export const BASE_TOKENS = 'themes/default/tokens.css';

export interface ResolvedTheme {
  name: string;
  /** Stylesheets in load order: the base tokens, then the theme's own. */
  tokens: string[];
  slots: ThemeSlots;
  rules: ResolvedThemeRules;
  loader: ResolvedThemeLoader;
  cursor: ResolvedThemeCursor;
  /** Stylesheets of the chosen spinner and cursor (project-relative), loaded on every page with the tokens. */
  feedbackStyles: string[];
}

/** Picks the theme name: the synced THEME setting when it names a known theme, else the channel map, else 'default'. */
export function themeNameFor(channel: string, settingsTheme?: string | null): string {
  if (settingsTheme && settingsTheme in themes) return settingsTheme;
  return channelThemes[channel] ?? 'default';
}

/** Resolves a theme by name: validates its manifest and fills every slot it does not override with the default. */
export function resolveTheme(name: string): ResolvedTheme {
  const manifest = themes[name];
  if (!manifest) throw new Error(`Unknown theme "${name}". Known themes: ${Object.keys(themes).join(', ')}`);
  const parsed = themeManifestSchema.parse(manifest);
  const slots = themeSlotsSchema.parse(parsed.slots);
  const tokens = [BASE_TOKENS, ...(parsed.tokens && parsed.tokens !== BASE_TOKENS ? [parsed.tokens] : [])];
  const feedbackStyles = [
    LOADER_BASE,
    spinnerStylesheet(parsed.loader.spinner),
    ...(parsed.cursor.type ? [cursorStylesheet(parsed.cursor.type)] : []),
  ];
  return { name: parsed.name, tokens, slots, rules: parsed.rules, loader: parsed.loader, cursor: parsed.cursor, feedbackStyles };
}

/** Slot names with their one-line descriptions, for documentation and the registry test. */
export function describeSlots(): Array<{ slot: keyof ThemeSlots; default: string; description: string }> {
  return (Object.entries(themeSlotsSchema.shape) as Array<[keyof ThemeSlots, z.ZodDefault<z.ZodString>]>).map(([slotName, schema]) => ({
    slot: slotName,
    default: String(schema.parse(undefined)),
    description: schema.description ?? '',
  }));
}
