/**
 * Instants as the shop writes them everywhere (spec 9: datetime YYYY.MM.DD H:mm, date YYYY.MM.DD, in
 * Japan time): order and inquiry times in mails, a gift's expiry, receipts, measurements. Shared by
 * the storefront's screens and the API; calendar days are contracts/dates.ts. It imports nothing, so
 * the thanks page loads this small file only, not the checkout chunk that holds contracts/dates.ts.
 */

/** An instant in Japan time: "2026.12.04 9:05" ('' when invalid). Japan has no daylight saving: UTC+9. */
export function formatJstDateTime(at: Date | string | number): string {
  const jst = new Date(new Date(at).getTime() + 324e5);
  if (Number.isNaN(jst.getTime())) return '';
  const iso = jst.toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '.')} ${jst.getUTCHours()}:${iso.slice(14, 16)}`;
}

/** An instant's day in Japan time: "2026.12.04" ('' when invalid). */
export function formatJstDate(at: Date | string | number): string {
  return formatJstDateTime(at).slice(0, 10);
}
