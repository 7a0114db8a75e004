/**
 * Which memorial days to remind of today (pure). Days are counted in Japan time, and a day stored as
 * 2月29日 falls on 2月28日 in a year without one.
 */

/** A calendar day. */
export interface Ymd {
  year: number;
  month: number;
  date: number;
}

/** A stored memorial day (month, date) coming up: the year of that occurrence and the days left until it. */
export interface DueDay {
  month: number;
  date: number;
  year: number;
  daysLeft: number;
}

const DAY_MS = 86_400_000;
// Japan keeps UTC+9 all year (no summer time), so a fixed offset is exact.
const TOKYO_OFFSET_MS = 9 * 3_600_000;

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The calendar day in Asia/Tokyo at `now`. */
export function tokyoToday(now: Date): Ymd {
  const d = new Date(now.getTime() + TOKYO_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}

/** The day a memorial of (month, date) falls on in `year`: 2月29日 is 2月28日 in a non-leap year. */
export function occurrenceIn(year: number, month: number, date: number): Ymd {
  return month === 2 && date === 29 && !isLeapYear(year) ? { year, month: 2, date: 28 } : { year, month, date };
}

/**
 * The stored days whose next occurrence is 1 to `daysBefore` days after `today`, nearest first, each
 * with the year it falls in and the days left. In a non-leap year 2月28日 brings 2月29日 along.
 * `daysBefore` below 366, so no stored day appears twice.
 */
export function dueDays(today: Ymd, daysBefore: number): DueDay[] {
  const base = Date.UTC(today.year, today.month - 1, today.date);
  const due: DueDay[] = [];
  for (let daysLeft = 1; daysLeft <= daysBefore; daysLeft++) {
    const d = new Date(base + daysLeft * DAY_MS);
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth() + 1;
    const date = d.getUTCDate();
    due.push({ month, date, year, daysLeft });
    if (month === 2 && date === 28 && !isLeapYear(year)) due.push({ month: 2, date: 29, year, daysLeft });
  }
  return due;
}
