/** /mypage/bookmark/ (ブックマーク): the member's bookmarks, newest first, with 「削除」. */

import { firstErrorMessage } from '#api-client/core/errors.ts';
import { type Bookmark, deleteBookmark, listBookmarks } from '#api-client/mypage/discovery.ts';
import { formatDate } from '#lib/date.ts';
import { toast } from '#stores/toast.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useState } from '../common/react.ts';
import { Pager, usePaged } from './discovery/shared.tsx';
import MypageLayout from './MypageLayout.tsx';

export default function Bookmarks({ basePath }: { basePath: string }) {
  return (
    <MypageLayout>
      <BookmarkList basePath={basePath} />
    </MypageLayout>
  );
}

/** A stored URL as a link target: same-origin paths and http(s) URLs only (the API accepts no other). */
export const safeHref = (url: string): string => (/^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url) ? url : '#');

function BookmarkList({ basePath }: { basePath: string }) {
  const { data, error, update, reload } = usePaged((page) => listBookmarks({ page }));
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(b: Bookmark) {
    setBusy(b.id);
    try {
      await deleteBookmark(b.id);
      update((items) => items.filter((x) => x.id !== b.id));
      toast.success('ブックマークを削除しました');
      reload();
    } catch (e) {
      toast.error(firstErrorMessage(e, '削除できませんでした。'));
    } finally {
      setBusy(null);
    }
  }

  if (error) return <ErrorMessage error={error} fallback="ブックマークを読み込めませんでした。" />;
  if (!data) return <Loading />;
  if (data.items.length === 0) return <p className="panel">ブックマークはありません。</p>;
  return (
    <div className="stack">
      <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="ブックマーク">
        {data.items.map((b) => (
          <li key={b.id} className="panel" style={{ display: 'flex', gap: '1rem', alignItems: 'center', flexWrap: 'wrap' }}>
            <div style={{ flex: '1 1 12rem' }}>
              <p style={{ margin: 0 }}>
                <a href={safeHref(b.url)}>{b.title}</a>
              </p>
              <p className="muted" style={{ margin: 0, fontSize: '.85rem' }}>
                {formatDate(b.created_at)}登録
              </p>
            </div>
            <button type="button" className="btn" onClick={() => remove(b)} disabled={busy === b.id} aria-label={`「${b.title}」を削除`}>
              削除
            </button>
          </li>
        ))}
      </ul>
      <Pager pagination={data.pagination} base={basePath} label="ブックマーク" />
    </div>
  );
}
