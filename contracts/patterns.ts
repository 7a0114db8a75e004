/**
 * The format rules of spec section 5 as regular expressions, defined once. The API's zod fields
 * (contracts/fields.ts), the storefront's form rules (src/validation/rules.ts) and the theme rules
 * all test against these, so a value the form accepts is a value the API accepts.
 */

/**
 * Full-width katakana; spaces (half- and full-width), the long-vowel mark ー and the middle dot ・.
 * No `u` flag (every character is in the BMP): the OpenAPI generator copies flags into the pattern.
 */
export const KANA = /^[ァ-ヶー・\s　]+$/;
/** 3 digits, optional hyphen, 4 digits (the `post` rule). */
export const POST = /^\d{3}-?\d{4}$/;
/** 7 half-width digits (the stored postal code). */
export const POSTAL_DIGITS = /^\d{7}$/;
/** Without hyphens a leading 0 and 10 or 11 digits; with hyphens a leading 0 then three groups of 1–4 digits. */
export const TEL = /^(0\d{9,10}|0\d{1,4}-\d{1,4}-\d{1,4})$/;
/** Half-width digits, at most 11, no hyphens (the user and address forms). */
export const PHONE_DIGITS = /^\d{1,11}$/;
/** Letters and digits only (half-width). */
export const HALF_WIDTH_ALPHA_NUM = /^[A-Za-z0-9]+$/;
/** The strict theme's password: 8+ characters, half-width letters and digits combined, - _ . allowed. */
export const STRICT_PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d._-]{8,}$/;
/** Full-width only: no ASCII, no half-width katakana (names, in the strict theme). */
export const FULL_WIDTH = /^[^\x01-\x7E\uFF61-\uFF9F]+$/u;
/** A pragmatic e-mail shape: something@domain.tld without spaces. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
