/**
 * /mypage/measurement/edit/ (採寸の登録・削除): a new measurement (項目, 測定値 with at most one
 * decimal place as spec 5 says, 測定日) and the member's entries of the chosen purpose, each with
 * 「削除」 (asked once more before deleting), and 「この項目の記録をすべて削除」 for the whole purpose
 * (MeasurementClear.tsx). The x-limit maximum per purpose is shown.
 */

import { firstErrorMessage } from '#api-client/core/errors.ts';
import {
  createTimeseries,
  deleteTimeseriesEntry,
  deleteTimeseriesPurpose,
  listTimeseries,
  type TimeseriesList,
} from '#api-client/mypage/timeseries.ts';
import { formatJstDate } from '#contracts/datetimes.ts';
import {
  formatMeasurement,
  MEASUREMENT_PURPOSE_CODES,
  MEASUREMENT_PURPOSES,
  type MeasurementPurposeCode,
  measurementValueProblem,
} from '#contracts/measurement-choices.ts';
import { messages } from '#contracts/messages.ts';
import { mypageMeasurementPath } from '#lib/mypage-routes.ts';
import { toast } from '#stores/toast.ts';
import type { FormSpec } from '#validation/form.ts';
import { isEmpty, type Rule, required } from '#validation/rules.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import FieldError from '../common/FieldError.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useRef, useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';
import MeasurementClear from './MeasurementClear.tsx';
import MypageLayout from './MypageLayout.tsx';

export default function MeasurementEdit() {
  return (
    <MypageLayout>
      <Editor />
    </MypageLayout>
  );
}

type Values = { purpose: string; value: string; measured_at: string };

/** The same decimal and range rule as the API (contracts/measurement-choices.ts). */
const measurement: Rule = (value, _field, values) => {
  const p = values?.purpose;
  if (typeof p !== 'string' || !(p in MEASUREMENT_PURPOSES)) return null;
  return measurementValueProblem(p as MeasurementPurposeCode, typeof value === 'string' ? value : String(value ?? ''));
};

/** Not a day after today (Japan time). */
const notFuture: Rule = (value) => (isEmpty(value) || String(value) <= today() ? null : messages.date('測定日'));

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());

const spec: FormSpec<Values> = {
  purpose: { label: '項目', rules: [required] },
  value: { label: '測定値', rules: [required, measurement] },
  measured_at: { label: '測定日', rules: [notFuture] },
};

