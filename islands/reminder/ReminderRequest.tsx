/**
 * /reminder/ and /reminder/username/: the member's e-mail address → POST /v1/reminder/request. The
 * answer is the same confirmation whatever the address (spec: a reminder for an unknown address
 * answers like one for a known address), so the screen reveals nothing about who is a member.
 */

import { type ReminderType, requestReminder } from '#api-client/account/reminder.ts';
import type { FormSpec } from '#validation/form.ts';
import { email, maxLength, required } from '#validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import { useState } from '../common/react.ts';
import { useAccountForm } from './account-form.ts';
import { useGuestOnly } from './guest-only.ts';

/** The confirmation shown after any well-formed request. */
export const SENT_MESSAGES: Record<ReminderType, string> = {
  password: 'ご登録のメールアドレス宛にパスワード再設定のご案内をお送りしました。',
  username: 'ご登録のメールアドレス宛にログインIDのご案内をお送りしました。',
};

const INTRO: Record<ReminderType, string> = {
  password: 'ご登録のメールアドレスを入力してください。パスワード再設定用のURLをお送りします。',
  username: 'ご登録のメールアドレスを入力してください。ログインID確認用のURLをお送りします。',
};

type Values = { email: string };
const spec: FormSpec<Values> = { email: { label: 'メールアドレス', rules: [required, maxLength(255), email] } };

/** The request form, then the confirmation. */
export default function ReminderRequest({ type, loginHref }: { type: ReminderType; loginHref: string }) {
  useGuestOnly();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      await requestReminder({ email: values.email.trim(), type });
      setSent(true);
    } catch (e) {
      setAlert(form.showApiError(e));
    } finally {
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({ initial: { email: '' }, spec, onSubmit: submit });

  if (sent) {
    return (
      <div className="stack">
        <p className="notice" role="status">
          {SENT_MESSAGES[type]}
        </p>
        <p className="muted">
          メールが届かない場合は、迷惑メールフォルダをご確認いただくか、入力したメールアドレスをお確かめのうえ再度お試しください。URLの有効期限は1時間です。
        </p>
        <p>
          <a href={loginHref}>ログイン画面へ戻る</a>
        </p>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate>
      <p>{INTRO[type]}</p>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <div className="field">
        <label htmlFor={form.field('email').id}>メールアドレス</label>
        <input {...form.field('email')} type="email" autoComplete="email" inputMode="email" required />
        <FieldError id={form.errorId('email')} message={form.errors.email} />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
        送信する
      </button>
      <p>
        <a href={loginHref}>ログイン画面へ戻る</a>
      </p>
    </form>
  );
}
