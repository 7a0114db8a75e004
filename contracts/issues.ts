/**
 * zod issues in Japanese, with the field's name substituted (spec 5). The fields of
 * contracts/fields.ts carry this map themselves; the API also installs it for every other schema
 * (`z.config({ customError: japaneseIssue })`), and a form can pass it per parse
 * (`schema.safeParse(v, { error: japaneseIssue })`).
 */
import type { z } from 'zod';
import { labelOf } from './labels.ts';
import { messages } from './messages.ts';

/** The parts of a zod issue the messages need (zod's raw issue, loosely typed: codes add fields). */
export interface IssueLike {
  code?: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  keys?: string[];
  message?: string;
}

const absent = (v: unknown) => v === undefined || v === null;
const num = (v: number | bigint | undefined) => Number(v ?? 0);
const NUMERIC = new Set(['number', 'int', 'bigint', 'int32', 'uint32', 'int64', 'uint64', 'float32', 'float64']);

/** The Japanese message for one issue; `label` overrides the name taken from the issue's path. */
export function japaneseIssue(issue: IssueLike, label?: string): string {
  const field = label ?? labelOf(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      // A missing value and a value of the wrong shape both mean "fill this in"; a number field
      // given text (including a query string that is not a number) says so.
      if (!absent(issue.input) && NUMERIC.has(issue.expected ?? '')) return messages.integer(field);
      if (issue.expected === 'boolean' && !absent(issue.input)) return messages.boolean(field);
      return messages.required(field);
    case 'too_small':
      if (issue.origin === 'string')
        return num(issue.minimum) <= 1 ? messages.required(field) : messages.minLength(field, num(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set') return messages.required(field);
      return messages.min(field, num(issue.minimum));
    case 'too_big':
      if (issue.origin === 'string') return messages.maxLength(field, num(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return messages.arrayMax(field, num(issue.maximum));
      return messages.max(field, num(issue.maximum));
    case 'invalid_format':
      if (issue.format === 'email') return messages.email(field);
      if (issue.format === 'date' || issue.format === 'datetime') return messages.date(field);
      return messages.format(field);
    case 'not_multiple_of':
      return messages.integer(field);
    case 'invalid_value':
      return absent(issue.input) ? messages.required(field) : messages.selected(field);
    case 'invalid_union':
      return absent(issue.input) ? messages.required(field) : messages.selected(field);
    case 'unrecognized_keys':
      return messages.unknownKeys((issue.keys ?? []).join(', '));
    default:
      // custom (refine) issues normally bring their own message; this is the fallback.
      return issue.message || messages.format(field);
  }
}

/** A zod `error` option that names the field `label` (or, without one, takes the name from the path). */
export const errorFor = (label?: string) => ({ error: (issue: IssueLike) => japaneseIssue(issue, label) });

/** zod issues as the `errors` body: field path (`ids.0`) → messages, Laravel-style, as the client expects. */
export function issuesToErrors(error: Pick<z.ZodError, 'issues'>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
