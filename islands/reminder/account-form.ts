/**
 * What the reminder and my-page account forms share on top of useForm: the new-password pair whose
 * confirmation must match (spec 5, messages.confirmed) under the active theme's password rule, and
 * one way to show an API failure (422 messages under their fields, the rest as an alert).
 */

import { type ApiError, firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { messages } from '#contracts/messages.ts';
import type { FieldSpec, FormSpec } from '#validation/form.ts';
import { isEmpty, minLength, type Rule, required } from '#validation/rules.ts';
import { activeThemeName, themedFieldRules } from '#validation/theme-rules.ts';
import { useForm } from '../common/useForm.ts';

/** The API's shortest password (contracts/fields.ts password()). */
export const PASSWORD_MIN = 8;

/** The confirmation equals the form's `password`. */
const matchesPassword: Rule = (value, field, values) => (isEmpty(value) || value === values?.password ? null : messages.confirmed(field));

/** The new password (the theme's rule and the API's minimum) and its confirmation. */
export function newPasswordSpec(
  labels = { password: 'パスワード', confirmation: 'パスワード（確認）' },
  themeName = activeThemeName(),
): { password: FieldSpec; password_confirmation: FieldSpec } {
  return {
    password: { label: labels.password, rules: [...themedFieldRules('password', themeName), minLength(PASSWORD_MIN)] },
    password_confirmation: { label: labels.confirmation, rules: [required, matchesPassword] },
  };
}

/**
 * useForm plus `showApiError`: an API failure's field messages go under this form's fields (the
 * first focused; each stays until its value changes) and the rest is returned for an alert above
 * the form; null when there is nothing to show (ignored or already handled by the client).
 */
export function useAccountForm<T extends Record<string, string>>(options: {
  initial: T;
  spec: FormSpec<T>;
  onSubmit: (values: T) => void | Promise<void>;
}) {
  const form = useForm<T>(options);
  const showApiError = (e: unknown): string | null => {
    if (!isDisplayableError(e)) return null;
    const errors = (e as ApiError).errors;
    const onFields = Object.keys(errors ?? {}).some((name) => name in options.spec);
    if (!onFields) return firstErrorMessage(e);
    return form.setServerErrors(errors)[0] ?? null;
  };
  return { ...form, showApiError };
}
