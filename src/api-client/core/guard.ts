/**
 * A tiny response parser for the browser: a few decoder combinators (about 1 KB) instead of zod
 * (about 25 KB gzipped), so the pages with islands keep zod out of their first load. The contracts
 * stay zod for the API; `wire.ts` declares each response decoder against the contract's type, so a
 * contract change that the decoder misses fails the type check.
 */

/**
 * A decoder failed: the message says where (e.g. `detail.products[0].quantity: expected integer`).
 * The built-in TypeError rather than a class of our own: nothing branches on the type, and a class
 * costs every island page its bytes.
 */
export const DecodeError = TypeError;

/** Checks and copies an unknown value into a T, or throws a DecodeError. */
export type Decoder<T> = (value: unknown, path?: string) => T;

const fail = (path: string, expected: string): never => {
  throw new DecodeError(`${path || '(root)'}: expected ${expected}`);
};

export const string: Decoder<string> = (v, p = '') => (typeof v === 'string' ? v : fail(p, 'string'));
export const number: Decoder<number> = (v, p = '') => (typeof v === 'number' && Number.isFinite(v) ? v : fail(p, 'number'));
export const int: Decoder<number> = (v, p = '') => (Number.isSafeInteger(v) ? (v as number) : fail(p, 'integer'));
export const boolean: Decoder<boolean> = (v, p = '') => (typeof v === 'boolean' ? v : fail(p, 'boolean'));
/** Anything, unchecked (for fields the storefront never reads). */
export const unknown: Decoder<unknown> = (v) => v;

/** One of the given literal values. */
export function literal<const T extends string | number | boolean>(...values: T[]): Decoder<T> {
  return (v, p = '') => (values.includes(v as T) ? (v as T) : fail(p, values.join(' | ')));
}

/** `null` or a T. */
export function nullable<T>(d: Decoder<T>): Decoder<T | null> {
  return (v, p = '') => (v === null ? null : d(v, p));
}

/** Absent (`undefined`) or a T. */
export function optional<T>(d: Decoder<T>): Decoder<T | undefined> {
  return (v, p = '') => (v === undefined ? undefined : d(v, p));
}

/** An array of T. */
export function array<T>(d: Decoder<T>): Decoder<T[]> {
  return (v, p = '') => (Array.isArray(v) ? v.map((x, i) => d(x, `${p}[${i}]`)) : fail(p, 'array'));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object with string keys and T values. */
export function record<T>(d: Decoder<T>): Decoder<Record<string, T>> {
  return (v, p = '') => {
    if (!isRecord(v)) return fail(p, 'object');
    const out: Record<string, T> = {};
    for (const [k, x] of Object.entries(v)) out[k] = d(x, `${p}.${k}`);
    return out;
  };
}

type Shape = Record<string, Decoder<unknown>>;
type FromShape<S extends Shape> = { [K in keyof S]: S[K] extends Decoder<infer T> ? T : never };

/** An object with exactly the listed keys checked; other keys are dropped (like zod's object). */
export function object<S extends Shape>(shape: S): Decoder<FromShape<S>> {
  return (v, p = '') => {
    if (!isRecord(v)) return fail(p, 'object');
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const value = shape[key](v[key], p ? `${p}.${key}` : key);
      if (value !== undefined) out[key] = value;
    }
    return out as FromShape<S>;
  };
}

/** Runs `d` and answers null instead of throwing (storage and cookie values: absent on anything odd). */
export function attempt<T>(d: Decoder<T>, value: unknown): T | null {
  try {
    return d(value);
  } catch {
    return null;
  }
}

/** The spec's error body (`message`, `code`, `errors` by field), read leniently: wrong-typed parts are left out. */
export interface ErrorBody {
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
}

/** Picks the error body's fields that have the right type; never throws. */
export function readErrorBody(body: unknown): ErrorBody {
  if (!isRecord(body)) return {};
  const out: ErrorBody = {};
  if (typeof body.message === 'string') out.message = body.message;
  if (typeof body.code === 'string') out.code = body.code;
  const errors = attempt(record(array(string)), body.errors);
  if (errors) out.errors = errors;
  return out;
}
