/**
 * The list-management pieces of /mypage/list/: the 「リスト名」 form (new list and rename), and one
 * list's row with 「名前を変更」 (inline) and 「削除」 (asked once more in the page, not window.confirm).
 */

import type { UserList } from '#api-client/mypage/discovery.ts';
import { USER_LIST_NAME_LABEL, USER_LIST_NAME_MAX } from '#contracts/discovery-limits.ts';
import { mypageListDetailPath } from '#lib/mypage-routes.ts';
import type { FormSpec } from '#validation/form.ts';
import { maxLength, required } from '#validation/rules.ts';
import FieldError from '../../common/FieldError.tsx';
import { useEffect, useRef, useState } from '../../common/react.ts';
import { useAccountForm } from '../../reminder/account-form.ts';

type Values = { name: string };
const spec: FormSpec<Values> = { name: { label: USER_LIST_NAME_LABEL, rules: [required, maxLength(USER_LIST_NAME_MAX)] } };

/**
 * A one-field form: `save` resolves when the server took the name, or throws its error, whose field
 * messages show under the input (which keeps focus) and whose other message shows above it.
 */
export function ListNameForm({
  title,
  initial = '',
  submitLabel,
  save,
  onCancel,
  autoFocus = false,
}: {
  title: string;
  initial?: string;
  submitLabel: string;
  save: (name: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useAccountForm<Values>({
    initial: { name: initial },
    spec,
    onSubmit: async ({ name }) => {
      if (busy) return;
      setBusy(true);
      setAlert(null);
      try {
        await save(name.trim());
      } catch (e) {
        setAlert(form.showApiError(e));
        setBusy(false);
      }
    },
  });
  const field = form.field('name');
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  return (
    <form
      className="form"
      aria-label={title}
      onSubmit={form.handleSubmit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onCancel) onCancel();
      }}
    >
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <div className="field">
        <label htmlFor={field.id}>{USER_LIST_NAME_LABEL}</label>
        <input
          {...field}
          ref={(el) => {
            field.ref(el);
            input.current = el;
          }}
          type="text"
          required
          maxLength={USER_LIST_NAME_MAX * 2}
          autoComplete="off"
        />
        <FieldError id={form.errorId('name')} message={form.errors.name} />
      </div>
      <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            やめる
          </button>
        )}
      </div>
    </form>
  );
}

type Mode = 'view' | 'rename' | 'confirm';

/** One list: its link and count, 「名前を変更」 and (not for the default list) 「削除」; focus returns to the button used. */
export function ListRow({
  list,
  deletable,
  rename,
  remove,
}: {
  list: UserList;
  deletable: boolean;
  rename: (name: string) => Promise<void>;
  remove: () => Promise<void>;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [busy, setBusy] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The button to focus once the row shows them again (they are not rendered while editing or confirming).
  const returnTo = useRef<'rename' | 'delete' | null>(null);

  useEffect(() => {
    if (mode === 'confirm') confirmButton.current?.focus();
    else if (mode === 'view')
      (returnTo.current === 'rename' ? renameButton : returnTo.current === 'delete' ? deleteButton : null)?.current?.focus();
  }, [mode]);

  const back = (to: 'rename' | 'delete') => {
    returnTo.current = to;
    setMode('view');
  };

  async function confirmDelete() {
    setBusy(true);
    try {
      await remove();
    } catch {
      setBusy(false);
      back('delete');
    }
  }

  return (
    <li className="panel stack">
      <p style={{ margin: 0 }}>
        <a href={mypageListDetailPath(list.key)}>{list.name}</a> <span className="muted">（{list.count}件）</span>
      </p>
      {mode === 'rename' ? (
        <ListNameForm
          title={`「${list.name}」の名前を変更`}
          initial={list.name}
          submitLabel="保存"
          autoFocus
          save={async (name) => {
            await rename(name);
            back('rename');
          }}
          onCancel={() => back('rename')}
        />
      ) : mode === 'confirm' ? (
        <div role="group" aria-label={`「${list.name}」の削除の確認`} className="notice">
          <p style={{ marginTop: 0 }}>「{list.name}」を削除します。リストに入っている商品もリストから外れます。よろしいですか？</p>
          <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
            <button ref={confirmButton} type="button" className="btn btn-primary" onClick={confirmDelete} disabled={busy} aria-busy={busy}>
              削除する
            </button>
            <button type="button" className="btn" onClick={() => back('delete')} disabled={busy}>
              キャンセル
            </button>
          </div>
        </div>
      ) : (
        <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
          <button
            ref={renameButton}
            type="button"
            className="btn"
            onClick={() => setMode('rename')}
            aria-label={`「${list.name}」の名前を変更`}
          >
            名前を変更
          </button>
          {deletable && (
            <button
              ref={deleteButton}
              type="button"
              className="btn"
              onClick={() => setMode('confirm')}
              aria-label={`「${list.name}」を削除`}
            >
              削除
            </button>
          )}
        </div>
      )}
    </li>
  );
}
