/**
 * Japanese public holidays (国民の祝日に関する法律) computed in code, as the law stands since 2022
 * (the Olympic moves of 2020–2021 are history; years before 2022 are not answered). Pure, so the
 * calendar seed, its self-extension and the tests share one rule:
 * - fixed days (元日, 建国記念の日, 天皇誕生日 2/23, 昭和の日, 憲法記念日, みどりの日, こどもの日, 山の日,
 *   文化の日, 勤労感謝の日) and Happy Monday days (成人の日, 海の日, 敬老の日, スポーツの日);
 * - 春分の日 and 秋分の日 by the standard formula (valid 1980–2099; the cabinet office announces the
 *   same dates each February);
 * - 国民の休日: a day between two 祝日 that is not itself one (the September "silver week");
 * - 振替休日: a 祝日 on a Sunday moves the rest to the next day that is not a holiday.
 * No dependency: a dozen rules are easier to review than a package's data file, and they cannot go
 * stale the way a bundled table of dates does (a new law would change this file either way).
 */

/** First and last years the rules are known to hold for (the equinox formula ends in 2099). */
export const HOLIDAY_YEARS = { from: 2022, to: 2099 } as const;

/** "2026-05-06" for a UTC date. */
export const ymd = (d: Date) => d.toISOString().slice(0, 10);
/** The UTC midnight of "YYYY-MM-DD". */
export const parseYmd = (s: string) => new Date(`${s}T00:00:00Z`);
/** `s` plus `days` calendar days. */
export const addDays = (s: string, days: number) => ymd(new Date(parseYmd(s).getTime() + days * 86_400_000));
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (s: string) => parseYmd(s).getUTCDay();

const pad = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** The `nth` Monday of month `m` (Happy Monday system). */
function nthMonday(y: number, m: number, nth: number): string {
  const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const firstMonday = 1 + ((8 - first) % 7);
  return day(y, m, firstMonday + (nth - 1) * 7);
}

/** 春分の日 (day of March) by the standard formula. */
export const vernalEquinoxDay = (y: number) => Math.floor(20.8431 + 0.242194 * (y - 1980) - Math.floor((y - 1980) / 4));
/** 秋分の日 (day of September) by the standard formula. */
export const autumnalEquinoxDay = (y: number) => Math.floor(23.2488 + 0.242194 * (y - 1980) - Math.floor((y - 1980) / 4));

/** The 国民の祝日 of year `y` themselves (before 国民の休日 and 振替休日). */
function nationalHolidays(y: number): Map<string, string> {
  return new Map<string, string>(
    [
      [day(y, 1, 1), '元日'],
      [nthMonday(y, 1, 2), '成人の日'],
      [day(y, 2, 11), '建国記念の日'],
      [day(y, 2, 23), '天皇誕生日'],
      [day(y, 3, vernalEquinoxDay(y)), '春分の日'],
      [day(y, 4, 29), '昭和の日'],
      [day(y, 5, 3), '憲法記念日'],
      [day(y, 5, 4), 'みどりの日'],
      [day(y, 5, 5), 'こどもの日'],
      [nthMonday(y, 7, 3), '海の日'],
      [day(y, 8, 11), '山の日'],
      [nthMonday(y, 9, 3), '敬老の日'],
      [day(y, 9, autumnalEquinoxDay(y)), '秋分の日'],
      [nthMonday(y, 10, 2), 'スポーツの日'],
      [day(y, 11, 3), '文化の日'],
      [day(y, 11, 23), '勤労感謝の日'],
    ].sort((a, b) => a[0].localeCompare(b[0])) as [string, string][],
  );
}

const cache = new Map<number, ReadonlyMap<string, string>>();

/** Every public holiday of year `y` ("YYYY-MM-DD" → name), 国民の休日 and 振替休日 included, in date order. */
export function holidaysOf(y: number): ReadonlyMap<string, string> {
  if (!Number.isInteger(y) || y < HOLIDAY_YEARS.from || y > HOLIDAY_YEARS.to) {
    throw new RangeError(`holidays are computed for ${HOLIDAY_YEARS.from}–${HOLIDAY_YEARS.to}, not ${y}`);
  }
  const known = cache.get(y);
  if (known) return known;
  const law = nationalHolidays(y);
  const all = new Map(law);
  // 国民の休日: a weekday squeezed between two 祝日 (checked against the 祝日 only, as the law says).
  for (const date of law.keys()) {
    const between = addDays(date, 1);
    if (!law.has(between) && law.has(addDays(date, 2)) && weekday(between) !== 0) all.set(between, '国民の休日');
  }
  // 振替休日: the first day after a Sunday 祝日 that is no holiday (5/3 on a Sunday → 5/6).
  for (const date of law.keys()) {
    if (weekday(date) !== 0) continue;
    let next = addDays(date, 1);
    while (all.has(next)) next = addDays(next, 1);
    all.set(next, '振替休日');
  }
  const sorted = new Map([...all].sort((a, b) => a[0].localeCompare(b[0])));
  cache.set(y, sorted);
  return sorted;
}

/** The public holiday's name on `date` ("YYYY-MM-DD"), or null. */
export function holidayName(date: string): string | null {
  return holidaysOf(Number(date.slice(0, 4))).get(date) ?? null;
}
