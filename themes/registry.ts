/**
 * Theme slot registry. Every screen a theme may replace is one entry here, with the default
 * component and a line saying what it renders (the Starlight component-override model). A theme's
 * manifest (themes/<name>/theme.ts) lists only the slots it overrides; `resolveTheme` fills in the
 * rest. The channel picks the theme at build time, and the Vite plugin in astro.config.mjs
 * resolves `virtual:shop/slot/<Slot>` imports to the chosen files, so a channel's build contains
 * only its own theme's files.
 */
import { z } from 'zod';
import defaultTheme from './default/theme.ts';
import outletTheme from './outlet/theme.ts';

/** One slot: a project-relative path to an .astro component, defaulting to the default theme's file. */
const slot = (file: string, description: string) => z.string().min(1).default(`themes/default/${file}`).describe(description);

export const themeSlotsSchema = z.strictObject({
  Header: slot('Header.astro', 'Site header: logo, links 商品一覧 / カート (count badge) / ログイン or マイページ.'),
  Footer: slot('Footer.astro', 'Site footer: legal, privacy, news and blog links and the copyright line.'),
  Home: slot('screens/Home.astro', 'Top page: hero, category tiles, new arrivals and the latest news.'),
  ProductList: slot('screens/ProductList.astro', 'Product list: cards (name link, image, price with tax) and pagination.'),
  ProductDetail: slot('screens/ProductDetail.astro', 'Product detail: images, name, price, stock, description and the add-to-cart island.'),
  Cart: slot('screens/Cart.astro', 'Cart screen: heading and the cart island (lines, quantities, totals, checkout button).'),
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
});
export type ThemeSlots = z.infer<typeof themeSlotsSchema>;
export type SlotName = keyof ThemeSlots;

/** What a theme declares: its name, an optional extra tokens stylesheet, and only the slots it overrides. */
export const themeManifestSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/),
  /** Project-relative CSS file layered after the default tokens (custom properties only). */
  tokens: z.string().optional(),
  slots: themeSlotsSchema.partial().default({}),
});
export type ThemeManifest = z.input<typeof themeManifestSchema>;

/** Every known theme by name. Manifests hold only path strings, so listing them here pulls no theme code into a build. */
export const themes: Record<string, ThemeManifest> = {
  default: defaultTheme,
  outlet: outletTheme,
};

/** Which theme a channel uses when the synced settings do not name one. */
export const channelThemes: Record<string, string> = {
  default: 'default',
  outlet: 'outlet',
};

/** The default theme's tokens are always loaded; a theme only overrides custom properties. */
export const BASE_TOKENS = 'themes/default/tokens.css';

export interface ResolvedTheme {
  name: string;
  /** Stylesheets in load order: the base tokens, then the theme's own. */
  tokens: string[];
  slots: ThemeSlots;
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
  return { name: parsed.name, tokens, slots };
}

/** Slot names with their one-line descriptions, for documentation and the registry test. */
export function describeSlots(): Array<{ slot: SlotName; default: string; description: string }> {
  return (Object.entries(themeSlotsSchema.shape) as Array<[SlotName, z.ZodDefault<z.ZodString>]>).map(([slotName, schema]) => ({
    slot: slotName,
    default: String(schema.parse(undefined)),
    description: schema.description ?? '',
  }));
}
