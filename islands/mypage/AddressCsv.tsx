/**
 * The address book's CSV import and export on /mypage/address/.
 *
 * Import: the file format (the columns, from contracts/address-csv.ts, the API's own table) and a file
 * picker → POST /v1/me/user-addresses/import. A refused file lists every problem by line; nothing
 * has been added then.
 * Export: GET /v1/me/user-addresses/export as a blob (spec 8 "Address export"): a JSON answer means
 * the export is still being prepared, and the toast says so and asks the member to wait; otherwise
 * the file is saved and the toast says the export has completed.
 */

import type { SubmitEvent } from 'react';
import { type AddressImportProblem, addressImportErrors, exportAddressCsv, importAddressCsv } from '#api-client/account/address-book.ts';
import { ApiError, firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { ADDRESS_CSV_COLUMNS, ADDRESS_CSV_MAX_BYTES } from '#contracts/address-csv.ts';
import { toast, toastError } from '#stores/toast.ts';
import FieldError from '../common/FieldError.tsx';
import { useId, useRef, useState } from '../common/react.ts';

/** Spec 8: the toast when the export answered JSON (being prepared). */
export const EXPORT_PENDING_MESSAGE = 'エクスポートの処理に時間がかかっています。完了までしばらくお待ちください。';
/** Spec 8: the toast when the file was saved. */
export const EXPORT_DONE_MESSAGE = 'お届け先のエクスポートが完了しました。';

const MB = ADDRESS_CSV_MAX_BYTES / 1024 / 1024;

export function AddressCsvImport({ onImported, room, limit }: { onImported: () => void; room: number | null; limit: number | null }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();
  const [problems, setProblems] = useState<{ message: string; list: AddressImportProblem[] } | null>(null);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setProblems(null);
    if (!file) {
      setFileError('CSVファイルを選択してください。');
      input.current?.focus();
      return;
    }
    if (file.size > ADDRESS_CSV_MAX_BYTES) {
      setFileError(`ファイルサイズは${MB}MB以下にしてください。`);
      input.current?.focus();
      return;
    }
    setFileError(undefined);
    setBusy(true);
    try {
      const result = await importAddressCsv(file);
      toast.success(`${result.imported}件のお届け先を取り込みました`);
      if (input.current) input.current.value = '';
      onImported();
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.errors) {
        setProblems({ message: e.message, list: addressImportErrors(e.errors) });
      } else if (isDisplayableError(e)) {
        toastError(e, 'CSVファイルを取り込めませんでした。');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="address-import-title" className="stack">
      <h2 id="address-import-title">CSVファイルから取り込む</h2>
      <p>
        CSVファイル（コンマ区切り、文字コードは UTF-8 または Shift_JIS）のお届け先をまとめて登録します。
        1行目は見出し行で、下の表の列名を書いてください（列の順番は自由、任意の列は省略できます）。2行目から1行に1件です。 ファイルは{MB}
        MBまで
        {limit !== null && (
          <>
            、登録できるのは合わせて{limit}件まで（あと{room}件）
          </>
        )}
        です。 1行でも誤りがあると、どの行も登録されません。「CSVでダウンロード」したファイルはそのまま取り込めます。
      </p>
      <table>
        <caption>CSVファイルの列</caption>
        <thead>
          <tr>
            <th scope="col">列名（見出し行）</th>
            <th scope="col">必須</th>
            <th scope="col">入力のきまり</th>
          </tr>
        </thead>
        <tbody>
          {ADDRESS_CSV_COLUMNS.map((c) => (
            <tr key={c.field}>
              <th scope="row">{c.header}</th>
              <td>{c.required ? '必須' : '任意'}</td>
              <td>{c.rule}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">Excelで編集するときは、郵便番号と電話番号の先頭の0が消えないよう、列を文字列にしてください。</p>
      <form className="form" onSubmit={submit} noValidate aria-labelledby="address-import-title">
        <div className="field">
          <label htmlFor={inputId}>CSVファイル</label>
          <input
            ref={input}
            id={inputId}
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={!!fileError}
            aria-describedby={fileError ? errorId : undefined}
            onChange={() => {
              setFileError(undefined);
              setProblems(null);
            }}
          />
          <FieldError id={errorId} message={fileError} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          取り込む
        </button>
      </form>
      {problems && (
        <div role="alert" className="stack" data-import-errors>
          <p className="alert">{problems.message}</p>
          <table>
            <caption>取り込めなかった理由</caption>
            <thead>
              <tr>
                <th scope="col">行</th>
                <th scope="col">内容</th>
              </tr>
            </thead>
            <tbody>
              {problems.list.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the file's problems, shown once and never reordered
                <tr key={i}>
                  <td>{p.line === null ? 'ファイル全体' : `${p.line}行目`}</td>
                  <td>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Saves a blob under `filename` through a temporary link. */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function AddressCsvExport({ disabled }: { disabled: boolean }) {
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const result = await exportAddressCsv();
      if (result.kind === 'pending') {
        toast.info(EXPORT_PENDING_MESSAGE);
      } else {
        saveBlob(result.blob, result.filename);
        toast.success(EXPORT_DONE_MESSAGE);
      }
    } catch (e) {
      if (isDisplayableError(e)) toast.error(firstErrorMessage(e, 'お届け先をエクスポートできませんでした。'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="address-export-title" className="stack">
      <h2 id="address-export-title">CSVでダウンロード</h2>
      <p>登録済みのお届け先をCSVファイル（UTF-8、BOM付き。Excelでそのまま開けます）でダウンロードします。列は上の表と同じです。</p>
      <p>
        <button type="button" className="btn" onClick={run} disabled={disabled || busy} aria-busy={busy}>
          CSVでダウンロード
        </button>
      </p>
    </section>
  );
}
