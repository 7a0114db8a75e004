/**
 * Login screen (guest-only, spec 2 and 4) for /login/ and, with mode "sync", the channel-sync login
 * of /login_sync/. Fields ログインID / パスワード, validated by the form helper (useForm). When the
 * API answers is_verify the screen moves to the code step (「認証コード」, mfa user id kept in the
 * session store) and POST /v1/auth/verify completes the login. Every answer goes through
 * adoptLoginResponse (section-4 rules). On success goes to ?redirect= (a same-origin path) or /ec/;
 * an unregistered member goes to /verify/ when first-login verification is on. ?re=1 explains that
 * the session expired (spec 2, 8); ?manager=1 marks a manager login (spec 6). In sync mode on a
 * channel whose members register with a school key, the API answers the first sync with a school_key
 * error (as registration does): the 「学校キー」 field then appears and goes with the next try.
 */

import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { ecPath, safeReturnPath } from '#lib/routes.ts';
import { useSessionStore } from '#stores/session.ts';
import type { LoginResult } from '#stores/session-actions.ts';
import type { FormSpec } from '#validation/form.ts';
import { maxLength, minLength, numeric, required } from '#validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import Loading from '../common/Loading.tsx';
import { refreshHeader } from '../common/navigation.ts';
import { useRef, useState } from '../common/react.ts';
import { useForm } from '../common/useForm.ts';
import { accountPaths, guestOnlyTarget, useGuestOnly } from './shared.ts';

export const EXPIRED_MESSAGE = 'ログインの有効期限が切れました。再度ログインしてください。';
const UNVERIFIED_MESSAGE = 'メールアドレスの確認が完了していません。お送りしたメールをご確認ください。';
export const CODE_SENT_MESSAGE = 'ご登録のメールアドレスに認証コードを送信しました。メールに記載の6桁のコードを入力してください。';
export const SCHOOL_KEY_NEEDED_MESSAGE = 'このショップを初めてご利用いただくには、学校キーの入力が必要です。';
export const CODE_RESENT_MESSAGE = '認証コードを再送しました。新しいコードを入力してください。';

type Credentials = { username: string; password: string; school_key: string };
const spec: FormSpec<Credentials> = {
  username: { label: 'ログインID', rules: [required] },
  password: { label: 'パスワード', rules: [required] },
  school_key: { label: '学校キー', rules: [maxLength(50)] },
};

type Code = { verify_code: string };
const codeSpec: FormSpec<Code> = {
  verify_code: { label: '認証コード', rules: [required, numeric, minLength(6), maxLength(6)] },
};

/** The calls behind 「ログイン」 and 「認証する」: fetched when the form is first focused or sent, not with the page. */
const loginCalls = () => import('./login-calls.ts');
/** Starts that download early; a failure here is retried by the submit (and reported by the chunk-failure reload). */
const warmUp = () => void loginCalls().catch(() => undefined);

interface Props {
  /** "sync": the channel-sync login of /login_sync/ (sets the sync flag). */
  mode?: 'login' | 'sync';
}

