/**
 * /mypage/name-embroidery/ (名入れ刺繍): the member's saved embroidery (text, typeface, thread colour
 * and a preview) with 「編集する」, or 「登録する」 while none is saved.
 */

import { type NameEmbroidery as Embroidery, getNameEmbroidery } from '#api-client/mypage/memorials.ts';
import { EMBROIDERY_COLORS, EMBROIDERY_FONTS } from '#contracts/memorial-choices.ts';
import { mypageNameEmbroideryEditPath } from '#lib/mypage-routes.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';
import NameEmbroideryPreview from './NameEmbroideryPreview.tsx';

export const EMBROIDERY_SAVED = '名入れ刺繍を保存しました';

export default function NameEmbroidery() {
  return (
    <MypageLayout>
      <Show />
    </MypageLayout>
  );
}

function Show() {
  const [data, setData] = useState<Embroidery | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [saved] = useState(() => new URLSearchParams(window.location.search).get('done') === 'saved');
  useEffect(() => {
    const ac = new AbortController();
    getNameEmbroidery({ signal: ac.signal }).then(setData, (e) => {
      if (!ac.signal.aborted) setError(e);
    });
    return () => ac.abort();
  }, []);

  if (error) return <ErrorMessage error={error} fallback="名入れ刺繍を読み込めませんでした。" />;
  if (data === undefined) return <Loading />;
  return (
    <div className="stack">
      {saved && (
        <p className="notice" role="status">
          {EMBROIDERY_SAVED}
        </p>
      )}
      <p className="muted">名入れに対応した商品をご注文の際に、ここで登録した文字・書体・糸の色で刺繍します。</p>
      {data === null ? (
        <>
          <p className="panel">名入れ刺繍は登録されていません。</p>
          <p>
            <a className="btn btn-primary" href={mypageNameEmbroideryEditPath}>
              名入れ刺繍を登録する
            </a>
          </p>
        </>
      ) : (
        <>
          <dl className="panel" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '.25rem 1rem' }}>
            <dt>刺繍する文字</dt>
            <dd style={{ margin: 0 }}>{data.text}</dd>
            <dt>書体</dt>
            <dd style={{ margin: 0 }}>{EMBROIDERY_FONTS[data.font]}</dd>
            <dt>糸の色</dt>
            <dd style={{ margin: 0 }}>{EMBROIDERY_COLORS[data.color].label}</dd>
          </dl>
          <NameEmbroideryPreview text={data.text} font={data.font} color={data.color} />
          <p>
            <a className="btn btn-primary" href={mypageNameEmbroideryEditPath}>
              名入れ刺繍を編集する
            </a>
          </p>
        </>
      )}
    </div>
  );
}
