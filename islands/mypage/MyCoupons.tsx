/** The member's coupons on the my-page top: code, what it gives, conditions, period, used or not. */

import { getMyPoints, listMyCoupons, type MyCoupon, type PointSummary } from '#api-client/mypage/benefits.ts';
import { formatDate } from '#lib/date.ts';
import { formatYen } from '#lib/money.ts';
import { mypagePointPath } from '#lib/mypage-routes.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import { useEffect, useState } from '../common/react.ts';

const gives = (c: MyCoupon) =>
  c.discount_type === 'percent'
    ? `${c.discount_value}%OFF${c.max_discount != null ? `（上限${formatYen(c.max_discount)}）` : ''}`
    : `${formatYen(c.discount_value)}OFF`;

export default function MyCoupons() {
  const [coupons, setCoupons] = useState<MyCoupon[] | null>(null);
  const [points, setPoints] = useState<PointSummary | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    Promise.all([listMyCoupons({ per: 20 }), getMyPoints()]).then(
      ([c, p]) => {
        if (live) {
          setCoupons(c.items);
          setPoints(p);
        }
      },
      (e: unknown) => {
        if (live) setError(e);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  if (error) return <ErrorMessage error={error} fallback="クーポン・ポイントを読み込めませんでした。" />;
  return <Panels coupons={coupons} points={points} />;
}

/** The points and coupons panels; with nulls their loading state (also the page's HTML before the island runs). */
export function Panels({ coupons, points }: { coupons: MyCoupon[] | null; points: PointSummary | null }) {
  return (
    <>
      <section aria-labelledby="mypage-points" className="panel">
        <h2 id="mypage-points">ポイント</h2>
        <p>
          保有ポイント：<strong>{points ? `${points.point_balance.toLocaleString('ja-JP')}ポイント` : '…'}</strong>　
          <a href={mypagePointPath}>ポイント履歴を見る</a>
        </p>
      </section>
      <section aria-labelledby="mypage-coupons" className="panel">
        <h2 id="mypage-coupons">ご利用いただけるクーポン</h2>
        {!coupons ? (
          <p className="muted">読み込んでいます…</p>
        ) : coupons.length === 0 ? (
          <p>ご利用いただけるクーポンはありません。</p>
        ) : (
          <ul className="coupon-list">
            {coupons.map((c) => (
              <li key={c.id}>
                <strong>{c.name}</strong> {c.used_at ? <span className="muted">（{formatDate(c.used_at)} ご利用済み）</span> : null}
                <br />
                クーポンコード：<code>{c.code}</code>　{gives(c)}
                {c.min_total > 0 && <>　{formatYen(c.min_total)}以上のご注文で</>}
                {c.ends_at && <>　{formatDate(c.ends_at)}まで</>}
                {c.description && (
                  <>
                    <br />
                    <span className="muted">{c.description}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
