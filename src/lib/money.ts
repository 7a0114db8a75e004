/** Yen formatting (spec 9: JPY with thousands separators; tax-inclusive prices carry （税込）). */

/** Thousands separators without relying on the runtime's ICU data (server and browser agree). */
function groupDigits(n: number): string {
  return String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1234 → '¥1,234'; negative amounts (discounts) → '-¥1,234'; non-numbers → '¥0'. */
export function formatYen(n: number): string {
  if (!Number.isFinite(n)) return '¥0';
  return `${n < 0 ? '-' : ''}¥${groupDigits(n)}`;
}

/** 1234 → '¥1,234（税込）'. */
export function formatYenWithTax(n: number): string {
  return `${formatYen(n)}（税込）`;
}

/** 1234 → '1,234' (for layouts that put the ¥ or 円 themselves). */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return '0';
  return `${n < 0 ? '-' : ''}${groupDigits(n)}`;
}
