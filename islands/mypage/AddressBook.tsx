/**
 * /mypage/address/ (お届け先一覧): the member's addresses, default first, with the count against the
 * x-limit maximum (spec 9); edit, 「いつも使うお届け先にする」 (PATCH …/{id}/use), delete and delete all
 * (each after a confirmation dialog), and the CSV import and export (AddressCsv.tsx).
 */

import type { ReactNode } from 'react';
import { deleteAddressItem, deleteAllAddressItems, useAddressItem as makeDefault } from '#api-client/account/address-book.ts';
import { type AddressList, listUserAddresses } from '#api-client/account/addresses.ts';
import type { Address } from '#api-client/core/types.ts';
import { ADDRESS_SAVED_NOTICE_KEY, mypageAddressAddPath, mypageAddressEditPath } from '#lib/mypage-routes.ts';
import { toast, toastError } from '#stores/toast.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useRef, useState } from '../common/react.ts';
import { AddressCsvExport, AddressCsvImport } from './AddressCsv.tsx';
import MypageLayout from './MypageLayout.tsx';

export default function AddressBook() {
  return (
    <MypageLayout>
      <Book />
    </MypageLayout>
  );
}

/** The notice a save on the add or edit screen left for this screen, read once. */
function takeSavedNotice(): string | null {
  try {
    const notice = sessionStorage.getItem(ADDRESS_SAVED_NOTICE_KEY);
    sessionStorage.removeItem(ADDRESS_SAVED_NOTICE_KEY);
    return notice;
  } catch {
    return null;
  }
}

type Pending = { kind: 'one'; address: Address } | { kind: 'all' };

function Book() {
  const [book, setBook] = useState<AddressList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice] = useState(takeSavedNotice);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);

  const reload = () =>
    listUserAddresses().then((b) => {
      setBook(b);
      setError(null);
    }, setError);
  useEffect(() => {
    void reload();
  }, []);

  async function act(work: () => Promise<unknown>, done: string, failed: string) {
    setBusy(true);
    try {
      await work();
      toast.success(done);
    } catch (e) {
      toastError(e, failed);
    } finally {
      await reload();
      setBusy(false);
    }
  }

  const setDefault = (a: Address) =>
    act(() => makeDefault(a.id), `「${label(a)}」をいつも使うお届け先にしました`, 'お届け先を変更できませんでした。');
  const confirmed = () => {
    const p = pending;
    setPending(null);
    if (!p) return;
    if (p.kind === 'one')
      void act(() => deleteAddressItem(p.address.id), `「${label(p.address)}」を削除しました`, 'お届け先を削除できませんでした。');
    else void act(() => deleteAllAddressItems(), 'すべてのお届け先を削除しました', 'お届け先を削除できませんでした。');
  };

  if (error && !book) return <ErrorMessage error={error} fallback="お届け先を読み込めませんでした。" />;
  if (!book) return <Loading />;
  const full = book.limit !== null && book.items.length >= book.limit;

  return (
    <div className="stack">
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <section aria-labelledby="address-list-title" className="stack">
        <h2 id="address-list-title">登録済みのお届け先</h2>
        <p data-address-count>{book.limit !== null ? `${book.items.length}件／最大${book.limit}件` : `${book.items.length}件`}</p>
        {full ? (
          <p className="notice">登録できるお届け先は{book.limit}件までです。新しく登録するには、不要なお届け先を削除してください。</p>
        ) : (
          <p>
            <a className="btn btn-primary" href={mypageAddressAddPath}>
              新しいお届け先を登録する
            </a>
          </p>
        )}
        {book.items.length === 0 ? (
          <p className="panel">登録されているお届け先はありません。</p>
        ) : (
          <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="お届け先">
            {book.items.map((a) => (
              <li key={a.id} className="panel stack" aria-labelledby={`address-${a.id}-title`} data-address-id={a.id}>
                <h3 id={`address-${a.id}-title`}>
                  {label(a)}
                  {a.is_default && (
                    <>
                      {' '}
                      <span className="tag">いつも使うお届け先</span>
                    </>
                  )}
                </h3>
                <p>
                  {a.last_name} {a.first_name} 様
                  {(a.last_name_kana || a.first_name_kana) && (
                    <span className="muted">
                      （{a.last_name_kana} {a.first_name_kana}）
                    </span>
                  )}
                  <br />
                  {a.full_address}
                  <br />
                  {a.phone_number && <>電話番号：{a.phone_number}</>}
                </p>
                <div className="actions">
                  <a className="btn" href={mypageAddressEditPath(a.id)} aria-label={`「${label(a)}」を編集`}>
                    編集
                  </a>
                  {!a.is_default && (
                    <button
                      type="button"
                      className="btn"
                      disabled={busy}
                      onClick={() => setDefault(a)}
                      aria-label={`「${label(a)}」をいつも使うお届け先にする`}
                    >
                      いつも使うお届け先にする
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn"
                    disabled={busy}
                    onClick={() => setPending({ kind: 'one', address: a })}
                    aria-label={`「${label(a)}」を削除`}
                  >
                    削除
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {book.items.length > 0 && (
          <p>
            <button type="button" className="btn" disabled={busy} onClick={() => setPending({ kind: 'all' })}>
              すべてのお届け先を削除
            </button>
          </p>
        )}
      </section>
      <AddressCsvImport
        onImported={() => void reload()}
        room={book.limit === null ? null : Math.max(0, book.limit - book.items.length)}
        limit={book.limit}
      />
      <AddressCsvExport disabled={book.items.length === 0} />
      {pending && (
        <ConfirmDialog
          title={pending.kind === 'one' ? 'お届け先の削除' : 'すべてのお届け先の削除'}
          confirmLabel="削除する"
          onConfirm={confirmed}
          onCancel={() => setPending(null)}
        >
          {pending.kind === 'one' ? (
            <p>
              「{label(pending.address)}」（{pending.address.full_address}）を削除します。よろしいですか？
            </p>
          ) : (
            <p>登録されている{book.items.length}件のお届け先をすべて削除します。この操作は取り消せません。よろしいですか？</p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The entry's label, or the name when it has none. */
function label(a: Address): string {
  return a.name || `${a.last_name} ${a.first_name}様`;
}

/** A modal confirmation (native <dialog>: focus stays inside, Esc cancels, focus returns to the opener). */
function ConfirmDialog({
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-title"
      className="panel stack"
      style={{ maxWidth: 'min(90vw, 32rem)', margin: 'auto' }}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      {children}
      <div className="actions">
        <button
          type="button"
          className="btn"
          onClick={onCancel}
          // biome-ignore lint/a11y/noAutofocus: focus moves to the confirmation's キャンセル, as the spec's dialog does
          autoFocus
        >
          キャンセル
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
