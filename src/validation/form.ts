/**
 * The form helper on the spec 5 rules, pure: a form is field specs (Japanese label + rules), its
 * values, which fields were touched and whether a submit was tried. An error shows for a field once
 * it was touched (left after editing) or a submit was tried, so a shopper is not scolded while typing
 * the first character. islands/common/useForm.ts binds it to React inputs.
 */
import { type Rule, validate } from './rules.ts';

/** One field: the name the messages substitute, and its rules in order (the first failure shows). */
export interface FieldSpec {
  label: string;
  rules: readonly Rule[];
}

export type FormSpec<T> = { [K in keyof T]?: FieldSpec };
export type FormErrors<T> = Partial<Record<keyof T, string>>;

/** Validates a form: one message per failing field (empty object = valid). */
export function validateForm<T extends Record<string, unknown>>(values: T, spec: FormSpec<T>): FormErrors<T> {
  const result: FormErrors<T> = {};
  for (const key of Object.keys(spec) as (keyof T)[]) {
    const entry = spec[key];
    if (!entry) continue;
    const message = validate(values[key], entry.label, entry.rules, values);
    if (message) result[key] = message;
  }
  return result;
}

export interface FormState<T> {
  values: T;
  touched: Partial<Record<keyof T, boolean>>;
  /** A submit was tried: every field's error shows from now on. */
  submitted: boolean;
  /** The server's messages by field (a 422), shown until the shopper changes that field. */
  server: FormErrors<T>;
}

/** A fresh form with these values, nothing touched. */
export function initForm<T>(values: T): FormState<T> {
  return { values, touched: {}, submitted: false, server: {} };
}

/** The form after a field's value changed (its server message goes: the value it judged is gone). */
export function changeField<T, K extends keyof T>(state: FormState<T>, name: K, value: T[K]): FormState<T> {
  const { [name]: _dropped, ...server } = state.server;
  return { ...state, values: { ...state.values, [name]: value }, server: server as FormErrors<T> };
}

/**
 * The form after the API refused it (422 `errors`, keyed by the wire's field path): the first message
 * of each field the form has, the first of those fields in form order (to focus), and the messages of
 * fields the form does not show (for a general notice).
 */
export function applyServerErrors<T extends Record<string, unknown>>(
  state: FormState<T>,
  spec: FormSpec<T>,
  errors: Record<string, readonly string[]> | undefined,
): {
  state: FormState<T>;
  firstInvalid: keyof T | null;
  unmatched: string[];
} {
  const server: FormErrors<T> = {};
  const unmatched: string[] = [];
  for (const [key, list] of Object.entries(errors ?? {})) {
    if (!list[0]) continue;
    if (key in spec) server[key as keyof T] = list[0];
    else unmatched.push(list[0]);
  }
  const firstInvalid = (Object.keys(spec) as (keyof T)[]).find((key) => server[key] !== undefined) ?? null;
  return { state: { ...state, server }, firstInvalid, unmatched };
}

/** The form after the shopper left a field. */
export function touchField<T>(state: FormState<T>, name: keyof T): FormState<T> {
  return state.touched[name] ? state : { ...state, touched: { ...state.touched, [name]: true } };
}

/** The errors to show now: touched fields, or every field after a submit was tried; then the server's. */
export function visibleErrors<T extends Record<string, unknown>>(state: FormState<T>, spec: FormSpec<T>): FormErrors<T> {
  const all = validateForm(state.values, spec);
  const shown: FormErrors<T> = { ...state.server };
  for (const key of Object.keys(all) as (keyof T)[]) if (state.submitted || state.touched[key]) shown[key] = all[key];
  return shown;
}

/** A submit: marks the try, and says whether it may go on and which field to focus (the first invalid in spec order). */
export function submitForm<T extends Record<string, unknown>>(
  state: FormState<T>,
  spec: FormSpec<T>,
): {
  state: FormState<T>;
  errors: FormErrors<T>;
  valid: boolean;
  firstInvalid: keyof T | null;
} {
  const errors = validateForm(state.values, spec);
  const firstInvalid = (Object.keys(spec) as (keyof T)[]).find((key) => errors[key] !== undefined) ?? null;
  return { state: { ...state, submitted: true, server: {} }, errors, valid: firstInvalid === null, firstInvalid };
}
