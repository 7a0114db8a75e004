/**
 * The request fields every contract builds on, defined once on contracts/patterns.ts and
 * contracts/messages.ts. Each field names itself in its messages: by the label passed here, or by
 * its wire name looked up in contracts/labels.ts (「メールアドレスは必須項目です」).
 * Integers are bounded by the database column (int4), so an out-of-range id is a 422, not a 500.
 */

import { MAX_PER_PAGE } from './constants.ts';
import { errorFor, type IssueLike, japaneseIssue } from './issues.ts';
import { labelOf } from './labels.ts';
import { messages } from './messages.ts';
import { EMAIL, KANA, PHONE_DIGITS, POST, TEL } from './patterns.ts';
import { z } from './zod.ts';

/** Largest value of a PostgreSQL `integer` (int4) column or serial id. */
export const INT4_MAX = 2147483647;
/** Highest `page` a list accepts. */
export const MAX_PAGE = 100000;

type Message = (field: string) => string;
/** A check's `error` option giving a rule's message with the field's name. */
const rule = (message: Message, label?: string) => ({ error: (iss: IssueLike) => message(label ?? labelOf(iss.path)) });

/** The same pattern, also matching the empty string (for optional fields). */
const orEmpty = (re: RegExp) => new RegExp(`^(?:${re.source.replace(/^\^/, '').replace(/\$$/, '')})?$`, re.flags);

// PostgreSQL text cannot hold U+0000; the API refuses it before any query (middleware/nul.ts) and
// the fields refuse it too, so a form shows the same message. A refinement, not a regex, so the
// OpenAPI document keeps the field's real pattern (kana, postal code) instead of this one.
const noNul = (v: string) => !v.includes('\u0000');

interface TextOptions {
  label?: string;
}

/** A trimmed string of at most `max` characters; blank allowed (chain `.optional()`/`.nullable()`). */
export const text = (max: number, { label }: TextOptions = {}) =>
  z.string(errorFor(label)).refine(noNul, rule(messages.invalidCharacter, label)).trim().max(max);

/** A trimmed, non-blank string of at most `max` characters (names, prefecture, city, …). */
export const requiredText = (max: number, opts: TextOptions = {}) => text(max, opts).min(1, { abort: true });

/** An opaque identifier from a URL or body (cart token, line key, slug): non-blank, not trimmed. */
export const keyText = (max: number, { label }: TextOptions = {}) =>
  z.string(errorFor(label)).min(1).max(max).refine(noNul, rule(messages.invalidCharacter, label));

/** Full-width katakana (spaces, ー and ・ allowed), at most 50 characters; required unless `optional`. */
export const kana = ({ label, optional = false }: TextOptions & { optional?: boolean } = {}) => {
  const base = text(50, { label });
  return optional
    ? base.regex(orEmpty(KANA), rule(messages.kana, label))
    : base.min(1, { abort: true }).regex(KANA, rule(messages.kana, label));
};

/** Phone number as the user and address forms take it: half-width digits, at most 11, no hyphen; blank allowed. */
export const phone = ({ label }: TextOptions = {}) => text(11, { label }).regex(orEmpty(PHONE_DIGITS), rule(messages.phoneDigits, label));

/** Phone number in the spec-5 `tel` format (0 and 10–11 digits, or hyphenated groups); blank allowed. */
export const tel = ({ label }: TextOptions = {}) => text(13, { label }).regex(orEmpty(TEL), rule(messages.tel, label));

/** Postal code: 3 digits, optional hyphen, 4 digits; parsed to the stored 7 digits. */
export const postalCode = ({ label }: TextOptions = {}) =>
  requiredText(8, { label })
    .regex(POST, rule(messages.post, label))
    .transform((v) => v.replace('-', ''));

/** E-mail address (required, at most 255 characters). */
export const email = ({ label }: TextOptions = {}) => requiredText(255, { label }).regex(EMAIL, rule(messages.email, label));

/** A person's name part (姓, 名, …): required, trimmed, at most `max` characters. */
export const personName = (max = 50, opts: TextOptions = {}) => requiredText(max, opts);

/** A password: not trimmed (spaces count), at least `min` and at most 255 characters. */
export const password = ({ label, min = 8 }: TextOptions & { min?: number } = {}) =>
  z.string(errorFor(label)).min(min).max(255).refine(noNul, rule(messages.invalidCharacter, label));

interface IntOptions {
  min?: number;
  max?: number;
  label?: string;
}

/** Range messages name both ends, so "0" and "99999999999" get the same answer. */
const rangeError = (min: number, max: number, label?: string) => ({
  error: (iss: IssueLike) => {
    const field = label ?? labelOf(iss.path);
    if (iss.code === 'too_small' || iss.code === 'too_big') return messages.between(field, min, max);
    return japaneseIssue(iss, label);
  },
});

/** A JSON integer within a database column's range (default 1..int4 max). */
export const dbInt = ({ min = 1, max = INT4_MAX, label }: IntOptions = {}) =>
  z
    .number(rangeError(min, max, label))
    .int()
    .min(min)
    .max(max);

/**
 * An integer from a path or query string ("42"), or a JSON number, within a column's range. Only
 * plain digit strings are converted, so "", "1e3" and "0x10" are refused rather than read as numbers.
 */
export const dbIntParam = (opts: IntOptions = {}) =>
  z.preprocess((v) => (typeof v === 'string' && /^-?\d{1,20}$/.test(v.trim()) ? Number(v) : v), dbInt(opts));

/** A row id in a JSON body (serial, 1..2147483647). */
export const dbIdNumber = (opts: Omit<IntOptions, 'min' | 'max'> = {}) => dbInt(opts);

/** A row id from a path or query string (int4: 1..2147483647). */
export const dbId = (opts: Omit<IntOptions, 'min' | 'max'> = {}) => dbIntParam(opts);

/** Quantity of one cart line. */
export const MAX_QUANTITY = 99;
export const quantity = () => dbInt({ min: 1, max: MAX_QUANTITY });

/** A flag given as a JSON boolean. */
export const flag = ({ label }: TextOptions = {}) => z.boolean(errorFor(label));

/** `page` of a list query (1..100000). */
export const pageParam = () => dbIntParam({ min: 1, max: MAX_PAGE });

/** `per` of a list query (1..MAX_PER_PAGE). */
export const perParam = () => dbIntParam({ min: 1, max: MAX_PER_PAGE });

/** `per` where the spec allows `per=all` (brands, messages, free areas, makers). */
export const perOrAllParam = () => z.union([z.literal('all'), perParam()], errorFor());
