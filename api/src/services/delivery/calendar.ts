/**
 * The shop's business-day calendar (business_dates): one row per date, `is_holiday` true when the
 * shop does not ship that day, `name` saying why (the public holiday's name, 定休日, 年末年始休業).
 * Closed: Saturdays, Sundays, public holidays and 12/29–1/3. Rows are written with these defaults
 * and never overwritten, so a shop may edit a day (an extra closed day, a Saturday opening) in the
 * table. The calendar extends itself: every read and every lead-time answer first makes sure the
 * dates it needs exist (ensureCalendar), and start-up makes sure of the next 12 months, so a shop
 * that runs for years never runs out of days (the seed only fills a fresh database).
 */
import { and, asc, between, count } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { business_dates } from '../../db/schema/index.ts';
import { addDays, HOLIDAY_YEARS, holidayName, parseYmd, weekday, ymd } from './holidays.ts';

type Conn = Db | Tx;

export interface BusinessDate {
  date: string;
  is_holiday: boolean;
  name: string | null;
}

/** The first and last dates the calendar answers for. */
export const CALENDAR_BOUNDS = { from: `${HOLIDAY_YEARS.from}-01-01`, to: `${HOLIDAY_YEARS.to}-12-31` } as const;
/** How far ahead the calendar is kept filled. */
export const CALENDAR_AHEAD_MONTHS = 12;

/** The shop's default for `date` (pure): closed on weekends, public holidays and 年末年始. */
export function defaultBusinessDate(date: string): BusinessDate {
  const holiday = holidayName(date);
  if (holiday) return { date, is_holiday: true, name: holiday };
  const md = Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
  if (md >= 1229 || md <= 103) return { date, is_holiday: true, name: '年末年始休業' };
  const wd = weekday(date);
  if (wd === 0 || wd === 6) return { date, is_holiday: true, name: '定休日' };
  return { date, is_holiday: false, name: null };
}

/** The Japan date (YYYY-MM-DD) of an instant. */
export const jstDate = (at: Date) => ymd(new Date(at.getTime() + 9 * 3_600_000));
/** The Japan hour (0–23) of an instant. */
export const jstHour = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).getUTCHours();

/** `date` plus `months` months (clamped to the month's last day). */
export function addMonths(date: string, months: number): string {
  const d = parseYmd(date);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return ymd(target);
}

const clamp = (date: string) =>
  date < CALENDAR_BOUNDS.from ? CALENDAR_BOUNDS.from : date > CALENDAR_BOUNDS.to ? CALENDAR_BOUNDS.to : date;
const daysBetween = (from: string, to: string) => Math.round((parseYmd(to).getTime() - parseYmd(from).getTime()) / 86_400_000) + 1;

/** The default rows of `from`..`to` (pure). */
export function defaultRange(from: string, to: string): BusinessDate[] {
  const out: BusinessDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(defaultBusinessDate(d));
  return out;
}

/** Makes sure every date of `from`..`to` has a row (missing ones get the defaults; existing rows are kept). */
export async function ensureCalendar(conn: Conn, from: string, to: string): Promise<void> {
  from = clamp(from);
  to = clamp(to);
  if (from > to) return;
  const [{ n }] = await conn
    .select({ n: count() })
    .from(business_dates)
    .where(between(business_dates.date, from, to));
  if (n >= daysBetween(from, to)) return;
  const rows = defaultRange(from, to);
  for (let i = 0; i < rows.length; i += 500) {
    await conn
      .insert(business_dates)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

/** Fills the calendar from today (Japan) to 12 months ahead; at seed and at start-up. */
export async function ensureCalendarAhead(conn: Conn, now = new Date()): Promise<void> {
  const today = jstDate(now);
  await ensureCalendar(conn, today, addMonths(today, CALENDAR_AHEAD_MONTHS));
}

/** The calendar's rows of `from`..`to`, in date order (filled first where missing). */
export async function calendarRange(conn: Conn, from: string, to: string): Promise<BusinessDate[]> {
  await ensureCalendar(conn, from, to);
  return conn
    .select({ date: business_dates.date, is_holiday: business_dates.is_holiday, name: business_dates.name })
    .from(business_dates)
    .where(and(between(business_dates.date, from, to)))
    .orderBy(asc(business_dates.date));
}
