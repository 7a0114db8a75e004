/**
 * /mypage/login_history/?page=N (ログイン履歴): date and time (YYYY.MM.DD H:mm, Japan time), IP
 * address, browser and 成功/失敗 of each login, newest first, 10 per page (pagination headers).
 */

import { describeUserAgent, type LoginHistoryList, listLoginHistories } from '#api-client/account/me-account.ts';
import { formatDateTime } from '#lib/date.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';

/** The login history in the my-page frame; `basePath` is this page's path (page links add ?page=). */
export default function LoginHistory({ basePath }: { basePath: string }) {
  return (
    <MypageLayout>
      <HistoryTable basePath={basePath} />
    </MypageLayout>
  );
}

/** ?page= as a positive integer (1 when absent or invalid). */
function readPage(search: string): number {
  const n = Number.parseInt(new URLSearchParams(search).get('page') ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

const pageHref = (base: string, page: number) => (page > 1 ? `${base}?page=${page}` : base);

function HistoryTable({ basePath }: { basePath: string }) {
  const [page] = useState(() => readPage(window.location.search));
  const [data, setData] = useState<LoginHistoryList | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    listLoginHistories({ page }).then(
      (list) => {
        if (live) setData(list);
      },
      (e: unknown) => {
        if (live) setError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [page]);

  if (error) return <ErrorMessage error={error} fallback="ログイン履歴を読み込めませんでした。" />;
  if (!data) return <Loading />;
  if (data.items.length === 0) return <p className="panel">ログイン履歴はありません。</p>;
  const { current, last } = data.pagination;

  return (
    <div className="stack">
      <table className="orders login-history">
        <caption className="visually-hidden">
          ログイン履歴（{current} / {last}ページ）
        </caption>
        <thead>
          <tr>
            <th scope="col">日時</th>
            <th scope="col">IPアドレス</th>
            <th scope="col">ブラウザ</th>
            <th scope="col">結果</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
              </th>
              <td>{row.ip ?? '不明'}</td>
              <td title={row.user_agent ?? undefined}>{describeUserAgent(row.user_agent)}</td>
              <td>{row.succeeded ? '成功' : <strong>失敗</strong>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {last > 1 && (
        <nav aria-label="ログイン履歴のページ送り" className="actions" style={{ justifyContent: 'center' }}>
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
    </div>
  );
}
