/**
 * /mypage/list/ (お気に入り・リスト): the member's favourite products (the hearts; 「お気に入りから削除」
 * takes one off, spec 4 store update) and their lists with item counts, each linking to /mypage/list/{key}/.
 * Lists are created, renamed and deleted here (the default list is never deleted); the page updates in place.
 */

import { firstErrorMessage } from '#api-client/core/errors.ts';
import {
  applyFavorite,
  createUserList,
  deleteUserList,
  listFavoriteProducts,
  listUserLists,
  renameUserList,
  setFavorite,
  type UserList,
} from '#api-client/mypage/discovery.ts';
import { USER_LIST_LIMIT } from '#contracts/discovery-limits.ts';
import type { Product } from '#contracts/products.ts';
import { toast } from '#stores/toast.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useRef, useState } from '../common/react.ts';
import { Pager, ProductRow, usePaged } from './discovery/shared.tsx';
import { ListNameForm, ListRow } from './discovery/user-list-forms.tsx';
import MypageLayout from './MypageLayout.tsx';

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
  // Bumped after a create: a fresh form (empty, no errors) that keeps the focus.
  const [created, setCreated] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    listUserLists().then(setLists, setError);
  }, []);
  if (error) return <ErrorMessage error={error} fallback="リストを読み込めませんでした。" />;
  if (!lists) return <Loading />;

  async function create(name: string) {
    const list = await createUserList(name);
    setLists((all) => [...(all ?? []), list]);
    setCreated((n) => n + 1);
    toast.success(`リスト「${list.name}」を作成しました`);
  }

  async function rename(old: UserList, name: string) {
    const list = await renameUserList(old.key, name);
    setLists((all) => all?.map((l) => (l.key === list.key ? list : l)) ?? null);
    toast.success(`リスト名を「${list.name}」に変更しました`);
  }

  async function remove(list: UserList) {
    try {
      await deleteUserList(list.key);
    } catch (e) {
      toast.error(firstErrorMessage(e, 'リストを削除できませんでした。'));
      throw e;
    }
    setLists((all) => all?.filter((l) => l.key !== list.key) ?? null);
    heading.current?.focus(); // the row and its buttons are gone
    toast.success(`リスト「${list.name}」を削除しました`);
  }

  return (
    <section aria-labelledby="lists-title" className="stack">
      <h2 id="lists-title" ref={heading} tabIndex={-1}>
        リスト
      </h2>
      <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="リスト">
        {lists.map((l, i) => (
          <ListRow key={l.key} list={l} deletable={i > 0} rename={(name) => rename(l, name)} remove={() => remove(l)} />
        ))}
      </ul>
      {lists.length >= USER_LIST_LIMIT ? (
        <p className="notice">作成できるリストは{USER_LIST_LIMIT}件までです。新しく作成するには、不要なリストを削除してください。</p>
      ) : (
        <div className="panel stack">
          <h3 style={{ margin: 0 }}>新しいリストを作成</h3>
          <ListNameForm key={created} title="新しいリストを作成" submitLabel="作成する" save={create} autoFocus={created > 0} />
        </div>
      )}
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
      {error ? (
        <ErrorMessage error={error} fallback="お気に入り商品を読み込めませんでした。" />
      ) : !data ? (
        <Loading />
      ) : data.items.length === 0 ? (
        <p className="panel">お気に入りに登録した商品はありません。</p>
      ) : (
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