function Editor() {
  const [data, setData] = useState<TimeseriesList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  // After a whole purpose is deleted its button is gone: focus goes to the section's heading.
  const entriesTitle = useRef<HTMLHeadingElement>(null);

  const reload = (signal?: AbortSignal) =>
    listTimeseries(undefined, { signal }).then(setData, (e) => {
      if (!signal?.aborted) setError(e);
    });
  useEffect(() => {
    const ac = new AbortController();
    void reload(ac.signal);
    return () => ac.abort();
  }, []);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const made = await createTimeseries({
        purpose: values.purpose as MeasurementPurposeCode,
        value: values.value.trim(),
        ...(values.measured_at ? { measured_at: values.measured_at } : {}),
      });
      toast.success(`${MEASUREMENT_PURPOSES[made.purpose].label} ${formatMeasurement(made.value, made.unit)}を登録しました`);
      form.setValue('value', '');
      await reload();
    } catch (e) {
      setAlert(form.showApiError(e));
    } finally {
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({ initial: { purpose: 'height', value: '', measured_at: today() }, spec, onSubmit: submit });

  async function remove(id: number, label: string) {
    setBusy(true);
    try {
      await deleteTimeseriesEntry(id);
      setConfirming(null);
      setData((d) => (d ? { ...d, items: d.items.filter((x) => x.id !== id) } : d));
      toast.success(`${label}を削除しました`);
    } catch (e) {
      toast.error(firstErrorMessage(e, '削除できませんでした。'));
    } finally {
      setBusy(false);
    }
  }

  async function clear(purpose: MeasurementPurposeCode) {
    setBusy(true);
    try {
      await deleteTimeseriesPurpose(purpose);
      setData((d) => (d ? { ...d, items: d.items.filter((x) => x.purpose !== purpose) } : d));
      entriesTitle.current?.focus();
      toast.success(`${MEASUREMENT_PURPOSES[purpose].label}の記録をすべて削除しました`);
    } catch (e) {
      toast.error(firstErrorMessage(e, '削除できませんでした。'));
    } finally {
      setBusy(false);
    }
  }

  if (error) return <ErrorMessage error={error} fallback="採寸の記録を読み込めませんでした。" />;
  if (!data) return <Loading />;
  const purpose = (form.values.purpose in MEASUREMENT_PURPOSES ? form.values.purpose : 'height') as MeasurementPurposeCode;
  const meta = MEASUREMENT_PURPOSES[purpose];
  const entries = data.items.filter((e) => e.purpose === purpose);
  const full = data.limit !== null && entries.length >= data.limit;
  return (
    <div className="stack">
      <form className="form panel" onSubmit={form.handleSubmit} noValidate aria-labelledby="measurement-add-title">
        <h2 id="measurement-add-title">採寸を登録する</h2>
        {alert && (
          <p className="alert" role="alert">
            {alert}
          </p>
        )}
        <div className="field">
          <label htmlFor={form.field('purpose').id}>項目</label>
          <select {...form.field('purpose')} required>
            {MEASUREMENT_PURPOSE_CODES.map((p) => (
              <option key={p} value={p}>
                {MEASUREMENT_PURPOSES[p].label}（{MEASUREMENT_PURPOSES[p].unit}）
              </option>
            ))}
          </select>
          <FieldError id={form.errorId('purpose')} message={form.errors.purpose} />
        </div>
        <div className="field">
          <label htmlFor={form.field('value').id}>測定値（{meta.unit}）</label>
          <input
            {...form.field('value')}
            type="text"
            inputMode="decimal"
            required
            autoComplete="off"
            placeholder={`例：${((meta.min + meta.max) / 2).toFixed(1)}`}
          />
          <p className="muted">
            {meta.min}〜{meta.max}
            {meta.unit}、小数点第1位まで入力できます。
          </p>
          <FieldError id={form.errorId('value')} message={form.errors.value} />
        </div>
        <div className="field">
          <label htmlFor={form.field('measured_at').id}>測定日</label>
          <input {...form.field('measured_at')} type="date" max={today()} />
          <FieldError id={form.errorId('measured_at')} message={form.errors.measured_at} />
        </div>
        {full && (
          <p className="notice">
            {meta.label}の記録は{data.limit}件までです。新しく登録するには、古い記録を削除してください。
          </p>
        )}
        <div style={{ display: 'flex', gap: '.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            登録する
          </button>
          <a href={mypageMeasurementPath}>採寸の一覧へ戻る</a>
        </div>
      </form>

      <section className="stack" aria-labelledby="measurement-entries-title">
        <h2 id="measurement-entries-title" ref={entriesTitle} tabIndex={-1}>
          {meta.label}の記録{data.limit !== null && `（${entries.length}/${data.limit}件）`}
        </h2>
        {entries.length > 0 && (
          <MeasurementClear
            key={purpose}
            label={meta.label}
            count={entries.length}
            busy={busy}
            describedBy="measurement-entries-title"
            onClear={() => void clear(purpose)}
          />
        )}
        {entries.length === 0 ? (
          <p>{meta.label}の記録はありません。</p>
        ) : (
          <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label={`${meta.label}の記録`}>
            {entries.map((e) => {
              const label = `${formatJstDate(e.measured_at)}の${meta.label} ${formatMeasurement(e.value, e.unit)}`;
              return (
                <li key={e.id} className="panel" style={{ display: 'flex', gap: '.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
                  <span>
                    {formatJstDate(e.measured_at)}　{formatMeasurement(e.value, e.unit)}
                  </span>
                  {confirming === e.id ? (
                    <>
                      <span role="status">この記録を削除しますか？</span>
                      <button
                        type="button"
                        className="btn"
                        disabled={busy}
                        onClick={() => remove(e.id, label)}
                        aria-label={`${label}を削除する`}
                      >
                        削除する
                      </button>
                      <button type="button" className="btn" onClick={() => setConfirming(null)}>
                        やめる
                      </button>
                    </>
                  ) : (
                    <button type="button" className="btn" onClick={() => setConfirming(e.id)} aria-label={`${label}を削除`}>
                      削除
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
