// @vitest-environment jsdom
/** useForm in a real React tree: Japanese messages, aria-invalid/aria-describedby, focus on the first invalid field. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import FieldError from '#islands/common/FieldError.tsx';
import { useForm } from '#islands/common/useForm.ts';
import { email, required } from '#validation/rules.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const submitted: Array<Record<string, string>> = [];

function ContactForm() {
  const form = useForm({
    initial: { name: '', email: '' },
    spec: { name: { label: 'お名前', rules: [required] }, email: { label: 'メールアドレス', rules: [required, email] } },
    onSubmit: (values) => {
      submitted.push(values);
    },
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <label htmlFor={form.field('name').id}>お名前</label>
      <input {...form.field('name')} />
      <FieldError id={form.errorId('name')} message={form.errors.name} />
      <label htmlFor={form.field('email').id}>メールアドレス</label>
      <input {...form.field('email')} />
      <FieldError id={form.errorId('email')} message={form.errors.email} />
      <button type="submit">送信</button>
    </form>
  );
}

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  submitted.length = 0;
  host = document.createElement('div');
  document.body.append(host);
  act(() => {
    root = createRoot(host);
    root.render(<ContactForm />);
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const input = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const submit = () =>
  act(() => {
    host.querySelector('form')!.requestSubmit();
  });

/** Types like a user: React listens to the native input event with the value setter. */
function type(el: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('useForm', () => {
  it('on an empty submit shows the spec messages, marks the fields invalid and focuses the first one', () => {
    submit();
    expect(submitted).toEqual([]);
    expect(host.textContent).toContain('お名前は必須項目です');
    expect(host.textContent).toContain('メールアドレスは必須項目です');
    expect(input('name').getAttribute('aria-invalid')).toBe('true');
    const describedBy = input('name').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('お名前は必須項目です');
    expect(document.activeElement).toBe(input('name'));
  });

  it('focuses the first invalid field in form order, not the first field', () => {
    type(input('name'), '山田');
    type(input('email'), 'not-an-address');
    submit();
    expect(document.activeElement).toBe(input('email'));
    expect(host.textContent).toContain('メールアドレスは有効なメールアドレスではありません');
    expect(input('name').getAttribute('aria-invalid')).toBe('false');
    expect(input('name').hasAttribute('aria-describedby')).toBe(false);
  });

  it('submits the values once every field is valid', () => {
    type(input('name'), '山田');
    type(input('email'), 'yamada@example.jp');
    submit();
    expect(submitted).toEqual([{ name: '山田', email: 'yamada@example.jp' }]);
  });
});
