/**
 * 「この内容で会員登録する」 on the thanks page of a guest purchase: a login ID, a password and the
 * security question turn the guest's unregistered member (name, e-mail, phone and address already
 * given at checkout) into a member — POST /v1/me/convert, whose answer logs them in.
 */

import { convertGuest, endGuestCheckout } from '#api-client/account/guest.ts';
import { SECURITY_QUESTIONS } from '#contracts/choices.ts';
import { mypageTopPath } from '#lib/routes.ts';
import { adoptLoginResponse } from '#stores/session-actions.ts';
import type { FormSpec } from '#validation/form.ts';
import { halfWidthAlphaNum, maxLength, minLength, required } from '#validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import { useState } from '../common/react.ts';
import { newPasswordSpec, useAccountForm } from '../reminder/account-form.ts';

type Values = { username: string; password: string; password_confirmation: string; security_question_ct: string; security_answer: string };
const initial: Values = { username: '', password: '', password_confirmation: '', security_question_ct: '', security_answer: '' };

export default function GuestConvert() {
  const [spec] = useState<FormSpec<Values>>(() => ({
    username: { label: 'ログインID', rules: [required, minLength(4), maxLength(50), halfWidthAlphaNum] },
    ...newPasswordSpec(),
    security_question_ct: { label: '秘密の質問', rules: [required] },
    security_answer: { label: '秘密の質問の答え', rules: [required, maxLength(100)] },
  }));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const answer = await convertGuest({
        username: values.username.trim(),
        password: values.password,
        security_question_ct: Number(values.security_question_ct),
        security_answer: values.security_answer.trim(),
      });
      endGuestCheckout();
      await adoptLoginResponse(answer, { source: 'register' });
      setDone(true);
    } catch (e) {
      setAlert(form.showApiError(e));
    } finally {
      setBusy(false);
    }
  }
  const form = useAccountForm<Values>({ initial, spec, onSubmit: submit });

  if (done) {
    return (
      <section className="panel stack" aria-labelledby="guest-convert-done">
        <h2 id="guest-convert-done">会員登録が完了しました</h2>
        <p role="status">ご入力いただいた内容で会員登録しました。次回からログインしてお買い物いただけます。</p>
        <p>
          <a className="btn btn-primary" href={mypageTopPath}>
            マイページへ
          </a>
        </p>
      </section>
    );
  }
  const input = (name: keyof Values & string, label: string, props: Record<string, string>) => (
    <div className="field">
      <label htmlFor={form.field(name).id}>{label}</label>
      <input {...form.field(name)} {...props} />
      <FieldError id={form.errorId(name)} message={form.errors[name]} />
    </div>
  );
  return (
    <section className="panel stack" aria-labelledby="guest-convert">
      <h2 id="guest-convert">この内容で会員登録する</h2>
      <p>ログインIDとパスワードを決めるだけで、今回ご入力いただいたお名前・メールアドレス・お届け先で会員登録できます。</p>
      <form className="form" onSubmit={form.handleSubmit} noValidate>
        {alert && (
          <p className="alert" role="alert">
            {alert}
          </p>
        )}
        {input('username', 'ログインID', { type: 'text', autoComplete: 'username' })}
        {input('password', 'パスワード', { type: 'password', autoComplete: 'new-password' })}
        {input('password_confirmation', 'パスワード（確認）', { type: 'password', autoComplete: 'new-password' })}
        <div className="field">
          <label htmlFor={form.field('security_question_ct').id}>秘密の質問</label>
          <select {...form.field('security_question_ct')}>
            <option value="">選択してください</option>
            {Object.entries(SECURITY_QUESTIONS).map(([code, q]) => (
              <option key={code} value={code}>
                {q}
              </option>
            ))}
          </select>
          <FieldError id={form.errorId('security_question_ct')} message={form.errors.security_question_ct} />
        </div>
        {input('security_answer', '秘密の質問の答え', { type: 'text', autoComplete: 'off' })}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          この内容で会員登録する
        </button>
      </form>
    </section>
  );
}
