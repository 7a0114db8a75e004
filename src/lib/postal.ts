/** Japanese postal codes: stored as 7 digits, shown as 3-4 with a hyphen (spec 9). */

/** '1234567' → '123-4567'; already hyphenated stays; anything else is returned unchanged. */
export function formatPostal(code: string | null | undefined): string {
  if (!code) return '';
  const digits = code.replace(/[-－ー]/g, '');
  return /^\d{7}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : code;
}

/** '123-4567' → '1234567' (what the API stores); other input unchanged. */
export function normalizePostal(code: string): string {
  const digits = code.trim().replace(/[-－ー]/g, '');
  return /^\d{7}$/.test(digits) ? digits : code.trim();
}
