/**
 * /mypage/product_search_history/?page=N (検索履歴): the member's searches, newest first, 10 per
 * page (pagination headers); each word links to its results, and 削除 removes one row.
 */

import { deleteSearchHistory, listSearchHistories, type SearchHistoryList } from '#api-client/catalog/search.ts';
import { formatDateTime } from '#lib/date.ts';
import { productListPath } from '#lib/routes.ts';
import { toast, toastError } from '#stores/toast.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';

/** The search history in the my-page frame; `basePath` is this page's path (page links add ?page=). */
export default function SearchHistory({ basePath }: { basePath: string }) {
  return (
    <MypageLayout>
      <HistoryList basePath={basePath} />
    </MypageLayout>
  );
}

function readPage(search: string): number {
  const n = Number.parseInt(new URLSearchParams(search).get('page') ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

const pageHref = (base: string, page: number) => (page > 1 ? `${base}?page=${page}` : base);

function HistoryList({ basePath }: { basePath: string }) {
  const [page] = useState(() => readPage(window.location.search));
  const [data, setData] = useState<SearchHistoryList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    listSearchHistories({ page }).then(
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
  }, [page, reload]);

  async function remove(id: number, word: string) {
    setBusy(id);
    try {
      await deleteSearchHistory(id);
      toast.success(`「${word}」を検索履歴から削除しました。`);
      setReload((n) => n + 1);
    } catch (e) {
      toastError(e, '検索履歴を削除できませんでした。');
    } finally {
      setBusy(null);
    }
  }

  if (error) return <ErrorMessage error={error} fallback="検索履歴を読み込めませんでした。" />;
  if (!data) return <Loading />;
  if (data.items.length === 0) return <p className="panel">検索履歴はありません。</p>;
  const { current, last } = data.pagination;

  return (
    <div className="stack">
      <ul className="search-history">
        {data.items.map((row) => (
          <li key={row.id} className="search-history-row">
            <a href={productListPath({ keyword: row.word })}>{row.word}</a>
            <time className="muted" dateTime={row.created_at}>
              {formatDateTime(row.created_at)}
            </time>
            <button
              type="button"
              className="btn"
              onClick={() => remove(row.id, row.word)}
              disabled={busy !== null}
              aria-label={`「${row.word}」を削除`}
            >
              削除
            </button>
          </li>
        ))}
      </ul>
      {last > 1 && (
        <nav aria-label="検索履歴のページ送り" className="actions" style={{ justifyContent: 'center' }}>
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
