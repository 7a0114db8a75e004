/**
 * /mypage/list/{key}/: one list's products, 10 per page, each with 「リストから外す」
 * (PATCH /v1/me/user-lists/{key}/detach; spec 4: by list key only the product stores change, so the
 * row goes and the count drops) and the favourite toggle.
 */

import { firstErrorMessage } from '#api-client/core/errors.ts';
import {
  applyFavorite,
  detachFromList,
  getUserList,
  listUserListProducts,
  setFavorite,
  type UserList,
} from '#api-client/mypage/discovery.ts';
import type { Product } from '#contracts/products.ts';
import { mypageListDetailPath, mypageListPath } from '#lib/mypage-routes.ts';
import { toast } from '#stores/toast.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import { Pager, ProductRow, usePaged } from './discovery/shared.tsx';
import MypageLayout from './MypageLayout.tsx';

export default function UserListDetail({ listKey }: { listKey: string }) {
  return (
    <MypageLayout>
      <Detail listKey={listKey} />
    </MypageLayout>
  );
}

function Detail({ listKey }: { listKey: string }) {
  const [list, setList] = useState<UserList | null>(null);
  const [listError, setListError] = useState<unknown>(null);
  useEffect(() => {
    getUserList(listKey).then(setList, setListError);
  }, [listKey]);
  const { data, error, update, reload } = usePaged((page) => listUserListProducts(listKey, { page }));
  const [busy, setBusy] = useState<number | null>(null);

  async function detach(p: Product) {
    setBusy(p.id);
    try {
      setList(await detachFromList(listKey, [p.id]));
      update((items) => items.filter((x) => x.id !== p.id));
      toast.success(`「${p.name}」をリストから外しました`);
      reload();
    } catch (e) {
      toast.error(firstErrorMessage(e, 'リストから外せませんでした。'));
    } finally {
      setBusy(null);
    }
  }

  async function toggleFavorite(p: Product) {
    setBusy(p.id);
    try {
      const on = await setFavorite(p.id, !p.is_favorite);
      update((items) => applyFavorite(items, p.id, on));
    } catch (e) {
      toast.error(firstErrorMessage(e, 'お気に入りを変更できませんでした。'));
    } finally {
      setBusy(null);
    }
  }

  const failure = listError ?? error;
  if (failure) return <ErrorMessage error={failure} fallback="リストを読み込めませんでした。" />;
  if (!list || !data) return <Loading />;
  return (
    <div className="stack">
      <h2>
        {list.name}
        <span className="muted">（{list.count}件）</span>
      </h2>
      {data.items.length === 0 ? (
        <p className="panel">このリストに商品はありません。</p>
      ) : (
        <ul className="stack" style={{ listStyle: 'none', padding: 0 }} data-list-products>
          {data.items.map((p) => (
            <ProductRow key={p.id} product={p}>
              <button type="button" className="btn" aria-pressed={p.is_favorite} onClick={() => toggleFavorite(p)} disabled={busy === p.id}>
                {p.is_favorite ? 'お気に入りから削除' : 'お気に入りに追加'}
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => detach(p)}
                disabled={busy === p.id}
                aria-label={`「${p.name}」をリストから外す`}
              >
                リストから外す
              </button>
            </ProductRow>
          ))}
        </ul>
      )}
      <Pager pagination={data.pagination} base={mypageListDetailPath(listKey)} label={list.name} />
      <p>
        <a href={mypageListPath}>リスト一覧へ戻る</a>
      </p>
    </div>
  );
}
