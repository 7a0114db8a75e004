/** What the coupon and points did for a placed order (the thanks page): discount, points used and earned, the total. */
import type { Order } from '#api-client/core/types.ts';
import { formatYen } from '#lib/money.ts';

const points = (n: number) => `${n.toLocaleString('ja-JP')}ポイント`;

export default function OrderBenefits({ order }: { order: Pick<Order, 'order' | 'coupons'> }) {
  const { total_discount: discount, use_point: used, earn_point: earned = 0, total_payment: total } = order.order;
  if (!discount && !used && !earned) return null;
  const coupon = order.coupons?.[0];
  return (
    <dl className="totals panel" aria-label="クーポン・ポイント">
      {discount > 0 && (
        <>
          <dt>クーポン割引{coupon ? `（${coupon.name}）` : ''}</dt>
          <dd>-{formatYen(discount)}</dd>
        </>
      )}
      {used > 0 && (
        <>
          <dt>ポイント利用</dt>
          <dd>-{points(used)}</dd>
        </>
      )}
      <dt>お支払い合計（税込）</dt>
      <dd>{formatYen(total)}</dd>
      {earned > 0 && (
        <>
          <dt>獲得予定ポイント</dt>
          <dd>{points(earned)}</dd>
        </>
      )}
    </dl>
  );
}
