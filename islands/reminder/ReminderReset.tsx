/**
 * /reminder/reset/?token=… and /reminder/username/reset/?token=… (spec 4 "Reminder"): the link's
 * token is checked first (POST /v1/reminder/check); a valid one enables the form and selects the
 * member's security question. POST /v1/reminder/reset answers a login, which adoptLoginResponse turns
 * into the session: the password reminder then goes to /mypage/ with 「パスワードを再設定しました」,
 * the username reminder shows the login ID. An invalid or expired link shows the API's message and
 * the way back to the request screen.
 */

import { checkReminder, type ReminderCheckResponse, type ReminderType, resetReminder } from '#api-client/account/reminder.ts';
import { ApiError, firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { guestOnlyRedirect } from '#lib/redirects.ts';
import { useSessionStore } from '#stores/session.ts';
import { adoptLoginResponse } from '#stores/session-actions.ts';
import type { FormSpec } from '#validation/form.ts';
import { maxLength, required } from '#validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import Loading from '../common/Loading.tsx';
import { readMemberRules } from '../common/member-rules.ts';
import { refreshHeader } from '../common/navigation.ts';
import { useEffect, useId, useState } from '../common/react.ts';
import { newPasswordSpec, useAccountForm } from './account-form.ts';
import { useGuestOnly } from './guest-only.ts';

export const MISSING_TOKEN_MESSAGE = 'URLが正しくありません。メールに記載のURLをもう一度ご確認ください。';

interface Props {
  type: ReminderType;
  /** Security questions by code (contracts/account.ts SECURITY_QUESTIONS, handed over by the page). */
  questions: Record<number, string>;
  /** The request screen of this reminder (the way back from a spent link). */
  requestHref: string;
  /** Where the password reminder lands once logged in (the notice key is added here). */
  mypageHref: string;
  loginHref: string;
}

type Check = { state: 'checking' } | { state: 'invalid'; message: string } | { state: 'ready'; check: ReminderCheckResponse };

/** The link's token from ?token=, or null. */
export function readToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token ? token : null;
}

