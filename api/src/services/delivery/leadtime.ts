/**
 * Delivery lead time: when the shop can ship and which delivery dates a shopper may choose.
 * - The order day: today (Japan time), or tomorrow after the cut-off hour (ORDER.SHIPPING.CUTOFF_HOUR).
 * - The ship date: the first business day on or after the order day, then ORDER.LEADTIME_DAYS plus
 *   the largest lead_days of the products more business days (business_dates; closed days skipped).
 * - The earliest delivery: the ship date plus ORDER.TRANSIT_DAYS plus the prefecture's extra days
 *   (leadtime_regions), in calendar days (carriers deliver every day).
 * - The choosable dates: ORDER.DELIVERY_DATE_RANGE_DAYS calendar days from the earliest; the time
 *   slots are the carriers' (contracts/delivery-choices.ts). No date and no slot (指定なし) is always allowed.
 * The cart (per shipment), its decision and the social gift's receiver use these same functions.
 */
import { eq, inArray } from 'drizzle-orm';
import { DELIVERY_TIMEZONES } from '#contracts/delivery-choices.ts';
import type { Db, Tx } from '../../db/client.ts';
import { leadtime_regions, products } from '../../db/schema/index.ts';
import { type BusinessDate, CALENDAR_BOUNDS, calendarRange, jstDate, jstHour } from './calendar.ts';
import { addDays } from './holidays.ts';
import { type DeliverySettings, deliverySettings } from './settings.ts';

type Conn = Db | Tx;

/** Business days searched for a ship date before giving up (a calendar closed for months). */
const SEARCH_DAYS = 120;

export interface DeliveryChoices {
  /** Choosable delivery dates, YYYY-MM-DD, in order. */
  dates: string[];
  /** The time slots; none (null) is 指定なし. */
  timezones: { code: string; label: string }[];
  /** The earliest delivery date, or null when the shop cannot ship (calendar closed). */
  earliest: string | null;
}

/** How the earliest date came about (the cart's leadtime answer shows it). */
export interface DeliveryPlan extends DeliveryChoices {
  ship_date: string | null;
  /** Business days before shipping (base + the slowest product). */
  lead_days: number;
  /** Calendar days in transit (base + the prefecture's extra days). */
  transit_days: number;
}

/** The plan from the calendar rows starting at the order day (pure). */
export function planFrom(
  calendar: BusinessDate[],
  orderDay: string,
  leadDays: number,
  transitDays: number,
  rangeDays: number,
): DeliveryPlan {
  const open = calendar.filter((d) => !d.is_holiday && d.date >= orderDay).map((d) => d.date);
  const ship = open[leadDays] ?? null;
  const timezones = DELIVERY_TIMEZONES.map((t) => ({ code: t.code, label: t.label }));
  if (!ship) return { dates: [], timezones, earliest: null, ship_date: null, lead_days: leadDays, transit_days: transitDays };
  const earliest = addDays(ship, transitDays);
  const dates: string[] = [];
  for (let i = 0; i < rangeDays; i++) {
    const d = addDays(earliest, i);
    if (d > CALENDAR_BOUNDS.to) break;
    dates.push(d);
  }
  return { dates, timezones, earliest, ship_date: ship, lead_days: leadDays, transit_days: transitDays };
}

/** The order day: today in Japan, or tomorrow from the cut-off hour. */
export function orderDayOf(now: Date, cutoffHour: number): string {
  const today = jstDate(now);
  return jstHour(now) >= cutoffHour ? addDays(today, 1) : today;
}

export interface PlanInput {
  channelId: string;
  productIds: number[];
  prefecture: string | null;
  now?: Date;
  settings?: DeliverySettings;
}

/** The full plan (ship date, lead and transit days, choices) for these products to `prefecture`. */
export async function deliveryPlan(conn: Conn, input: PlanInput): Promise<DeliveryPlan> {
  const now = input.now ?? new Date();
  const s = input.settings ?? (await deliverySettings(conn, input.channelId));
  const ids = [...new Set(input.productIds)];
  const [productLead, region] = await Promise.all([
    ids.length ? conn.select({ lead: products.lead_days }).from(products).where(inArray(products.id, ids)) : Promise.resolve([]),
    input.prefecture
      ? conn
          .select({ days: leadtime_regions.days })
          .from(leadtime_regions)
          .where(eq(leadtime_regions.prefecture, input.prefecture))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const leadDays = s.leadDays + Math.max(0, ...productLead.map((p) => p.lead));
  const transitDays = s.transitDays + Math.max(0, region[0]?.days ?? 0);
  const orderDay = orderDayOf(now, s.cutoffHour);
  const calendar = await calendarRange(conn, orderDay, addDays(orderDay, SEARCH_DAYS + leadDays * 2));
  return planFrom(calendar, orderDay, leadDays, transitDays, s.rangeDays);
}

/** The choosable delivery dates and time slots for these products to `prefecture` (null: not known yet). */
export async function deliveryChoices(
  conn: Conn,
  input: { channelId: string; productIds: number[]; prefecture: string | null; now?: Date },
): Promise<DeliveryChoices> {
  const { dates, timezones, earliest } = await deliveryPlan(conn, input);
  return { dates, timezones, earliest };
}

/** Whether `date` and `timezone` may be chosen (null is 指定なし, always allowed). */
export function isChoosableDelivery(
  choices: Pick<DeliveryChoices, 'dates' | 'timezones'>,
  date: string | null,
  timezone: string | null,
): boolean {
  if (date != null && !choices.dates.includes(date)) return false;
  if (timezone != null && !choices.timezones.some((t) => t.code === timezone)) return false;
  return true;
}
