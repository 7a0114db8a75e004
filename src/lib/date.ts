/**
 * Dates as the spec shows them: 'YYYY.MM.DD' and 'YYYY.MM.DD H:mm'. Always in Japan time, so the
 * server-rendered HTML and the browser agree whatever the machine's time zone is.
 */
export const SHOP_TIME_ZONE = 'Asia/Tokyo';

type DateInput = string | number | Date | null | undefined;

// Intl with the zone named, not a date library: Node and every browser ship the zone data, and the
// my-page islands then load no CommonJS date code (which would keep Rolldown's interop runtime in a
// file of its own that every island page downloads).
const shopZoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hourCycle: 'h23',
});

/** Year, month, day, hour (no leading zero) and minute of the value in Japan time, or null. */
function inShopZone(value: DateInput): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> | null {
  if (value === null || value === undefined || value === '') return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const p = Object.fromEntries(shopZoneParts.formatToParts(d).map((x) => [x.type, x.value]));
  return { year: p.year, month: p.month, day: p.day, hour: String(Number(p.hour) % 24), minute: p.minute };
}

/** '2026-04-01T03:00:00Z' → '2026.04.01'; invalid or empty → ''. */
export function formatDate(value: DateInput): string {
  const t = inShopZone(value);
  return t ? `${t.year}.${t.month}.${t.day}` : '';
}

/** '2026-04-01T03:05:00Z' → '2026.04.01 12:05'; invalid or empty → ''. */
export function formatDateTime(value: DateInput): string {
  const t = inShopZone(value);
  return t ? `${t.year}.${t.month}.${t.day} ${t.hour}:${t.minute}` : '';
}

/** Machine-readable date for <time datetime>: ISO 8601 in Japan time, '' when invalid. */
export function isoDate(value: DateInput): string {
  const t = inShopZone(value);
  return t ? `${t.year}-${t.month}-${t.day}` : '';
}
