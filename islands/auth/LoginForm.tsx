/**
 * Login screen (guest-only, spec 2). Fields ログインID / パスワード, button ログイン, validated by the
 * form helper (useForm). On success goes to ?redirect= (a same-origin path) or /ec/. The guest-only
 * rule (src/lib/redirects.ts, with the site settings the page carries in data-member-rules) sends a
 * logged-in member to /ec/ at once, and an unregistered member to /verify/ when first-login
 * verification is on. ?re=1 explains that the session expired (spec 2, 8).
 */
import { useEffect, useId, useState } from '../common/react.ts';
import { firstErrorMessage, isDisplayableError } from '../../src/api-client/errors.ts';
import { guestOnlyRedirect } from '../../src/lib/redirects.ts';
import { ecPath, safeReturnPath } from '../../src/lib/routes.ts';
import { useSessionStore } from '../../src/stores/session.ts';
import { login as loginMember } from '../../src/stores/session-actions.ts';
import type { FormSpec } from '../../src/validation/form.ts';
import { required } from '../../src/validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import { readMemberRules } from '../common/member-rules.ts';
import { refreshHeader } from '../common/navigation.ts';
import { useForm } from '../common/useForm.ts';

export const EXPIRED_MESSAGE = 'ログインの有効期限が切れました。再度ログインしてください。';
const UNVERIFIED_MESSAGE = 'メールアドレスの確認が完了していません。お送りしたメールをご確認ください。';
const VERIFY_CODE_MESSAGE = '認証コードによるログインは現在ご利用いただけません。';

type Credentials = { username: string; password: string };
const spec: FormSpec<Credentials> = {
  username: { label: 'ログインID', rules: [required] },
  password: { label: 'パスワード', rules: [required] },
};

/** Where the guest-only rule sends the visitor now, or null to stay on the login screen. */
function guestOnlyTarget(): string | null {
  return guestOnlyRedirect(useSessionStore.getState(), readMemberRules());
}

/** The login form. */
export default function LoginForm() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const params = new URLSearchParams(window.location.search);
  const expired = params.get('re') === '1';
  const target = safeReturnPath(params.get('redirect')) ?? ecPath;

  useEffect(() => {
    void useSessionStore.getState().checkSession().then(() => {
      const away = guestOnlyTarget();
      if (away) window.location.replace(away);
    });
  }, []);

  async function login({ username, password }: Credentials) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await loginMember({ username: username.trim(), password });
      if (result.status === 'logged_in') {
        refreshHeader();
        window.location.assign(target);
        return;
      }
      const away = result.status === 'unregistered' ? guestOnlyTarget() : null;
      if (away) {
        window.location.assign(away);
        return;
      }
      // Verification codes arrive with the accounts issue.
      setError(result.status === 'verify' ? VERIFY_CODE_MESSAGE : UNVERIFIED_MESSAGE);
    } catch (e) {
      if (isDisplayableError(e)) setError(firstErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const form = useForm<Credentials>({ initial: { username: '', password: '' }, spec, onSubmit: login });
  const hintId = `${id}-username-hint`;

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-describedby={expired ? `${id}-expired` : undefined}>
      {expired && <p id={`${id}-expired`} className="alert" role="status">{EXPIRED_MESSAGE}</p>}
      {error && <p className="alert" role="alert">{error}</p>}
      <div className="field">
        <label htmlFor={form.field('username').id}>ログインID</label>
        <input {...form.field('username', hintId)} type="text" autoComplete="username" inputMode="email" required />
        <small id={hintId} className="muted">ログインIDまたはメールアドレス</small>
        <FieldError id={form.errorId('username')} message={form.errors.username} />
      </div>
      <div className="field">
        <label htmlFor={form.field('password').id}>パスワード</label>
        <input {...form.field('password')} type="password" autoComplete="current-password" required />
        <FieldError id={form.errorId('password')} message={form.errors.password} />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>ログイン</button>
    </form>
  );
}
