/**
 * /mypage/measurement/ (採寸): the latest value of each purpose in a table and, for the purpose
 * chosen, its history as a small inline SVG line chart (no chart library). The chart carries a text
 * alternative and the same values are listed in a table, so nothing is only visible in the drawing.
 */

import { listTimeseries, type TimeseriesEntry, type TimeseriesList } from '#api-client/mypage/timeseries.ts';
import { formatJstDate } from '#contracts/datetimes.ts';
import {
  formatMeasurement,
  MEASUREMENT_PURPOSE_CODES,
  MEASUREMENT_PURPOSES,
  type MeasurementPurposeCode,
} from '#contracts/measurement-choices.ts';
import { mypageMeasurementEditPath } from '#lib/mypage-routes.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';

export default function MeasurementPage() {
  return (
    <MypageLayout>
      <Measurements />
    </MypageLayout>
  );
}

/** 「2025.01.10」 in Japan time (spec 9). */
export const measuredDay = (iso: string): string => formatJstDate(iso);

function Measurements() {
  const [data, setData] = useState<TimeseriesList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [chosen, setChosen] = useState<MeasurementPurposeCode | null>(null);

  useEffect(() => {
    const ac = new AbortController();
    listTimeseries(undefined, { signal: ac.signal }).then(
      (d) => {
        setData(d);
        setChosen((c) => c ?? d.items[0]?.purpose ?? 'height');
      },
      (e) => {
        if (!ac.signal.aborted) setError(e);
      },
    );
    return () => ac.abort();
  }, []);

  if (error) return <ErrorMessage error={error} fallback="採寸の記録を読み込めませんでした。" />;
  if (!data) return <Loading />;
  const byPurpose = (p: MeasurementPurposeCode) => data.items.filter((e) => e.purpose === p);
  const purpose = chosen ?? 'height';
  const history = byPurpose(purpose);
  const meta = MEASUREMENT_PURPOSES[purpose];
  return (
    <div className="stack">
      <p className="muted">
        身体のサイズを記録しておくと、商品選びの参考にできます。{data.limit !== null && `（各項目${data.limit}件まで）`}
      </p>
      <p>
        <a className="btn btn-primary" href={mypageMeasurementEditPath}>
          採寸を登録・削除する
        </a>
      </p>
      <table className="table">
        <caption>最新の採寸</caption>
        <thead>
          <tr>
            <th scope="col">項目</th>
            <th scope="col">最新の値</th>
            <th scope="col">測定日</th>
          </tr>
        </thead>
        <tbody>
          {MEASUREMENT_PURPOSE_CODES.map((p) => {
            const latest = byPurpose(p)[0];
            return (
              <tr key={p}>
                <th scope="row">{MEASUREMENT_PURPOSES[p].label}</th>
                <td>{latest ? formatMeasurement(latest.value, latest.unit) : '未登録'}</td>
                <td>{latest ? measuredDay(latest.measured_at) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <section className="panel stack" aria-labelledby="measurement-history-title">
        <h2 id="measurement-history-title">推移</h2>
        <div className="field">
          <label htmlFor="measurement-purpose">表示する項目</label>
          <select id="measurement-purpose" value={purpose} onChange={(e) => setChosen(e.target.value as MeasurementPurposeCode)}>
            {MEASUREMENT_PURPOSE_CODES.map((p) => (
              <option key={p} value={p}>
                {MEASUREMENT_PURPOSES[p].label}
              </option>
            ))}
          </select>
        </div>
        {history.length === 0 ? (
          <p>{meta.label}の記録はありません。</p>
        ) : (
          <>
            <LineChart entries={history} label={meta.label} />
            <table className="table">
              <caption>{meta.label}の記録（新しい順）</caption>
              <thead>
                <tr>
                  <th scope="col">測定日</th>
                  <th scope="col">{meta.label}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((e) => (
                  <tr key={e.id}>
                    <td>{measuredDay(e.measured_at)}</td>
                    <td>{formatMeasurement(e.value, e.unit)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </div>
  );
}

const W = 320;
const H = 140;
const PAD = 28;

/** Oldest to newest, left to right; the y axis spans the lowest to the highest value. */
export function chartPoints(entries: readonly TimeseriesEntry[]): Array<{ x: number; y: number; e: TimeseriesEntry }> {
  const ordered = [...entries].reverse();
  const values = ordered.map((e) => e.value);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  return ordered.map((e, i) => ({
    x: ordered.length === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (ordered.length - 1),
    y: hi === lo ? H / 2 : PAD / 2 + ((hi - e.value) * (H - PAD)) / span,
    e,
  }));
}

function LineChart({ entries, label }: { entries: readonly TimeseriesEntry[]; label: string }) {
  const points = chartPoints(entries);
  const unit = entries[0]?.unit ?? '';
  const oldest = points[0].e;
  const newest = points[points.length - 1].e;
  const values = entries.map((e) => e.value);
  const summary =
    `${label}の推移のグラフ：${entries.length}件、${measuredDay(oldest.measured_at)}の${formatMeasurement(oldest.value, unit)}から` +
    `${measuredDay(newest.measured_at)}の${formatMeasurement(newest.value, unit)}まで（最小${formatMeasurement(Math.min(...values), unit)}、最大${formatMeasurement(Math.max(...values), unit)}）`;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        style={{ maxWidth: `${W * 1.5}px` }}
        role="img"
        aria-label={summary}
        data-testid="measurement-chart"
      >
        <line x1={PAD / 2} y1={H - PAD / 2} x2={W - PAD / 2} y2={H - PAD / 2} stroke="currentColor" strokeOpacity="0.3" />
        {points.length > 1 && (
          <polyline
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
          />
        )}
        {points.map((p) => (
          <circle key={p.e.id} cx={p.x} cy={p.y} r="3.5" fill="currentColor" />
        ))}
      </svg>
      <figcaption className="muted">{summary}</figcaption>
    </figure>
  );
}