/** Checks the link, then the reset form. */
export default function ReminderReset(props: Props) {
  useGuestOnly();
  const [token] = useState(() => readToken(window.location.search));
  const [check, setCheck] = useState<Check>(token ? { state: 'checking' } : { state: 'invalid', message: MISSING_TOKEN_MESSAGE });

  useEffect(() => {
    if (!token) return;
    let live = true;
    checkReminder({ token, type: props.type }).then(
      (answer) => {
        if (live) setCheck({ state: 'ready', check: answer });
      },
      (e: unknown) => {
        if (live && isDisplayableError(e)) setCheck({ state: 'invalid', message: firstErrorMessage(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [token, props.type]);

  if (check.state === 'checking') return <Loading label="URLを確認しています…" />;
  if (check.state === 'invalid') return <InvalidLink message={check.message} requestHref={props.requestHref} type={props.type} />;
  return <ResetForm {...props} token={token!} check={check.check} />;
}

function InvalidLink({ message, requestHref, type }: { message: string; requestHref: string; type: ReminderType }) {
  return (
    <div className="stack">
      <p className="alert" role="alert">
        {message}
      </p>
      <p>
        <a href={requestHref}>
          {type === 'password' ? 'パスワード再設定のご案内をもう一度受け取る' : 'ログインIDのご案内をもう一度受け取る'}
        </a>
      </p>
    </div>
  );
}

type Values = { security_answer: string; password: string; password_confirmation: string };

/** The form's fields: the answer when a question is set, the new password pair for the password reminder. */
function resetSpec(type: ReminderType, hasQuestion: boolean): FormSpec<Values> {
  return {
    ...(hasQuestion ? { security_answer: { label: '秘密の質問の答え', rules: [required, maxLength(100)] } } : {}),
    ...(type === 'password' ? newPasswordSpec() : {}),
  };
}

function ResetForm({
  type,
  questions,
  requestHref,
  mypageHref,
  loginHref,
  token,
  check,
}: Props & { token: string; check: ReminderCheckResponse }) {
  const id = useId();
  const hasQuestion = check.question_ct !== null;
  const question = check.question_ct !== null ? (questions[check.question_ct] ?? check.question) : null;
  const [spec] = useState(() => resetSpec(type, hasQuestion));
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<{ message: string; spent: boolean } | null>(null);
  const [done, setDone] = useState<{ username: string; loggedIn: boolean } | null>(null);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const answer = await resetReminder({
        token,
        type,
        ...(hasQuestion ? { security_answer: values.security_answer.trim() } : {}),
        ...(type === 'password' ? { password: values.password } : {}),
      });
      const result = await adoptLoginResponse(answer, { source: 'reminder' });
      if (result.status === 'logged_in') refreshHeader();
      if (result.status === 'logged_in' && type === 'password') {
        window.location.assign(`${mypageHref}?notice=password_reset`);
        return;
      }
      const away = result.status === 'unregistered' ? guestOnlyRedirect(useSessionStore.getState(), readMemberRules()) : null;
      if (away) {
        window.location.assign(away);
        return;
      }
      setDone({ username: answer.username, loggedIn: result.status === 'logged_in' });
    } catch (e) {
      const message = form.showApiError(e);
      // A field-less 422 here means the link was spent or expired meanwhile: offer a new one.
      if (message) setAlert({ message, spent: e instanceof ApiError && e.status === 422 });
    } finally {
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({
    initial: { security_answer: '', password: '', password_confirmation: '' },
    spec,
    onSubmit: submit,
  });

  if (done) {
    return (
      <div className="stack">
        {type === 'username' ? (
          <p className="notice" role="status">
            ログインIDは <strong>{done.username}</strong> です
          </p>
        ) : (
          <p className="notice" role="status">
            パスワードを再設定しました
          </p>
        )}
        {done.loggedIn ? (
          <p>
            <a className="btn btn-primary" href={mypageHref}>
              マイページへ
            </a>
          </p>
        ) : (
          <p>
            <a className="btn btn-primary" href={loginHref}>
              ログイン画面へ
            </a>
          </p>
        )}
      </div>
    );
  }

  const questionId = `${id}-question`;
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate>
      <p>{type === 'password' ? '新しいパスワードを入力してください。' : 'ご本人確認のため、秘密の質問にお答えください。'}</p>
      {alert && (
        <div className="alert" role="alert">
          <p>{alert.message}</p>
          {alert.spent && (
            <p>
              <a href={requestHref}>ご案内をもう一度受け取る</a>
            </p>
          )}
        </div>
      )}
      {hasQuestion && (
        <div className="field">
          <p id={questionId} className="question">
            <span className="muted">秘密の質問：</span>
            {question}
          </p>
          <label htmlFor={form.field('security_answer').id}>秘密の質問の答え</label>
          <input {...form.field('security_answer', questionId)} type="text" autoComplete="off" required />
          <FieldError id={form.errorId('security_answer')} message={form.errors.security_answer} />
        </div>
      )}
      {type === 'password' && (
        <>
          <div className="field">
            <label htmlFor={form.field('password').id}>パスワード</label>
            <input {...form.field('password')} type="password" autoComplete="new-password" required />
            <FieldError id={form.errorId('password')} message={form.errors.password} />
          </div>
          <div className="field">
            <label htmlFor={form.field('password_confirmation').id}>パスワード（確認）</label>
            <input {...form.field('password_confirmation')} type="password" autoComplete="new-password" required />
            <FieldError id={form.errorId('password_confirmation')} message={form.errors.password_confirmation} />
          </div>
        </>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
        {type === 'password' ? 'パスワードを再設定する' : 'ログインIDを確認する'}
      </button>
    </form>
  );
}
