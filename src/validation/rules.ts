/**
 * Validation rules of spec 5 as pure functions. A rule takes the value and the field's Japanese name
 * and returns the message to show, or null when the value passes. Every rule except `required`
 * accepts an empty value, so "optional but well-formed" is just the rule without `required`.
 */
import { messages } from '#contracts/messages.ts';
import {
  EMAIL,
  FULL_WIDTH,
  HALF_WIDTH_ALPHA_NUM,
  KANA,
  PHONE_DIGITS,
  POST,
  POSTAL_DIGITS,
  STRICT_PASSWORD,
  TEL,
} from '#contracts/patterns.ts';

/** A rule may read the whole form's values (cross-field rules such as required_without_all). */
export type Rule = (value: unknown, field: string, values?: Readonly<Record<string, unknown>>) => string | null;

/** True for undefined, null, a blank string or an empty array. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

const text = (value: unknown): string => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');
/** Length in characters as a person counts them (surrogate pairs count once). */
const length = (value: string): number => [...value].length;

/** Builds a rule that checks non-empty values against a pattern. */
const pattern =
  (re: RegExp, message: (field: string) => string): Rule =>
  (value, field) =>
    isEmpty(value) || re.test(text(value)) ? null : message(field);

export const required: Rule = (value, field) => (isEmpty(value) ? messages.required(field) : null);

/** At most `max` characters. */
export const maxLength =
  (max: number): Rule =>
  (value, field) =>
    isEmpty(value) || length(text(value)) <= max ? null : messages.maxLength(field, max);

/** At least `min` characters. */
export const minLength =
  (min: number): Rule =>
  (value, field) =>
    isEmpty(value) || length(text(value)) >= min ? null : messages.minLength(field, min);

/** An e-mail address; surrounding blanks are ignored, as the API trims them. */
export const email: Rule = (value, field) => (isEmpty(value) || EMAIL.test(text(value).trim()) ? null : messages.email(field));

/** Full-width katakana; spaces, the long-vowel mark ー and the middle dot ・ allowed. */
export const kana = pattern(KANA, messages.kana);

/** 3 digits, optional hyphen, 4 digits. */
export const post = pattern(POST, messages.post);

/** A number with at most `max` decimal places. */
export const decimal =
  (max: number): Rule =>
  (value, field) => {
    if (isEmpty(value)) return null;
    const re = max > 0 ? new RegExp(`^-?\\d+(\\.\\d{1,${max}})?$`) : /^-?\d+$/;
    return re.test(text(value).trim()) ? null : messages.decimal(field, max);
  };

/**
 * Phone number: without hyphens a leading 0 and 10 or 11 digits; with hyphens a leading 0 then three
 * groups of 1–4 digits (03-1234-5678, 090-1234-5678, 0120-123-456).
 */
export const tel = pattern(TEL, messages.tel);

/** Half-width digits only. */
export const numeric = pattern(/^\d+$/, messages.numeric);

/** Letters and digits only (half-width). */
export const halfWidthAlphaNum = pattern(HALF_WIDTH_ALPHA_NUM, messages.halfWidthAlphaNum);

/** The one theme's password: 8+ characters, half-width letters and digits combined, - _ . allowed. */
export const password = pattern(STRICT_PASSWORD, messages.password);

/** Half-width digits, at most 11, no hyphens (the user and address forms). */
export const phoneDigits = pattern(PHONE_DIGITS, messages.phoneDigits);

/** 7 half-width digits. */
export const postalDigits = pattern(POSTAL_DIGITS, messages.postalDigits);

/** Full-width only: no ASCII, no half-width katakana (names). */
export const fullWidth = pattern(FULL_WIDTH, messages.fullWidth);

/** At least one of `fields` in `values` is filled (spec 5 required_without_all). */
export function requiredWithoutAll(values: Record<string, unknown>, fields: readonly string[]): string | null {
  return fields.some((f) => !isEmpty(values[f])) ? null : messages.requiredWithoutAll();
}

/** required_without_all as a field rule: fails on every listed field while all of them are empty. */
export const requiredWithoutAllOf =
  (fields: readonly string[]): Rule =>
  (_value, _field, values) =>
    values ? requiredWithoutAll(values, fields) : null;

/** `rules` apply only while `applies(values)` holds (the fields of an optional block, say). */
export const when = (applies: (values: Readonly<Record<string, unknown>>) => boolean, rules: readonly Rule[]): Rule[] =>
  rules.map(
    (rule): Rule =>
      (value, field, values) =>
        values && applies(values) ? rule(value, field, values) : null,
  );

/** A YYYY-MM-DD date (a date input's value) that exists; empty passes (spec 5 date_birth). */
export const isoDate: Rule = (value) => {
  if (isEmpty(value)) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text(value).trim());
  return m ? dateBirth({ year: m[1], month: m[2], day: m[3] }) : messages.dateBirth();
};

/** Year, month and day form a real date (all empty passes; required is a separate rule). */
export function dateBirth(parts: { year: unknown; month: unknown; day: unknown }): string | null {
  const raw = [parts.year, parts.month, parts.day];
  if (raw.every(isEmpty)) return null;
  const [y, m, d] = raw.map((p) => (/^\d+$/.test(text(p).trim()) ? Number(text(p)) : NaN));
  if (![y, m, d].every(Number.isInteger) || y < 1000 || y > 9999) return messages.dateBirth();
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real ? null : messages.dateBirth();
}

const dayNumber = (value: unknown): number | null => {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text(value).trim());
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
};

/** `value` is not before `min` (dates as YYYY-MM-DD, YYYY/MM/DD or YYYY.MM.DD); empty passes. */
export function minDate(value: unknown, min: unknown): string | null {
  const v = dayNumber(value);
  const m = dayNumber(min);
  if (v === null || m === null) return null;
  return v < m ? messages.minDate() : null;
}

/** Password rules of a theme: required everywhere, the strict rule only in the theme that adds it. */
export function passwordRules(strict: boolean): Rule[] {
  return strict ? [required, password] : [required];
}

/** The first failing rule's message, or null. */
export function validate(value: unknown, field: string, rules: readonly Rule[], values?: Readonly<Record<string, unknown>>): string | null {
  for (const rule of rules) {
    const message = rule(value, field, values);
    if (message) return message;
  }
  return null;
}
