/**
 * /mypage/memorial/ (記念日): the member's memorial days in calendar order, with 「編集」 and 「削除」
 * (asked once more before deleting) and 「記念日を登録する」 while below the x-limit maximum.
 */

import { firstErrorMessage } from '#api-client/core/errors.ts';
import { deleteMemorial, type MemorialList as List, listMemorials, type Memorial } from '#api-client/mypage/memorials.ts';
import { MEMORIAL_DIVISIONS, type MemorialDivision } from '#contracts/memorial-choices.ts';
import { mypageMemorialAddPath, mypageMemorialEditPath } from '#lib/mypage-routes.ts';
import { toast } from '#stores/toast.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useRef, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';

/** What the add and edit screens leave in the address (?done=…) for the list to say. */
export const MEMORIAL_DONE = { added: '記念日を登録しました', updated: '記念日を更新しました' } as const;

export default function MemorialList() {
  return (
    <MypageLayout>
      <Memorials />
    </MypageLayout>
  );
}

export const divisionLabel = (code: number): string => MEMORIAL_DIVISIONS[code as MemorialDivision] ?? 'その他';
export const dayLabel = (m: Pick<Memorial, 'month' | 'date'>): string => `${m.month}月${m.date}日`;

function doneNotice(): string | null {
  const done = new URLSearchParams(window.location.search).get('done');
  return done && done in MEMORIAL_DONE ? MEMORIAL_DONE[done as keyof typeof MEMORIAL_DONE] : null;
}

function Memorials() {
  const [data, setData] = useState<List | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice] = useState(doneNotice);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const ac = new AbortController();
    listMemorials({ signal: ac.signal }).then(setData, (e) => {
      if (!ac.signal.aborted) setError(e);
    });
    return () => ac.abort();
  }, []);

  async function remove(m: Memorial) {
    setBusy(true);
    try {
      await deleteMemorial(m.id);
      setData((d) => (d ? { ...d, items: d.items.filter((x) => x.id !== m.id) } : d));
      setConfirming(null);
      toast.success(`「${m.name}」を削除しました`);
    } catch (e) {
      toast.error(firstErrorMessage(e, '削除できませんでした。'));
    } finally {
      setBusy(false);
    }
  }

  if (error) return <ErrorMessage error={error} fallback="記念日を読み込めませんでした。" />;
  if (!data) return <Loading />;
  const full = data.limit !== null && data.items.length >= data.limit;
  return (
    <div className="stack">
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <p className="muted">
        大切な方の誕生日や記念日を登録しておくと、お知らせメールを受け取れます。{data.limit !== null && `（${data.limit}件まで）`}
      </p>
      {full ? (
        <p className="notice">登録できる記念日は{data.limit}件までです。新しく登録するには、不要な記念日を削除してください。</p>
      ) : (
        <p>
          <a className="btn btn-primary" href={mypageMemorialAddPath}>
            記念日を登録する
          </a>
        </p>
      )}
      {data.items.length === 0 ? (
        <p className="panel">登録されている記念日はありません。</p>
      ) : (
        <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="登録済みの記念日">
          {data.items.map((m) => (
            <li key={m.id} className="panel">
              <MemorialItem
                memorial={m}
                confirming={confirming === m.id}
                busy={busy}
                onAsk={() => setConfirming(m.id)}
                onCancel={() => setConfirming(null)}
                onConfirm={() => remove(m)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MemorialItem({
  memorial: m,
  confirming,
  busy,
  onAsk,
  onCancel,
  onConfirm,
}: {
  memorial: Memorial;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) askRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  return (
    <div className="stack">
      <dl className="memorial" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '.25rem 1rem', margin: 0 }}>
        <dt>記念日名</dt>
        <dd style={{ margin: 0 }}>{m.name}</dd>
        <dt>日付</dt>
        <dd style={{ margin: 0 }}>{dayLabel(m)}</dd>
        <dt>お名前</dt>
        <dd style={{ margin: 0 }}>{m.target_user_name}</dd>
        <dt>区分</dt>
        <dd style={{ margin: 0 }}>{divisionLabel(m.division_ct)}</dd>
        <dt>お知らせメール</dt>
        <dd style={{ margin: 0 }}>{m.call ? '受け取る' : '受け取らない'}</dd>
      </dl>
      {confirming ? (
        <div role="group" aria-label={`「${m.name}」の削除の確認`} className="notice">
          <p style={{ marginTop: 0 }}>
            「{m.name}」（{dayLabel(m)}）を削除します。よろしいですか？
          </p>
          <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
            <button ref={confirmRef} type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy} aria-busy={busy}>
              削除する
            </button>
            <button type="button" className="btn" onClick={onCancel} disabled={busy}>
              キャンセル
            </button>
          </div>
        </div>
      ) : (
        <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
          <a className="btn" href={mypageMemorialEditPath(m.id)} aria-label={`「${m.name}」を編集`}>
            編集
          </a>
          <button ref={askRef} type="button" className="btn" onClick={onAsk} aria-label={`「${m.name}」を削除`}>
            削除
          </button>
        </div>
      )}
    </div>
  );
}
