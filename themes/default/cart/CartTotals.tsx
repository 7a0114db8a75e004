/** Default CartTotals slot: subtotal with tax, carriage (無料 at 0), grand total, and how far free delivery is. */
import { formatYen } from '#lib/money.ts';
import type { SlotProps } from '../../slot-props.ts';

type Props = SlotProps['CartTotals'];

/** The cart's totals panel. */
export default function CartTotals({ totals, freeShippingFrom }: Props) {
  const toFree = freeShippingFrom === null ? 0 : freeShippingFrom - totals.subtotalWithTax;
  return (
    <section className="panel" aria-labelledby="cart-totals-title">
      <h2 id="cart-totals-title" className="visually-hidden">
        合計金額
      </h2>
      <dl className="totals">
        <dt>商品小計（税込）</dt>
        <dd>{formatYen(totals.subtotalWithTax)}</dd>
        <dt>送料</dt>
        <dd>{totals.carriage === 0 ? '無料' : formatYen(totals.carriage)}</dd>
        <dt className="grand">合計（税込）</dt>
        <dd className="grand">{formatYen(totals.payment)}</dd>
      </dl>
      {toFree > 0 && freeShippingFrom !== null && (
        <p className="muted">
          あと{formatYen(toFree)}のお買い上げで送料無料になります（{formatYen(freeShippingFrom)}以上で送料無料）。
        </p>
      )}
    </section>
  );
}
