/**
 * Site settings per channel: the public flat object of GET /v1/settings/front (spec section 9 keys
 * plus the shop's terms), the selected colour scheme and /public.json. The defaults list here is
 * also what the seed writes for a new channel, so the keys exist in one place.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Colorscheme, FrontSettings, PublicJson } from '#contracts/settings.ts';
import type { Db, Tx } from '../../db/client.ts';
import { channels, colorschemes, settings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

type Conn = Db | Tx;

/**
 * The shop's delivery and return terms. The confirmation screen, the guide and the 特定商取引法
 * page all show these settings (pages through placeholders), so an editor changes them once.
 */
export const TERM_SETTING_DEFAULTS = {
  'ORDER.DELIVERY_LEAD_TIME': 'ご注文確定日の翌営業日から3営業日以内に発送いたします（土日祝日・年末年始を除く）。',
  'ORDER.RETURN_POLICY':
    '商品到着後8日以内にご連絡いただいた未使用品に限り、返品・交換を承ります。お客様のご都合による返品の送料はお客様のご負担となります。不良品・誤配送の場合は当店が送料を負担し、良品と交換いたします。',
  'ORDER.RETURN_POLICY_FOOD':
    '食品は返品不可です。商品の性質上、お客様のご都合による返品・交換はお受けできません（不良品・誤配送の場合を除きます）。',
} as const;

/**
 * Values used when a channel lacks a setting row, so GET /v1/settings/front always carries every
 * key of spec section 9 and the storefront's schema never fails on a half-configured channel.
 */
export const FRONT_SETTING_DEFAULTS: FrontSettings = {
  'SITE.NAME': '',
  'SITE.NAMESPACE': '',
  'SITE.CHANNEL_PREFIX': '',
  'SITE.NO_MEMBER_USE': false,
  /** Registration needs a school key (the school shop: api/src/services/schools/index.ts). */
  'SITE.SCHOOL_KEY_REQUIRED': false,
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
  ...TERM_SETTING_DEFAULTS,
};

/** The channel's public settings as the flat object of GET /v1/settings/front. */
export async function frontSettings(db: Conn, channelId: string, theme: string, name: string): Promise<FrontSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channelId), eq(settings.is_public, true)));
  const out: FrontSettings = { ...FRONT_SETTING_DEFAULTS, 'SITE.NAME': name, THEME: theme };
  for (const r of rows) out[r.key] = r.value;
  return out;
}

/** Public settings `keys` of the channel as text, each falling back to its default. */
export async function publicTextSettings<K extends string>(db: Conn, channelId: string, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channelId), eq(settings.is_public, true), inArray(settings.key, [...keys])));
  const found = new Map(rows.map((r) => [r.key, r.value]));
  const defaults = FRONT_SETTING_DEFAULTS as Record<string, unknown>;
  return Object.fromEntries(
    keys.map((k) => {
      const v = found.get(k) ?? defaults[k];
      return [k, v == null ? '' : String(v)];
    }),
  ) as Record<K, string>;
}

/** GET /v1/colorschemes/selected/front: CSS custom property values by token name. */
export async function selectedColorscheme(db: Conn, channelId: string): Promise<Colorscheme> {
  const [row] = await db
    .select()
    .from(colorschemes)
    .where(and(eq(colorschemes.channel_id, channelId), eq(colorschemes.is_selected, true)))
    .limit(1);
  if (!row) throw notFound('カラースキーム');
  const tokens = Object.fromEntries(Object.entries((row.tokens ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  return { id: row.id, name: row.name, tokens };
}

/**
 * GET /public.json: which channel this is, its name, the API origin and the theme; null for an
 * unknown channel. `apiBaseUrl` is the shop's public API origin when it differs ('' = same origin).
 */
export async function publicJson(db: Conn, channelId: string, apiBaseUrl: string): Promise<PublicJson | null> {
  const [channel] = await db.select().from(channels).where(eq(channels.id, channelId)).limit(1);
  if (!channel) return null;
  const [name] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channel.id), eq(settings.key, 'SITE.NAME')))
    .limit(1);
  return {
    channel_id: channel.id,
    site_name: typeof name?.value === 'string' ? name.value : channel.name,
    api_base_url: apiBaseUrl,
    theme: channel.theme,
  };
}
