/**
 * Dates as the spec shows them: 'YYYY.MM.DD' and 'YYYY.MM.DD H:mm'. Always in Japan time, so the
 * server-rendered HTML and the browser agree whatever the machine's time zone is.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const SHOP_TIME_ZONE = 'Asia/Tokyo';

type DateInput = string | number | Date | null | undefined;

function inShopZone(value: DateInput) {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d.tz(SHOP_TIME_ZONE) : null;
}

/** '2026-04-01T03:00:00Z' → '2026.04.01'; invalid or empty → ''. */
export function formatDate(value: DateInput): string {
  return inShopZone(value)?.format('YYYY.MM.DD') ?? '';
}

/** '2026-04-01T03:05:00Z' → '2026.04.01 12:05'; invalid or empty → ''. */
export function formatDateTime(value: DateInput): string {
  return inShopZone(value)?.format('YYYY.MM.DD H:mm') ?? '';
}

/** Machine-readable date for <time datetime>: ISO 8601 in Japan time, '' when invalid. */
export function isoDate(value: DateInput): string {
  return inShopZone(value)?.format('YYYY-MM-DD') ?? '';
}
