/**
 * CMS content and site settings, per channel: serialisers from rows to the wire shapes of
 * contracts/content.ts and contracts/settings.ts, plus the few lookups the routes share.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { settings } from '../db/schema.ts';
import type { Banner, Blog, Brand, FreeArea, LandingPage, Maker, Message, News, Popup, Stylist } from '#contracts/content.ts';
import type { FrontSettings } from '#contracts/settings.ts';

type Conn = Db | Tx;

/**
 * A path segment names a row by numeric id or by key. Only up to 9 digits count as an id, so a
 * long number never overflows the integer column (it is looked up as a key instead).
 */
export function idOrKey(value: string, idCol: Parameters<typeof eq>[0], keyCol: Parameters<typeof eq>[0]): SQL {
  return /^\d{1,9}$/.test(value) ? eq(idCol, Number(value)) : eq(keyCol, value);
}

/** '/company' or 'company/' → '/company/': static page URLs are stored with both slashes. */
export function normalisePageUrl(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

const iso = (d: Date) => d.toISOString();
const stringArray = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export const toMaker = (r: { id: number; key: string; name: string; name_kana: string; description: string; image: string | null }): Maker =>
  ({ id: r.id, key: r.key, name: r.name, name_kana: r.name_kana, description: r.description, image: r.image });

export const toBrand = (r: { id: number; key: string; name: string; maker_id: number | null }): Brand =>
  ({ id: r.id, key: r.key, name: r.name, maker_id: r.maker_id });

export const toBlog = (r: { id: number; key: string; title: string; excerpt: string; body: string; image: string | null; tags: unknown; published_at: Date }): Blog =>
  ({ id: r.id, key: r.key, title: r.title, excerpt: r.excerpt, body: r.body, image: r.image, tags: stringArray(r.tags), published_at: iso(r.published_at) });

export const toNews = (r: { id: number; key: string; title: string; body: string; is_important: boolean; published_at: Date }): News =>
  ({ id: r.id, key: r.key, title: r.title, body: r.body, is_important: r.is_important, published_at: iso(r.published_at) });

export const toMessage = (r: { id: number; code: string; title: string; body: string; updated_at: Date }): Message =>
  ({ id: r.id, code: r.code, title: r.title, body: r.body, updated_at: iso(r.updated_at) });

export const toBanner = (r: { id: number; area: string; title: string; image: string | null; link: string | null; is_show: boolean }): Banner =>
  ({ id: r.id, area: r.area, title: r.title, image: r.image, link: r.link, is_show: r.is_show });

export const toPopup = (r: { id: number; title: string; body: string; is_show: boolean }): Popup =>
  ({ id: r.id, title: r.title, body: r.body, is_show: r.is_show });

export const toFreeArea = (r: { id: number; code: string; body: string }): FreeArea => ({ id: r.id, code: r.code, body: r.body });

export const toLandingPage = (r: { id: number; key: string; title: string; body: string; updated_at: Date }): LandingPage =>
  ({ id: r.id, key: r.key, title: r.title, body: r.body, updated_at: iso(r.updated_at) });

export const toStylist = (r: { id: number; key: string; name: string; profile: string; image: string | null }): Stylist =>
  ({ id: r.id, key: r.key, name: r.name, profile: r.profile, image: r.image });

/**
 * Values used when a channel lacks a setting row, so GET /v1/settings/front always carries every
 * key of spec section 9 and the storefront's schema never fails on a half-configured channel.
 */
export const FRONT_SETTING_DEFAULTS: FrontSettings = {
  'SITE.NAME': '',
  'SITE.NAMESPACE': '',
  'SITE.CHANNEL_PREFIX': '',
  'SITE.NO_MEMBER_USE': false,
  'SITE.STORAGE_URL': '',
  'SITE.BREAKPOINT.SCREEN-SM': 576,
  'SITE.BREAKPOINT.SCREEN-MD': 992,
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': false,
  'CART.POPUP_COMPONENT': 'toast',
  'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': true,
  THEME: 'default',
  TAG_MANAGER_ID: '',
  PURCHASE_VALUE_WITHOUT_TAX: false,
};

/** The channel's public settings as the flat object of GET /v1/settings/front. */
export async function frontSettings(db: Conn, channelId: string, theme: string, name: string): Promise<FrontSettings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings)
    .where(and(eq(settings.channel_id, channelId), eq(settings.is_public, true)));
  const out: FrontSettings = { ...FRONT_SETTING_DEFAULTS, 'SITE.NAME': name, THEME: theme };
  for (const r of rows) out[r.key] = r.value;
  return out;
}