/** The login form and its code step. */
export default function LoginForm({ mode = 'login' }: Props) {
  const ready = useGuestOnly();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  /** The sync login asked for a school key (the channel's registration rule). */
  const [needsKey, setNeedsKey] = useState(false);
  const mfaUserId = useSessionStore((s) => s.mfaUserId);
  // The credentials, in memory only while on this page, for 「コードを再送する」 (a new login).
  const credentials = useRef<Credentials | null>(null);
  const params = new URLSearchParams(window.location.search);
  const expired = params.get('re') === '1';
  const isManagerLogin = params.get('manager') === '1';
  const target = safeReturnPath(params.get('redirect')) ?? ecPath;
  const sync = mode === 'sync';

  /** After adoptLoginResponse: on to the next screen, the code step, or the unregistered message. */
  function follow(result: LoginResult) {
    if (result.status === 'logged_in') {
      refreshHeader();
      window.location.assign(target);
      return true;
    }
    if (result.status === 'verify') {
      setInfo(CODE_SENT_MESSAGE);
      return false;
    }
    const away = guestOnlyTarget();
    if (away) window.location.assign(away);
    else setError(UNVERIFIED_MESSAGE);
    return !!away;
  }

  async function submitCredentials(values: Credentials, resend = false) {
    if (busy) return;
    setBusy(true);
    setError(null);
    setInfo(null);
    let leaving = false;
    try {
      const key = values.school_key.trim();
      const body = { username: values.username.trim(), password: values.password, ...(sync && key ? { school_key: key } : {}) };
      credentials.current = values;
      const { adoptLoginResponse, loginSync, loginUser } = await loginCalls();
      const answer = sync ? await loginSync(body) : await loginUser(body);
      leaving = follow(await adoptLoginResponse(answer, { source: 'login', isSyncUserChannel: sync, isManagerLogin }));
      if (resend && !leaving) setInfo(CODE_RESENT_MESSAGE);
    } catch (e) {
      if (sync && isDisplayableError(e) && e.errors?.school_key) {
        setNeedsKey(true);
        form.setServerErrors({ school_key: e.errors.school_key });
        setError(SCHOOL_KEY_NEEDED_MESSAGE);
      } else if (isDisplayableError(e)) setError(firstErrorMessage(e));
    } finally {
      if (!leaving) setBusy(false);
    }
  }

  async function submitCode({ verify_code }: Code) {
    if (busy || mfaUserId === null) return;
    setBusy(true);
    setError(null);
    let leaving = false;
    try {
      const { adoptLoginResponse, authVerify } = await loginCalls();
      const answer = await authVerify({
        verify_code: verify_code.trim(),
        user_id: mfaUserId,
        ...(sync ? { is_sync_user_channel: true } : {}),
      });
      leaving = follow(await adoptLoginResponse(answer, { source: 'login', isSyncUserChannel: sync, isManagerLogin }));
    } catch (e) {
      if (isDisplayableError(e)) {
        // A wrong code: the API's message on the code field; a spent code: the message above the form.
        const unmatched = codeForm.setServerErrors(e.errors);
        setError(e.errors?.verify_code ? (unmatched[0] ?? null) : firstErrorMessage(e));
      }
    } finally {
      if (!leaving) setBusy(false);
    }
  }

  function backToCredentials() {
    useSessionStore.setState({ mfaUserId: null });
    setError(null);
    setInfo(null);
  }

  const form = useForm<Credentials>({
    initial: { username: '', password: '', school_key: '' },
    spec,
    onSubmit: (v) => submitCredentials(v),
  });
  const codeForm = useForm<Code>({ initial: { verify_code: '' }, spec: codeSpec, onSubmit: submitCode });
  const hintId = `${form.field('username').id}-hint`;
  const codeHintId = `${codeForm.field('verify_code').id}-hint`;
  const keyHintId = `${form.field('school_key').id}-hint`;

  if (!ready) return <Loading />;

  const messages = (
    <>
      {expired && mfaUserId === null && (
        <p className="alert" role="status">
          {EXPIRED_MESSAGE}
        </p>
      )}
      {info && (
        <p className="notice" role="status">
          {info}
        </p>
      )}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </>
  );

  if (mfaUserId !== null) {
    return (
      <div className="stack">
        <h2>認証コードの入力</h2>
        {messages}
        <form className="form" onSubmit={codeForm.handleSubmit} noValidate>
          <div className="field">
            <label htmlFor={codeForm.field('verify_code').id}>認証コード</label>
            <input
              {...codeForm.field('verify_code', codeHintId)}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
            />
            <small id={codeHintId} className="muted">
              メールに記載の6桁の数字
            </small>
            <FieldError id={codeForm.errorId('verify_code')} message={codeForm.errors.verify_code} />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
            認証する
          </button>
        </form>
        <p>
          <button
            type="button"
            className="btn-link"
            disabled={busy}
            onClick={() => credentials.current && void submitCredentials(credentials.current, true)}
          >
            コードを再送する
          </button>{' '}
          <button type="button" className="btn-link" disabled={busy} onClick={backToCredentials}>
            ログイン画面に戻る
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="stack">
      {messages}
      <form className="form" onSubmit={form.handleSubmit} onFocus={warmUp} noValidate>
        <div className="field">
          <label htmlFor={form.field('username').id}>ログインID</label>
          <input {...form.field('username', hintId)} type="text" autoComplete="username" inputMode="email" required />
          <small id={hintId} className="muted">
            ログインIDまたはメールアドレス
          </small>
          <FieldError id={form.errorId('username')} message={form.errors.username} />
        </div>
        <div className="field">
          <label htmlFor={form.field('password').id}>パスワード</label>
          <input {...form.field('password')} type="password" autoComplete="current-password" required />
          <FieldError id={form.errorId('password')} message={form.errors.password} />
        </div>
        {needsKey && (
          <div className="field">
            <label htmlFor={form.field('school_key').id}>学校キー</label>
            <input {...form.field('school_key', keyHintId)} type="text" autoComplete="off" spellCheck={false} maxLength={50} required />
            <small id={keyHintId} className="muted">
              学校から配布された学校キーを入力してください（半角英数字）
            </small>
            <FieldError id={form.errorId('school_key')} message={form.errors.school_key} />
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          ログイン
        </button>
      </form>
      <ul className="login-links">
        <li>
          <a href={accountPaths.reminder}>パスワードをお忘れの方</a>
        </li>
        <li>
          <a href={accountPaths.reminderUsername}>ログインIDをお忘れの方</a>
        </li>
        <li>
          <a href={accountPaths.register}>新規会員登録</a>
        </li>
      </ul>
    </div>
  );
}
