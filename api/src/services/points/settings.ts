/**
 * The benefit settings of a channel, read per request (an editor changes them without a deploy):
 * POINT.RATE (percent of the goods' price without tax earned per order), POINT.GRANT_AFTER_DAYS (the
 * cancel window after which points earned on a card order are granted unshipped), ORDER.CARRIAGE.FEE and
 * ORDER.CARRIAGE.FREE_FROM (per shipment, tax included), and ORDER.CARRIAGE.CAMPAIGN, a period in
 * which shipping is cheaper: `{ name, starts_at, ends_at, free_from?, fee? }` (free_from 0: every
 * shipment ships free; a missing key keeps the normal value). A missing or malformed value falls
 * back to the default, so a half-configured channel still prices carts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { CartCarriage } from '#contracts/cart.ts';
import { CARRIAGE } from '#contracts/constants.ts';
import type { Db, Tx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import type { CarriageRule } from '../carts/pricing.ts';

export const BENEFIT_SETTING_DEFAULTS = {
  'POINT.RATE': 1,
  'POINT.GRANT_AFTER_DAYS': 7,
  'ORDER.CARRIAGE.FEE': CARRIAGE.fee,
  'ORDER.CARRIAGE.FREE_FROM': CARRIAGE.freeFrom as number | null,
  'ORDER.CARRIAGE.CAMPAIGN': null as CarriageCampaign | null,
};
type Key = keyof typeof BENEFIT_SETTING_DEFAULTS;
const KEYS = Object.keys(BENEFIT_SETTING_DEFAULTS) as Key[];

export interface CarriageCampaign {
  name: string;
  starts_at: string;
  ends_at: string;
  free_from?: number | null;
  fee?: number;
}

export interface BenefitSettings {
  pointRate: number;
  /** Whole days after a card order's decision when its pending points are granted (points/grant.ts). */
  pointGrantAfterDays: number;
  carriage: CarriageRule;
  /** The rule as the cart shows it. */
  carriageView: CartCarriage;
}

const yenOr = (v: unknown, fallback: number) => (Number.isInteger(v) && (v as number) >= 0 ? (v as number) : fallback);

function campaignOf(v: unknown): CarriageCampaign | null {
  if (!v || typeof v !== 'object') return null;
  const c = v as Record<string, unknown>;
  if (typeof c.starts_at !== 'string' || typeof c.ends_at !== 'string') return null;
  if (Number.isNaN(Date.parse(c.starts_at)) || Number.isNaN(Date.parse(c.ends_at))) return null;
  return {
    name: typeof c.name === 'string' ? c.name : '送料キャンペーン',
    starts_at: c.starts_at,
    ends_at: c.ends_at,
    free_from: c.free_from === null ? null : Number.isInteger(c.free_from) ? (c.free_from as number) : undefined,
    fee: Number.isInteger(c.fee) ? (c.fee as number) : undefined,
  };
}

/** The settings' benefit values at `now` (pure): a running campaign overrides the fee and threshold it names. */
export function benefitSettingsOf(values: Partial<Record<Key, unknown>>, now = new Date()): BenefitSettings {
  const rate = values['POINT.RATE'];
  const pointRate =
    typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 && rate <= 100 ? rate : BENEFIT_SETTING_DEFAULTS['POINT.RATE'];
  let fee = yenOr(values['ORDER.CARRIAGE.FEE'], CARRIAGE.fee);
  const rawFree = values['ORDER.CARRIAGE.FREE_FROM'];
  let freeFrom: number | null = rawFree === null ? null : yenOr(rawFree, CARRIAGE.freeFrom);
  let campaign: string | null = null;
  const c = campaignOf(values['ORDER.CARRIAGE.CAMPAIGN']);
  if (c && Date.parse(c.starts_at) <= now.getTime() && now.getTime() < Date.parse(c.ends_at)) {
    campaign = c.name;
    if (c.fee !== undefined && c.fee >= 0) fee = c.fee;
    if (c.free_from !== undefined && (c.free_from === null || c.free_from >= 0)) freeFrom = c.free_from;
  }
  const days = values['POINT.GRANT_AFTER_DAYS'];
  const pointGrantAfterDays =
    Number.isInteger(days) && (days as number) >= 0 && (days as number) <= 365
      ? (days as number)
      : BENEFIT_SETTING_DEFAULTS['POINT.GRANT_AFTER_DAYS'];
  return { pointRate, pointGrantAfterDays, carriage: { fee, freeFrom }, carriageView: { fee, free_from: freeFrom, campaign } };
}

/** The channel's standing carriage rule, without any campaign: what the guide and the 特定商取引法 page state. */
export async function standingCarriage(conn: Db | Tx, channelId: string): Promise<CarriageRule> {
  const rows = await conn
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channelId), inArray(settings.key, ['ORDER.CARRIAGE.FEE', 'ORDER.CARRIAGE.FREE_FROM'])));
  return benefitSettingsOf(Object.fromEntries(rows.map((r) => [r.key, r.value]))).carriage;
}

/** The channel's benefit settings now. */
export async function benefitSettings(conn: Db | Tx, channelId: string, now = new Date()): Promise<BenefitSettings> {
  const rows = await conn
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channelId), inArray(settings.key, KEYS)));
  return benefitSettingsOf(Object.fromEntries(rows.map((r) => [r.key, r.value])), now);
}
