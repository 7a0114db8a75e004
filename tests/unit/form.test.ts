/** The form helper on the spec 5 rules: errors after touch or submit, Japanese messages with the field name, first invalid field. */
import { describe, expect, it } from 'vitest';
import { changeField, type FormSpec, initForm, submitForm, touchField, validateForm, visibleErrors } from '#validation/form.ts';
import { email, kana, required } from '#validation/rules.ts';

type Values = { name: string; kana: string; email: string };
const spec: FormSpec<Values> = {
  name: { label: 'お名前', rules: [required] },
  kana: { label: 'フリガナ', rules: [required, kana] },
  email: { label: 'メールアドレス', rules: [required, email] },
};
const empty: Values = { name: '', kana: '', email: '' };

describe('form helper', () => {
  it('shows no error before the shopper leaves a field or submits', () => {
    const state = changeField(initForm(empty), 'kana', 'やまだ');
    expect(visibleErrors(state, spec)).toEqual({});
  });

  it("shows a touched field's first failing rule with the field name substituted", () => {
    const state = touchField(changeField(initForm(empty), 'kana', 'やまだ'), 'kana');
    expect(visibleErrors(state, spec)).toEqual({ kana: 'フリガナは全角カタカナで入力してください' });
  });

  it('a submit shows every error and names the first invalid field in form order', () => {
    const result = submitForm(changeField(initForm(empty), 'name', '山田'), spec);
    expect(result.valid).toBe(false);
    expect(result.firstInvalid).toBe('kana');
    expect(visibleErrors(result.state, spec)).toEqual({ kana: 'フリガナは必須項目です', email: 'メールアドレスは必須項目です' });
  });

  it('a valid form submits', () => {
    const result = submitForm(initForm({ name: '山田', kana: 'ヤマダ', email: 'yamada@example.jp' }), spec);
    expect(result).toMatchObject({ valid: true, firstInvalid: null, errors: {} });
  });

  it('validateForm checks only the fields with a spec', () => {
    const withExtra: Values & { other: string } = { ...empty, other: '' };
    expect(validateForm(withExtra, spec as FormSpec<typeof withExtra>)).toEqual({
      name: 'お名前は必須項目です',
      kana: 'フリガナは必須項目です',
      email: 'メールアドレスは必須項目です',
    });
  });
});
