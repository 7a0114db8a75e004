/**
 * Dates as the shop writes them everywhere (spec 9: date YYYY.MM.DD, datetime YYYY.MM.DD H:mm, in
 * Japan time; a weekday in parentheses may follow a date: 2026.12.04（金）). Shared by the storefront's
 * screens and the API's mails, receipts and messages, so they all read alike. No dayjs: islands that
 * only show a delivery date carry these few lines, not a date library.
 */

const WEEKDAYS = '日月火水木金土';
const YMD = /^(\d{4})-(\d{2})-(\d{2})/;

/** Japan-time calendar parts of an instant (hour 0–23). */
function jstParts(at: Date | string | number): { y: string; m: string; d: string; h: number; min: string } | null {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const shifted = new Date(date.getTime() + 9 * 3_600_000);
  const iso = shifted.toISOString();
  return { y: iso.slice(0, 4), m: iso.slice(5, 7), d: iso.slice(8, 10), h: shifted.getUTCHours(), min: iso.slice(14, 16) };
}

/** A calendar day "2026-12-04" (a longer ISO string is cut to its day) → "2026.12.04"; anything else as given. */
export function formatDay(ymd: string): string {
  const m = YMD.exec(ymd);
  return m ? `${m[1]}.${m[2]}.${m[3]}` : ymd;
}

/** The weekday of a calendar day "2026-12-04" → "金" ('' when it is not a day). */
export function weekdayOf(ymd: string): string {
  const m = YMD.exec(ymd);
  return m ? WEEKDAYS[new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay()] : '';
}

/** A calendar day with its weekday: "2026-12-04" → "2026.12.04（金）"; anything else as given. */
export function formatDayWithWeekday(ymd: string): string {
  const day = weekdayOf(ymd);
  return day ? `${formatDay(ymd)}（${day}）` : ymd;
}

/** An instant's day in Japan time: "2026.12.04" ('' when invalid). */
export function formatJstDate(at: Date | string | number): string {
  const p = jstParts(at);
  return p ? `${p.y}.${p.m}.${p.d}` : '';
}

/** An instant in Japan time: "2026.12.04 9:05" ('' when invalid). */
export function formatJstDateTime(at: Date | string | number): string {
  const p = jstParts(at);
  return p ? `${p.y}.${p.m}.${p.d} ${p.h}:${p.min}` : '';
}
