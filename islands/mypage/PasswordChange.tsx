/**
 * /mypage/password/ (パスワード変更): current password, new password and its confirmation →
 * PUT /v1/me/password. The new password follows the active theme's rule (spec 5: the strict rule in
 * the theme that declares it) and the API's minimum; a wrong current password is the API's 422,
 * shown under that field. The member stays logged in (the API ends only the other sessions).
 */

import { changePassword } from '#api-client/account/user.ts';
import type { FormSpec } from '#validation/form.ts';
import { required } from '#validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import { useState } from '../common/react.ts';
import { newPasswordSpec, useAccountForm } from '../reminder/account-form.ts';
import MypageLayout from './MypageLayout.tsx';

export const CHANGED_MESSAGE = 'パスワードを変更しました';

/** The password change in the my-page frame. */
export default function PasswordChange() {
  return (
    <MypageLayout>
      <ChangeScreen />
    </MypageLayout>
  );
}

function ChangeScreen() {
  // A new form after each change, so the fields are empty again.
  const [round, setRound] = useState(0);
  return (
    <div className="stack">
      {round > 0 && (
        <p className="notice" role="status">
          {CHANGED_MESSAGE}
        </p>
      )}
      <ChangeForm key={round} onChanged={() => setRound((n) => n + 1)} />
    </div>
  );
}

type Values = { current_password: string; password: string; password_confirmation: string };

function ChangeForm({ onChanged }: { onChanged: () => void }) {
  const [spec] = useState<FormSpec<Values>>(() => ({
    current_password: { label: '現在のパスワード', rules: [required] },
    ...newPasswordSpec({ password: '新しいパスワード', confirmation: '新しいパスワード（確認）' }),
  }));
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      await changePassword({ current_password: values.current_password, password: values.password });
      onChanged();
    } catch (e) {
      setAlert(form.showApiError(e));
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({
    initial: { current_password: '', password: '', password_confirmation: '' },
    spec,
    onSubmit: submit,
  });

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <div className="field">
        <label htmlFor={form.field('current_password').id}>現在のパスワード</label>
        <input {...form.field('current_password')} type="password" autoComplete="current-password" required />
        <FieldError id={form.errorId('current_password')} message={form.errors.current_password} />
      </div>
      <div className="field">
        <label htmlFor={form.field('password').id}>新しいパスワード</label>
        <input {...form.field('password')} type="password" autoComplete="new-password" required />
        <FieldError id={form.errorId('password')} message={form.errors.password} />
      </div>
      <div className="field">
        <label htmlFor={form.field('password_confirmation').id}>新しいパスワード（確認）</label>
        <input {...form.field('password_confirmation')} type="password" autoComplete="new-password" required />
        <FieldError id={form.errorId('password_confirmation')} message={form.errors.password_confirmation} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        変更する
      </button>
    </form>
  );
}
