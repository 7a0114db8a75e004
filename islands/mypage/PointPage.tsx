/**
 * /mypage/point/?page=N (ポイント): the balance, the points expiring within 30 days (points expire
 * 1 year after they were earned), the points pending on orders not paid or shipped yet (付与予定,
 * each with why), and the history of point moves, newest first, 10 per page.
 */

import { getMyPoints, listPointHistories, type Paged, type PointHistory, type PointSummary } from '#api-client/mypage/benefits.ts';
import { formatDate, formatDateTime } from '#lib/date.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';

/** The points in the my-page frame; `basePath` is this page's path (page links add ?page=). */
export default function PointPage({ basePath }: { basePath: string }) {
  return (
    <MypageLayout>
      <Points basePath={basePath} />
    </MypageLayout>
  );
}

const pts = (n: number) => `${n.toLocaleString('ja-JP')}ポイント`;
const pageHref = (base: string, page: number) => (page > 1 ? `${base}?page=${page}` : base);
function readPage(search: string): number {
  const n = Number.parseInt(new URLSearchParams(search).get('page') ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

function Points({ basePath }: { basePath: string }) {
  const [page] = useState(() => readPage(window.location.search));
  const [summary, setSummary] = useState<PointSummary | null>(null);
  const [history, setHistory] = useState<Paged<PointHistory> | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    Promise.all([getMyPoints(), listPointHistories({ page })]).then(
      ([s, h]) => {
        if (live) {
          setSummary(s);
          setHistory(h);
        }
      },
      (e: unknown) => {
        if (live) setError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [page]);

  if (error) return <ErrorMessage error={error} fallback="ポイントを読み込めませんでした。" />;
  if (!summary || !history) return <Loading />;
  const { current, last } = history.pagination;
  return (
    <div className="stack">
      <section aria-labelledby="point-balance" className="panel">
        <h2 id="point-balance">保有ポイント</h2>
        <p className="point-balance">
          <strong>{pts(summary.point_balance)}</strong>（1ポイント＝1円としてお買い物に使えます）
        </p>
        {summary.expiring_point > 0 && summary.expiring_at ? (
          <p className="notice">
            {formatDate(summary.expiring_at)}までに {pts(summary.expiring_point)} が失効します。
          </p>
        ) : (
          <p className="muted">{summary.expiring_within_days}日以内に失効するポイントはありません。</p>
        )}
        <p className="muted">
          ご注文ごとに商品代金（税抜・クーポン割引後）の{summary.point_rate}%をポイントで還元します。ポイントの有効期限は獲得から1年です。
        </p>
      </section>
      {summary.pending_point > 0 && (
        <section aria-labelledby="point-pending" className="panel">
          <h2 id="point-pending">付与予定ポイント</h2>
          <p className="point-pending">
            <strong>{pts(summary.pending_point)}</strong>（付与されるまではご利用いただけません）
          </p>
          <ul>
            {summary.pending.map((p) => (
              <li key={p.order_no}>
                ご注文番号：{p.order_no}　{pts(p.amount)}　{p.note}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="point-history">
        <h2 id="point-history">ポイント履歴</h2>
        {history.items.length === 0 ? (
          <p className="panel">ポイント履歴はありません。</p>
        ) : (
          <table className="orders">
            <caption className="visually-hidden">
              ポイント履歴（{current} / {last}ページ）
            </caption>
            <thead>
              <tr>
                <th scope="col">日時</th>
                <th scope="col">内容</th>
                <th scope="col" className="num">
                  ポイント
                </th>
                <th scope="col">有効期限</th>
              </tr>
            </thead>
            <tbody>
              {history.items.map((h) => (
                <tr key={h.id}>
                  <th scope="row">
                    <time dateTime={h.created_at}>{formatDateTime(h.created_at)}</time>
                  </th>
                  <td>
                    {h.reason}
                    {h.order_no && <>（ご注文番号：{h.order_no}）</>}
                  </td>
                  <td className="num">{h.amount > 0 ? `+${pts(h.amount)}` : `−${pts(-h.amount)}`}</td>
                  <td>{h.expires_at ? formatDate(h.expires_at) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {last > 1 && (
          <nav aria-label="ポイント履歴のページ送り" className="actions" style={{ justifyContent: 'center' }}>
            {current > 1 && (
              <a className="btn" href={pageHref(basePath, current - 1)} rel="prev">
                前へ
              </a>
            )}
            <span className="muted">
              {current} / {last}
            </span>
            {current < last && (
              <a className="btn" href={pageHref(basePath, current + 1)} rel="next">
                次へ
              </a>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}
