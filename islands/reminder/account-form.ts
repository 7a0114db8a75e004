/**
 * What the reminder and my-page account forms share on top of useForm: the API's 422 errors shown
 * under their fields (with the same ARIA wiring as the client's messages, focus on the first), and
 * the new-password pair whose confirmation must match (spec 5, messages.confirmed).
 */
import { useState } from '../common/react.ts';
import { messages } from '#contracts/messages.ts';
import { ApiError, firstErrorMessage, isDisplayableError } from '../../src/api-client/errors.ts';
import type { FieldSpec, FormSpec } from '../../src/validation/form.ts';
import { isEmpty, minLength, required, type Rule } from '../../src/validation/rules.ts';
import { activeThemeName, themedFieldRules } from '../../src/validation/theme-rules.ts';
import { useForm, type FieldProps } from '../common/useForm.ts';

/** The API's shortest password (contracts/fields.ts password()). */
export const PASSWORD_MIN = 8;

/**
 * The new password and its confirmation. The confirmation rule compares with the password the same
 * validation pass saw: validateForm checks fields in spec order, so `password` (listed first) records
 * its value before `password_confirmation` is checked. Build once per form (useState).
 */
export function newPasswordSpec(labels = { password: 'パスワード', confirmation: 'パスワード（確認）' }, themeName = activeThemeName()): { password: FieldSpec; password_confirmation: FieldSpec } {
  let seen = '';
  const remember: Rule = (value) => { seen = typeof value === 'string' ? value : ''; return null; };
  const matches: Rule = (value, field) => (isEmpty(value) || value === seen ? null : messages.confirmed(field));
  return {
    password: { label: labels.password, rules: [remember, ...themedFieldRules('password', themeName), minLength(PASSWORD_MIN)] },
    password_confirmation: { label: labels.confirmation, rules: [required, matches] },
  };
}

type ServerErrors<T> = Partial<Record<keyof T, { message: string; value: string }>>;

/**
 * useForm plus the API's field errors. A server message stays under its field until the shopper
 * changes that field's value; `showApiError` returns what is left for an alert above the form.
 */
export function useAccountForm<T extends Record<string, string>>(options: { initial: T; spec: FormSpec<T>; onSubmit: (values: T) => void | Promise<void> }) {
  const form = useForm<T>(options);
  const [server, setServer] = useState<ServerErrors<T>>({});

  const serverError = (name: keyof T): string | undefined => {
    const entry = server[name];
    return entry && entry.value === form.values[name] ? entry.message : undefined;
  };
  const errors: Partial<Record<keyof T, string>> = {};
  for (const name of Object.keys(options.spec) as (keyof T)[]) {
    const message = form.errors[name] ?? serverError(name);
    if (message) errors[name] = message;
  }

  const field = (name: keyof T & string, describedBy?: string): FieldProps => {
    const props = form.field(name, describedBy);
    if (form.errors[name] || !serverError(name)) return props;
    return { ...props, 'aria-invalid': true, 'aria-describedby': [form.errorId(name), describedBy].filter(Boolean).join(' ') };
  };

  /**
   * Shows an API failure: field errors of this form under their fields (the first focused), the
   * rest as the returned alert text; null when there is nothing to show (ignored or handled).
   */
  const showApiError = (e: unknown): string | null => {
    if (!isDisplayableError(e)) return null;
    const fieldErrors = (e as ApiError).errors ?? {};
    const names = (Object.keys(options.spec) as (keyof T & string)[]).filter((n) => fieldErrors[n]?.length);
    if (names.length === 0) return firstErrorMessage(e);
    const next: ServerErrors<T> = {};
    for (const n of names) next[n] = { message: fieldErrors[n][0], value: form.values[n] };
    setServer(next);
    document.getElementById(form.field(names[0]).id)?.focus();
    const others = Object.entries(fieldErrors).filter(([n]) => !names.includes(n as keyof T & string));
    return others.length > 0 ? others[0][1][0] ?? null : null;
  };

  return { ...form, errors, field, showApiError };
}
