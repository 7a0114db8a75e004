/**
 * /mypage/leave/ (退会): what withdrawal erases and what it keeps, then a confirmation step with the
 * password → DELETE /v1/me/user. The API client removes the stored access token before the call
 * (spec 7); on success the visitor is logged out here (cart token too) and sent to a public page
 * that says the withdrawal is complete. A wrong password is the API's 422 under the field.
 */

import { withdrawMember } from '#api-client/account/me-account.ts';
import { ApiError } from '#api-client/core/errors.ts';
import { logout } from '#stores/logout.ts';
import type { FormSpec } from '#validation/form.ts';
import { required } from '#validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import { leaveMemberArea } from '../common/MemberGate.tsx';
import { refreshHeader } from '../common/navigation.ts';
import { useEffect, useRef, useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';
import MypageLayout from './MypageLayout.tsx';

interface Props {
  /** The public page shown after the withdrawal. */
  completeHref: string;
  /** Where 「退会しない」 goes. */
  mypageHref: string;
}

/** Withdrawal in the my-page frame. */
export default function Leave(props: Props) {
  return (
    <MypageLayout>
      <LeaveScreen {...props} />
    </MypageLayout>
  );
}

function LeaveScreen(props: Props) {
  const [confirming, setConfirming] = useState(false);
  return confirming ? (
    <ConfirmStep {...props} onBack={() => setConfirming(false)} />
  ) : (
    <Explanation {...props} onNext={() => setConfirming(true)} />
  );
}

function Explanation({ mypageHref, onNext }: Props & { onNext: () => void }) {
  return (
    <div className="stack">
      <section className="panel" aria-labelledby="leave-erased">
        <h2 id="leave-erased">退会すると削除される情報</h2>
        <ul>
          <li>お名前・メールアドレス・電話番号などの会員情報</li>
          <li>お届け先（アドレス帳）と登録済みのクレジットカード</li>
          <li>カートの中身、お気に入り・リスト・ブックマーク、閲覧や検索の履歴、ログイン履歴など保存した内容</li>
        </ul>
        <p>退会後は同じログインIDとパスワードでログインできなくなります。削除した情報は元に戻せません。</p>
      </section>
      <section className="panel" aria-labelledby="leave-kept">
        <h2 id="leave-kept">退会後も保管される情報</h2>
        <p>
          ご注文の記録は、会計上の記録として個人を特定できない形で保管されます。お届け前のご注文がある場合は、お届けの完了後に退会してください。
        </p>
      </section>
      <div className="actions">
        <a className="btn" href={mypageHref}>
          退会しない
        </a>
        <button type="button" className="btn btn-primary" onClick={onNext}>
          退会手続きへ進む
        </button>
      </div>
    </div>
  );
}

type Values = { password: string };
const spec: FormSpec<Values> = { password: { label: 'パスワード', rules: [required] } };

function ConfirmStep({ completeHref, onBack }: Props & { onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // The step replaces the explanation: move focus to its heading so keyboard users start here.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function submit({ password }: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      await withdrawMember(password);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.status === 401) {
        // The session had already ended: the member gate sends the visitor to /login/.
        await logout();
        return;
      }
      setAlert(form.showApiError(e));
      return;
    }
    leaveMemberArea();
    await logout();
    refreshHeader();
    window.location.assign(completeHref);
  }

  const form = useAccountForm<Values>({ initial: { password: '' }, spec, onSubmit: submit });

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-labelledby="leave-confirm">
      <h2 id="leave-confirm" ref={heading} tabIndex={-1}>
        退会の確認
      </h2>
      <p>退会するには、パスワードを入力して「退会する」を押してください。この操作は取り消せません。</p>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <div className="field">
        <label htmlFor={form.field('password').id}>パスワード</label>
        <input {...form.field('password')} type="password" autoComplete="current-password" required />
        <FieldError id={form.errorId('password')} message={form.errors.password} />
      </div>
      <div className="actions">
        <button type="button" className="btn" onClick={onBack} disabled={busy}>
          戻る
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          退会する
        </button>
      </div>
    </form>
  );
}
