/**
 * Dates as the shop writes them everywhere (spec 9: date YYYY.MM.DD, in Japan time; a weekday in
 * parentheses may follow: 2026.12.04（金）), for calendar days ("2026-12-04": delivery dates,
 * deadlines). Shared by the storefront's screens and the API's mails, receipts and messages, so they
 * all read alike; instants (date-times) are contracts/datetimes.ts. Few bytes and no dayjs: the
 * checkout steps load these lines (astro.config.mjs puts them in the 'checkout' chunk) and those pages
 * are at their JavaScript budget (tests/e2e/js-budget.spec.ts).
 */

/** A calendar day "2026-12-04" (a longer ISO string is cut to its day) → "2026.12.04"; '' stays ''. */
export function formatDay(ymd: string): string {
  return ymd.slice(0, 10).replaceAll('-', '.');
}

/** A calendar day with its weekday: "2026-12-04" → "2026.12.04（金）"; anything else as given. */
export function formatDayWithWeekday(ymd: string): string {
  // An invalid day gives NaN, and '日月火水木金土'[NaN] is undefined.
  const day = '日月火水木金土'[new Date(`${ymd.slice(0, 10)}T00:00Z`).getUTCDay()];
  return day ? `${formatDay(ymd)}（${day}）` : ymd;
}
