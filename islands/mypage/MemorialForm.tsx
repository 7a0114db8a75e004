/**
 * /mypage/memorial/add/ and /mypage/memorial/{id}/edit/ (記念日の登録・編集): お名前, 区分, 記念日名,
 * the month and day (a day that does not exist, 2月30日, is 「日付が無効です」 as the API says) and
 * the reminder e-mail. Saved, the member goes back to the list, which says so.
 */

import { createMemorial, getMemorial, type Memorial, updateMemorial } from '#api-client/mypage/memorials.ts';
import { isMemorialDay, MEMORIAL_DIVISIONS, MEMORIAL_TEXT_MAX } from '#contracts/memorial-choices.ts';
import { messages } from '#contracts/messages.ts';
import { mypageMemorialPath } from '#lib/mypage-routes.ts';
import type { FormSpec } from '#validation/form.ts';
import { isEmpty, maxLength, type Rule, required } from '#validation/rules.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import FieldError from '../common/FieldError.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';
import MypageLayout from './MypageLayout.tsx';

/** The add screen without `memorialId`, the edit screen with it. */
export default function MemorialForm({ memorialId }: { memorialId?: number }) {
  return <MypageLayout>{memorialId === undefined ? <Editor memorial={null} /> : <Loader id={memorialId} />}</MypageLayout>;
}

function Loader({ id }: { id: number }) {
  const [memorial, setMemorial] = useState<Memorial | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const ac = new AbortController();
    getMemorial(id, { signal: ac.signal }).then(setMemorial, (e) => {
      if (!ac.signal.aborted) setError(e);
    });
    return () => ac.abort();
  }, [id]);
  if (error) {
    return (
      <div className="stack">
        <ErrorMessage error={error} fallback="記念日を読み込めませんでした。" />
        <p>
          <a href={mypageMemorialPath}>記念日一覧へ戻る</a>
        </p>
      </div>
    );
  }
  if (!memorial) return <Loading />;
  return <Editor memorial={memorial} />;
}

type Values = { target_user_name: string; division_ct: string; name: string; month: string; date: string };

/** month and date form a day of the year (spec 5 date_birth: 「日付が無効です」). */
const realDay: Rule = (value, _field, values) =>
  isEmpty(value) || isEmpty(values?.month) || isMemorialDay(Number(values?.month), Number(value)) ? null : messages.dateBirth();

// In the order of the form, so a failed submit focuses the first field shown with an error.
const spec: FormSpec<Values> = {
  name: { label: '記念日名', rules: [required, maxLength(MEMORIAL_TEXT_MAX)] },
  division_ct: { label: '区分', rules: [required] },
  month: { label: '月', rules: [required] },
  date: { label: '日', rules: [required, realDay] },
  target_user_name: { label: 'お名前', rules: [required, maxLength(MEMORIAL_TEXT_MAX)] },
};

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

function Editor({ memorial }: { memorial: Memorial | null }) {
  const [call, setCall] = useState(memorial?.call ?? true);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    const input = {
      target_user_name: values.target_user_name,
      division_ct: Number(values.division_ct),
      name: values.name,
      month: Number(values.month),
      date: Number(values.date),
      call,
    };
    try {
      if (memorial) await updateMemorial(memorial.id, input);
      else await createMemorial(input);
      window.location.assign(`${mypageMemorialPath}?done=${memorial ? 'updated' : 'added'}`);
    } catch (e) {
      setAlert(form.showApiError(e));
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({
    initial: {
      target_user_name: memorial?.target_user_name ?? '',
      division_ct: memorial ? String(memorial.division_ct) : '',
      name: memorial?.name ?? '',
      month: memorial ? String(memorial.month) : '',
      date: memorial ? String(memorial.date) : '',
    },
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
        <label htmlFor={form.field('name').id}>記念日名</label>
        <input {...form.field('name')} type="text" required maxLength={MEMORIAL_TEXT_MAX} placeholder="例：母の誕生日" />
        <FieldError id={form.errorId('name')} message={form.errors.name} />
      </div>
      <div className="field">
        <label htmlFor={form.field('division_ct').id}>区分</label>
        <select {...form.field('division_ct')} required>
          <option value="">選択してください</option>
          {Object.entries(MEMORIAL_DIVISIONS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
        <FieldError id={form.errorId('division_ct')} message={form.errors.division_ct} />
      </div>
      <fieldset className="field">
        <legend>日付</legend>
        <div style={{ display: 'flex', gap: '.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
          <select {...form.field('month')} aria-label="月" required>
            <option value="">--</option>
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <span aria-hidden="true">月</span>
          <select {...form.field('date')} aria-label="日" required>
            <option value="">--</option>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <span aria-hidden="true">日</span>
        </div>
        <FieldError id={form.errorId('month')} message={form.errors.month} />
        <FieldError id={form.errorId('date')} message={form.errors.date} />
      </fieldset>
      <div className="field">
        <label htmlFor={form.field('target_user_name').id}>お名前</label>
        <input {...form.field('target_user_name')} type="text" required maxLength={MEMORIAL_TEXT_MAX} placeholder="例：山田 花子" />
        <FieldError id={form.errorId('target_user_name')} message={form.errors.target_user_name} />
      </div>
      <div className="field">
        <label>
          <input type="checkbox" checked={call} onChange={(e) => setCall(e.target.checked)} /> 記念日が近づいたらお知らせメールを受け取る
        </label>
      </div>
      <div style={{ display: 'flex', gap: '.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {memorial ? '更新する' : '登録する'}
        </button>
        <a href={mypageMemorialPath}>記念日一覧へ戻る</a>
      </div>
    </form>
  );
}
