/**
 * Dates as the spec shows them: 'YYYY.MM.DD' and 'YYYY.MM.DD H:mm'. Always in Japan time, so the
 * server-rendered HTML and the browser agree whatever the machine's time zone is. On
 * contracts/datetimes.ts (Japan is UTC+9 all year), not dayjs: the my-page screens that show dates
 * then load about 0.2 KB for it instead of about 4 KB (issue 25's 70 KB first-load budget).
 */
import { formatJstDate, formatJstDateTime } from '#contracts/datetimes.ts';

type DateInput = string | number | Date | null | undefined;

const present = (value: DateInput): value is string | number | Date => value !== null && value !== undefined && value !== '';

/** '2026-04-01T03:00:00Z' → '2026.04.01'; invalid or empty → ''. */
export function formatDate(value: DateInput): string {
  return present(value) ? formatJstDate(value) : '';
}

/** '2026-04-01T03:05:00Z' → '2026.04.01 12:05'; invalid or empty → ''. */
export function formatDateTime(value: DateInput): string {
  return present(value) ? formatJstDateTime(value) : '';
}

/** Machine-readable date for <time datetime>: ISO 8601 in Japan time, '' when invalid. */
export function isoDate(value: DateInput): string {
  return formatDate(value).replaceAll('.', '-');
}
