/**
 * /mypage/card/ (クレジットカード): the member's saved cards (GET /v1/me/user-cards, main first) with
 * the maximum from its x-limit header (「登録できるカードは最大N枚です」; no add link at the limit),
 * 「いつものカードにする」 (PATCH …/{id}/use: exactly one card is いつものカード afterwards, as the
 * API answers it) and 「削除」 behind an inline confirmation (DELETE …/{id}). Card numbers are only
 * ever shown masked; the API holds none.
 */

import { deleteUserCard, listUserCardsWithLimit, setMainUserCard, type UserCardList } from '#api-client/account/user-cards.ts';
import { firstErrorMessage } from '#api-client/core/errors.ts';
import type { UserCard } from '#contracts/card-payments.ts';
import { CARD_ADDED_PARAM, mypageCardAddPath } from '#lib/mypage-routes.ts';
import { toast } from '#stores/toast.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useRef, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';

export const ADDED_MESSAGE = 'カードを登録しました';

export default function UserCards() {
  return (
    <MypageLayout>
      <CardList />
    </MypageLayout>
  );
}

/** 「VISA **** 4242」. */
export const cardLabel = (c: UserCard) => `${c.brand.toUpperCase()} ${c.masked_number}`;
/** YYYYMM as 「YYYY/MM」. */
export const showExpiration = (yyyymm: string) => (/^\d{6}$/.test(yyyymm) ? `${yyyymm.slice(0, 4)}/${yyyymm.slice(4)}` : yyyymm);

function CardList() {
  const [list, setList] = useState<UserCardList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [added] = useState(() => new URLSearchParams(window.location.search).get(CARD_ADDED_PARAM) === '1');
  // Keyboard focus after the confirmation closes: back on the card's 「削除」, or on the list after a delete.
  const deleteButtons = useRef(new Map<number, HTMLButtonElement>());
  const listRef = useRef<HTMLUListElement>(null);
  const [refocus, setRefocus] = useState<number | 'list' | null>(null);
  useEffect(() => {
    if (refocus === null) return;
    if (refocus === 'list') listRef.current?.focus();
    else deleteButtons.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);

  function load(signal?: AbortSignal) {
    return listUserCardsWithLimit({ signal }).then(setList, (e) => {
      if (!signal?.aborted) setError(e);
    });
  }

  useEffect(() => {
    if (added) {
      const url = new URL(window.location.href);
      url.searchParams.delete(CARD_ADDED_PARAM);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [added]);

  async function makeMain(card: UserCard) {
    setBusy(card.id);
    try {
      const main = await setMainUserCard(card.id);
      setList((l) => l && { ...l, cards: l.cards.map((c) => ({ ...c, is_main: c.id === main.id })) });
      toast.success(`${cardLabel(card)}をいつものカードにしました`);
    } catch (e) {
      toast.error(firstErrorMessage(e, 'いつものカードを変更できませんでした。'));
      void load();
    } finally {
      setBusy(null);
    }
  }

  async function remove(card: UserCard) {
    setBusy(card.id);
    try {
      await deleteUserCard(card.id);
      setConfirming(null);
      setRefocus('list');
      toast.success(`${cardLabel(card)}を削除しました`);
      // The API may have made another card main: show its list as it is now.
      await load();
    } catch (e) {
      toast.error(firstErrorMessage(e, 'カードを削除できませんでした。'));
      void load();
    } finally {
      setBusy(null);
    }
  }

  if (error) return <ErrorMessage error={error} fallback="カード情報を読み込めませんでした。" />;
  if (!list) return <Loading />;
  const { cards, limit } = list;
  const full = limit !== undefined && cards.length >= limit;

  return (
    <div className="stack">
      {added && (
        <p className="notice" role="status">
          {ADDED_MESSAGE}
        </p>
      )}
      {limit !== undefined && <p>登録できるカードは最大{limit}枚です</p>}
      {cards.length === 0 ? (
        <p className="panel">登録されているカードはありません。</p>
      ) : (
        <ul ref={listRef} tabIndex={-1} className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="登録済みのカード">
          {cards.map((c) => (
            <li key={c.id} className="panel stack">
              <p style={{ margin: 0 }}>
                <strong>{cardLabel(c)}</strong>
                {c.is_main && (
                  <>
                    {'　'}
                    <span className="card-main">いつものカード</span>
                  </>
                )}
              </p>
              <p className="muted" style={{ margin: 0 }}>
                有効期限 {showExpiration(c.expiration)}　名義 {c.name}
              </p>
              {confirming === c.id ? (
                <DeleteConfirm
                  card={c}
                  busy={busy === c.id}
                  onDelete={() => void remove(c)}
                  onCancel={() => {
                    setConfirming(null);
                    setRefocus(c.id);
                  }}
                />
              ) : (
                <div className="actions">
                  {!c.is_main && (
                    <button
                      type="button"
                      className="btn"
                      onClick={() => void makeMain(c)}
                      disabled={busy !== null}
                      aria-label={`${cardLabel(c)}をいつものカードにする`}
                    >
                      いつものカードにする
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn"
                    ref={(el) => {
                      if (el) deleteButtons.current.set(c.id, el);
                      else deleteButtons.current.delete(c.id);
                    }}
                    onClick={() => setConfirming(c.id)}
                    disabled={busy !== null}
                    aria-label={`${cardLabel(c)}を削除`}
                  >
                    削除
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="muted">登録できる枚数の上限に達しています。新しいカードを登録するには、登録済みのカードを削除してください。</p>
      ) : (
        <p>
          <a className="btn btn-primary" href={mypageCardAddPath}>
            カードを登録する
          </a>
        </p>
      )}
    </div>
  );
}

function DeleteConfirm({ card, busy, onDelete, onCancel }: { card: UserCard; busy: boolean; onDelete: () => void; onCancel: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancel.current?.focus();
  }, []);
  return (
    <div role="group" aria-label={`${cardLabel(card)}の削除の確認`} className="stack">
      <p style={{ margin: 0 }}>{cardLabel(card)}を削除しますか？この操作は取り消せません。</p>
      <div className="actions">
        <button type="button" ref={cancel} className="btn" onClick={onCancel} disabled={busy}>
          キャンセル
        </button>
        <button type="button" className="btn btn-primary" onClick={onDelete} disabled={busy} aria-busy={busy}>
          削除する
        </button>
      </div>
    </div>
  );
}
