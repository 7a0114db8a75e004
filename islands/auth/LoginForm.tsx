/**
 * Login screen (guest-only). Fields ログインID / パスワード, button ログイン. On success goes to
 * ?redirect= (a same-origin path) or /ec/; an already logged-in visitor goes to /ec/ at once.
 * ?re=1 explains that the session expired (spec 2, 8).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { firstErrorMessage, isDisplayableError } from '../../src/api-client/errors.ts';
import { useSessionStore } from '../../src/stores/session.ts';
import { required, validate } from '../../src/validation/rules.ts';
import { MEMBER_HOME_PATH, refreshHeader, safeRedirectPath } from '../common/navigation.ts';

export const EXPIRED_MESSAGE = 'ログインの有効期限が切れました。再度ログインしてください。';

/** The login form. */
export default function LoginForm() {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const params = new URLSearchParams(window.location.search);
  const expired = params.get('re') === '1';
  const target = safeRedirectPath(params.get('redirect')) ?? MEMBER_HOME_PATH;

  useEffect(() => {
    // Guest-only screen: a member with a live session goes on to the member top.
    void useSessionStore.getState().checkSession().then((loggedIn) => {
      if (loggedIn) window.location.replace(MEMBER_HOME_PATH);
    });
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const missing = {
      username: validate(username.trim(), 'ログインID', [required]) ?? undefined,
      password: validate(password, 'パスワード', [required]) ?? undefined,
    };
    setFieldErrors(missing);
    if (missing.username || missing.password) return;
    setBusy(true);
    setError(null);
    try {
      const result = await useSessionStore.getState().login({ username: username.trim(), password });
      if (result.status === 'logged_in') {
        refreshHeader();
        window.location.assign(target);
        return;
      }
      // Verification codes and first-login e-mail checks arrive with the accounts issue.
      setError(result.status === 'verify'
        ? '認証コードによるログインは現在ご利用いただけません。'
        : 'メールアドレスの確認が完了していません。お送りしたメールをご確認ください。');
    } catch (e) {
      if (isDisplayableError(e)) setError(firstErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-describedby={expired ? `${id}-expired` : undefined}>
      {expired && <p id={`${id}-expired`} className="alert" role="status">{EXPIRED_MESSAGE}</p>}
      {error && <p className="alert" role="alert">{error}</p>}
      <div className="field">
        <label htmlFor={`${id}-username`}>ログインID</label>
        <input
          id={`${id}-username`} name="username" type="text" autoComplete="username" inputMode="email" required
          value={username} onChange={(e) => setUsername(e.target.value)}
          aria-invalid={!!fieldErrors.username} aria-describedby={fieldErrors.username ? `${id}-username-err` : `${id}-username-hint`}
        />
        <small id={`${id}-username-hint`} className="muted">ログインIDまたはメールアドレス</small>
        {fieldErrors.username && <small id={`${id}-username-err`} className="field-error">{fieldErrors.username}</small>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>パスワード</label>
        <input
          id={`${id}-password`} name="password" type="password" autoComplete="current-password" required
          value={password} onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!fieldErrors.password} aria-describedby={fieldErrors.password ? `${id}-password-err` : undefined}
        />
        {fieldErrors.password && <small id={`${id}-password-err`} className="field-error">{fieldErrors.password}</small>}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>ログイン</button>
    </form>
  );
}
