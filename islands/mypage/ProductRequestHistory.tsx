/**
 * /mypage/product_request_history/ (再入荷お知らせ履歴): the member's restock requests, newest first,
 * with their state (お知らせ待ち / お知らせ済み) and 「取り消す」 (DELETE …/{id}).
 */

import { firstErrorMessage } from '#api-client/core/errors.ts';
import { deleteProductRequest, listProductRequests, type ProductRequest } from '#api-client/mypage/discovery.ts';
import { formatDate, formatDateTime } from '#lib/date.ts';
import { toast } from '#stores/toast.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useState } from '../common/react.ts';
import { Pager, ProductRow, usePaged } from './discovery/shared.tsx';
import MypageLayout from './MypageLayout.tsx';

export default function ProductRequestHistory({ basePath }: { basePath: string }) {
  return (
    <MypageLayout>
      <RequestList basePath={basePath} />
    </MypageLayout>
  );
}

function RequestList({ basePath }: { basePath: string }) {
  const { data, error, update, reload } = usePaged((page) => listProductRequests({ page }));
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(r: ProductRequest) {
    setBusy(r.id);
    try {
      await deleteProductRequest(r.id);
      update((items) => items.filter((x) => x.id !== r.id));
      toast.success('再入荷のお知らせを取り消しました');
      reload();
    } catch (e) {
      toast.error(firstErrorMessage(e, '取り消せませんでした。'));
    } finally {
      setBusy(null);
    }
  }

  if (error) return <ErrorMessage error={error} fallback="再入荷お知らせの履歴を読み込めませんでした。" />;
  if (!data) return <Loading />;
  if (data.items.length === 0) return <p className="panel">再入荷お知らせのご登録はありません。</p>;
  return (
    <div className="stack">
      <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="再入荷お知らせ履歴">
        {data.items.map((r) => {
          const state = r.notified_at ? `お知らせ済み（${formatDateTime(r.notified_at)}）` : 'お知らせ待ち';
          const meta = (
            // biome-ignore lint/correctness/useJsxKeyInIterable: a prop of the row below, not a list item
            <p className="muted" style={{ margin: 0, fontSize: '.85rem' }}>
              登録日 {formatDate(r.created_at)}　{state}
            </p>
          );
          const action = (
            // biome-ignore lint/correctness/useJsxKeyInIterable: a prop of the row below, not a list item
            <button type="button" className="btn" onClick={() => remove(r)} disabled={busy === r.id}>
              取り消す
            </button>
          );
          return r.product ? (
            <ProductRow key={r.id} product={r.product} meta={meta}>
              {action}
            </ProductRow>
          ) : (
            <li key={r.id} className="panel">
              <p style={{ margin: 0 }}>販売を終了した商品</p>
              {meta}
              <div className="actions">{action}</div>
            </li>
          );
        })}
      </ul>
      <Pager pagination={data.pagination} base={basePath} label="再入荷お知らせ履歴" />
    </div>
  );
}
