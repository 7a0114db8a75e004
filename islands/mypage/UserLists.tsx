/**
 * /mypage/list/ (お気に入り・リスト): the member's favourite products (the hearts; 「お気に入りから削除」
 * takes one off, spec 4 store update) and their lists with item counts, each linking to /mypage/list/{key}/.
 */
import { useEffect, useState } from '../common/react.ts';
import type { Product } from '#contracts/products.ts';
import {
  applyFavorite, listFavoriteProducts, listUserLists, setFavorite, type UserList,
} from '../../src/api-client/discovery.ts';
import { firstErrorMessage } from '../../src/api-client/errors.ts';
import { mypageListDetailPath } from '../../src/lib/routes.ts';
import { toast } from '../../src/stores/toast.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import MypageLayout from './MypageLayout.tsx';
import { Pager, ProductRow, usePaged } from './discovery/shared.tsx';

export default function UserLists({ basePath }: { basePath: string }) {
  return (
    <MypageLayout>
      <div className="stack">
        <Lists />
        <Favorites basePath={basePath} />
      </div>
    </MypageLayout>
  );
}

function Lists() {
  const [lists, setLists] = useState<UserList[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => { listUserLists().then(setLists, setError); }, []);
  if (error) return <ErrorMessage error={error} fallback="リストを読み込めませんでした。" />;
  if (!lists) return <Loading />;
  return (
    <section aria-labelledby="lists-title" className="stack">
      <h2 id="lists-title">リスト</h2>
      <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
        {lists.map((l) => (
          <li key={l.key} className="panel"><a href={mypageListDetailPath(l.key)}>{l.name}</a> <span className="muted">（{l.count}件）</span></li>
        ))}
      </ul>
    </section>
  );
}

function Favorites({ basePath }: { basePath: string }) {
  const { data, error, update } = usePaged((page) => listFavoriteProducts({ page }));
  const [busy, setBusy] = useState<number | null>(null);

  async function toggle(p: Product) {
    setBusy(p.id);
    try {
      const on = await setFavorite(p.id, !p.is_favorite);
      update((items) => applyFavorite(items, p.id, on));
      toast.success(on ? `「${p.name}」をお気に入りに追加しました` : `「${p.name}」をお気に入りから削除しました`);
    } catch (e) {
      // Spec 8: the server's message.
      toast.error(firstErrorMessage(e, 'お気に入りを変更できませんでした。'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="favorites-title" className="stack">
      <h2 id="favorites-title">お気に入り商品</h2>
      {error ? <ErrorMessage error={error} fallback="お気に入り商品を読み込めませんでした。" />
        : !data ? <Loading />
        : data.items.length === 0 ? <p className="panel">お気に入りに登録した商品はありません。</p>
        : (
          <>
            <ul className="stack" style={{ listStyle: 'none', padding: 0 }} data-favorite-products>
              {data.items.map((p) => (
                <ProductRow key={p.id} product={p}>
                  <button type="button" className="btn" aria-pressed={p.is_favorite} onClick={() => toggle(p)} disabled={busy === p.id}>
                    {p.is_favorite ? 'お気に入りから削除' : 'お気に入りに追加'}
                  </button>
                </ProductRow>
              ))}
            </ul>
            <Pager pagination={data.pagination} base={basePath} label="お気に入り商品" />
          </>
        )}
    </section>
  );
}
