/**
 * /mypage/product_history/ (閲覧履歴): the member's viewed products, newest first, 10 per page, each
 * with 「削除」 (DELETE /v1/me/product-histories/{id}).
 */

import { firstErrorMessage } from '#api-client/core/errors.ts';
import { deleteProductHistory, listProductHistory, type ProductHistoryItem } from '#api-client/mypage/discovery.ts';
import { formatDateTime } from '#lib/date.ts';
import { toast } from '#stores/toast.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useState } from '../common/react.ts';
import { Pager, ProductRow, usePaged } from './discovery/shared.tsx';
import MypageLayout from './MypageLayout.tsx';

export default function ProductHistory({ basePath }: { basePath: string }) {
  return (
    <MypageLayout>
      <HistoryList basePath={basePath} />
    </MypageLayout>
  );
}

function HistoryList({ basePath }: { basePath: string }) {
  const { data, error, update, reload } = usePaged((page) => listProductHistory({ page }));
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(item: ProductHistoryItem) {
    setBusy(item.id);
    try {
      await deleteProductHistory(item.id);
      update((items) => items.filter((h) => h.id !== item.id));
      toast.success(`「${item.product.name}」を閲覧履歴から削除しました`);
      reload();
    } catch (e) {
      toast.error(firstErrorMessage(e, '削除できませんでした。'));
    } finally {
      setBusy(null);
    }
  }

  if (error) return <ErrorMessage error={error} fallback="閲覧履歴を読み込めませんでした。" />;
  if (!data) return <Loading />;
  if (data.items.length === 0) return <p className="panel">閲覧履歴はありません。</p>;
  return (
    <div className="stack">
      <ol className="stack" aria-label="閲覧履歴" style={{ listStyle: 'none', padding: 0 }} data-product-history>
        {data.items.map((item) => (
          <ProductRow
            key={item.id}
            product={item.product}
            meta={
              <p className="muted" style={{ margin: 0, fontSize: '.85rem' }}>
                閲覧日時 <time dateTime={item.viewed_at}>{formatDateTime(item.viewed_at)}</time>
              </p>
            }
          >
            <button
              type="button"
              className="btn"
              onClick={() => remove(item)}
              disabled={busy === item.id}
              aria-label={`「${item.product.name}」を閲覧履歴から削除`}
            >
              削除
            </button>
          </ProductRow>
        ))}
      </ol>
      <Pager pagination={data.pagination} base={basePath} label="閲覧履歴" />
    </div>
  );
}
