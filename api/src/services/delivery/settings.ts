/**
 * The delivery settings of a channel, read per request (an editor changes them without a deploy).
 * A missing or malformed value falls back to its default, so a half-configured channel still answers.
 * - ORDER.LEADTIME_DAYS: business days the shop needs before shipping (products add their lead_days);
 * - ORDER.SHIPPING.CUTOFF_HOUR: an order after this hour (Japan time) starts the next day;
 * - ORDER.TRANSIT_DAYS: calendar days a parcel travels (leadtime_regions add to it per prefecture);
 * - ORDER.DELIVERY_DATE_RANGE_DAYS: how many dates, from the earliest, a shopper may choose;
 * - ORDER.NOSHI_FEE: the のし fee per shipment, tax included;
 * - ORDER.SHIPPING.IS_ALLOW_MULTIPLE (public, spec 9): several delivery addresses per order;
 * - ORDER.SHIPPING.MAX_SHIPPINGS: how many addresses one order may go to.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

export const DELIVERY_SETTING_DEFAULTS = {
  'ORDER.LEADTIME_DAYS': 2,
  'ORDER.SHIPPING.CUTOFF_HOUR': 12,
  'ORDER.TRANSIT_DAYS': 1,
  'ORDER.DELIVERY_DATE_RANGE_DAYS': 14,
  'ORDER.NOSHI_FEE': 110,
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': false,
  'ORDER.SHIPPING.MAX_SHIPPINGS': 10,
};
type Key = keyof typeof DELIVERY_SETTING_DEFAULTS;
const KEYS = Object.keys(DELIVERY_SETTING_DEFAULTS) as Key[];

export interface DeliverySettings {
  leadDays: number;
  cutoffHour: number;
  transitDays: number;
  rangeDays: number;
  noshiFee: number;
  allowMultiple: boolean;
  maxShippings: number;
}

const intIn = (v: unknown, min: number, max: number, fallback: number) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : fallback;

/** The settings' values (pure). */
export function deliverySettingsOf(values: Partial<Record<Key, unknown>>): DeliverySettings {
  const d = DELIVERY_SETTING_DEFAULTS;
  return {
    leadDays: intIn(values['ORDER.LEADTIME_DAYS'], 0, 60, d['ORDER.LEADTIME_DAYS']),
    cutoffHour: intIn(values['ORDER.SHIPPING.CUTOFF_HOUR'], 0, 24, d['ORDER.SHIPPING.CUTOFF_HOUR']),
    transitDays: intIn(values['ORDER.TRANSIT_DAYS'], 0, 30, d['ORDER.TRANSIT_DAYS']),
    rangeDays: intIn(values['ORDER.DELIVERY_DATE_RANGE_DAYS'], 1, 90, d['ORDER.DELIVERY_DATE_RANGE_DAYS']),
    noshiFee: intIn(values['ORDER.NOSHI_FEE'], 0, 100_000, d['ORDER.NOSHI_FEE']),
    allowMultiple: values['ORDER.SHIPPING.IS_ALLOW_MULTIPLE'] === true,
    maxShippings: intIn(values['ORDER.SHIPPING.MAX_SHIPPINGS'], 1, 50, d['ORDER.SHIPPING.MAX_SHIPPINGS']),
  };
}

/** The channel's delivery settings. */
export async function deliverySettings(conn: Db | Tx, channelId: string): Promise<DeliverySettings> {
  const rows = await conn
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channelId), inArray(settings.key, KEYS)));
  return deliverySettingsOf(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}
