// @vitest-environment jsdom
/**
 * The reminder and account forms' kit (islands/reminder/account-form.ts): the password confirmation
 * (spec 5 messages with the field name), the theme's strict password rule, and the API's 422 field
 * errors shown under their fields with the ARIA wiring and focus.
 */
import { act, createElement as h } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '#api-client/core/errors.ts';
import FieldError from '#islands/common/FieldError.tsx';
import { newPasswordSpec, useAccountForm } from '#islands/reminder/account-form.ts';
import { readToken } from '#islands/reminder/ReminderReset.tsx';
import { validateForm } from '#validation/form.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('newPasswordSpec', () => {
  it('the confirmation must match: 「パスワード（確認）が一致しません」', () => {
    const spec = newPasswordSpec(undefined, 'default');
    expect(validateForm({ password: 'new-pass-2026', password_confirmation: 'new-pass-2025' }, spec)).toEqual({
      password_confirmation: 'パスワード（確認）が一致しません',
    });
    expect(validateForm({ password: 'new-pass-2026', password_confirmation: 'new-pass-2026' }, spec)).toEqual({});
    expect(validateForm({ password: '', password_confirmation: '' }, spec)).toEqual({
      password: 'パスワードは必須項目です',
      password_confirmation: 'パスワード（確認）は必須項目です',
    });
  });

  it('compares with the password of the same check, not an earlier one', () => {
    const spec = newPasswordSpec(undefined, 'default');
    expect(validateForm({ password: 'aaaaaaaa', password_confirmation: 'bbbbbbbb' }, spec).password_confirmation).toBeDefined();
    expect(validateForm({ password: 'bbbbbbbb', password_confirmation: 'bbbbbbbb' }, spec)).toEqual({});
  });

  it("asks for the API's 8 characters in every theme and the strict rule only in the theme that declares it", () => {
    expect(validateForm({ password: 'short', password_confirmation: 'short' }, newPasswordSpec(undefined, 'default')).password).toBe(
      'パスワードは8文字以上でなければなりません',
    );
    expect(validateForm({ password: 'onlyletters', password_confirmation: 'onlyletters' }, newPasswordSpec(undefined, 'default'))).toEqual(
      {},
    );
    expect(
      validateForm({ password: 'onlyletters', password_confirmation: 'onlyletters' }, newPasswordSpec(undefined, 'outlet')).password,
    ).toBe('パスワードは半角英字と数字を組み合わせて8文字以上で入力してください（記号は - _ . が使えます）');
  });

  it('uses the labels it is given in the messages', () => {
    const spec = newPasswordSpec({ password: '新しいパスワード', confirmation: '新しいパスワード（確認）' }, 'default');
    expect(validateForm({ password: 'abcdefgh', password_confirmation: 'x' }, spec)).toEqual({
      password_confirmation: '新しいパスワード（確認）が一致しません',
    });
  });
});

describe('readToken', () => {
  it('reads ?token= and treats a blank one as missing', () => {
    expect(readToken('?token=abc_DEF-1')).toBe('abc_DEF-1');
    expect(readToken('?token=%20')).toBeNull();
    expect(readToken('')).toBeNull();
  });
});

describe("useAccountForm with the API's field errors", () => {
  let root: Root;
  let host: HTMLDivElement;
  let alertText: string | null = null;
  let failWith: unknown = null;

  function Form() {
    const form = useAccountForm({
      initial: { security_answer: '' },
      spec: { security_answer: { label: '秘密の質問の答え', rules: [] } },
      onSubmit: () => {
        alertText = form.showApiError(failWith);
      },
    });
    return h(
      'form',
      { onSubmit: form.handleSubmit, noValidate: true },
      h('label', { htmlFor: form.field('security_answer').id }, '秘密の質問の答え'),
      h('input', form.field('security_answer')),
      h(FieldError, { id: form.errorId('security_answer'), message: form.errors.security_answer }),
      h('button', { type: 'submit' }, '送信'),
    );
  }

  const input = () => host.querySelector<HTMLInputElement>('input[name="security_answer"]')!;
  const submit = () =>
    act(() => {
      host.querySelector('form')!.requestSubmit();
    });
  function type(value: string) {
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), value);
      input().dispatchEvent(new Event('input', { bubbles: true }));
    });
  }

  beforeEach(() => {
    alertText = null;
    host = document.createElement('div');
    document.body.append(host);
    act(() => {
      root = createRoot(host);
      root.render(h(Form));
    });
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('shows a 422 field error under its field, marks it invalid, focuses it, until the value changes', () => {
    failWith = new ApiError({
      status: 422,
      message: '入力内容に誤りがあります。',
      errors: { security_answer: ['秘密の質問の答えが正しくありません。'] },
    });
    type('タマ');
    submit();
    expect(alertText).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input().getAttribute('aria-describedby')!)?.textContent).toBe('秘密の質問の答えが正しくありません。');
    expect(document.activeElement).toBe(input());
    type('ポチ');
    expect(input().getAttribute('aria-invalid')).toBe('false');
    expect(host.textContent).not.toContain('秘密の質問の答えが正しくありません。');
  });

  it('returns the message of an error without fields of this form for the alert', () => {
    failWith = new ApiError({ status: 422, message: 'このURLは無効か、有効期限が切れています。', code: 'reminder.invalid' });
    submit();
    expect(alertText).toBe('このURLは無効か、有効期限が切れています。');
    expect(input().getAttribute('aria-invalid')).toBe('false');
  });

  it('shows nothing for an ignored error (network, cancelled)', () => {
    failWith = new ApiError({ status: 0, message: 'x', ignored: true });
    submit();
    expect(alertText).toBeNull();
  });
});
