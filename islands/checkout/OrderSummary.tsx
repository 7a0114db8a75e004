/**
 * Items and totals of a cart or an order (the confirm screen and the order detail share it):
 * 小計, 送料, 手数料, 消費税 with the 10 % / 8 % breakdown, お支払い合計.
 */
import type { Totals } from '#api-client/core/types.ts';
import { embroideryLabel, embroideryOf } from '#contracts/embroidery-choices.ts';
import { formatYen } from '#lib/money.ts';

export interface SummaryItem {
  key: string;
  name: string;
  image: string | null;
  href: string | null;
  unitPriceWithTax: number;
  quantity: number;
  subtotalWithTax: number;
  taxRate: number;
  /** The line's 名入れ刺繍 (a cart line's as the API sent it: checked by embroideryOf), shown under its name. */
  embroidery?: unknown;
}

/** 「名入れ：…（書体・色）」 under a line's name, when it has an embroidery. */
function EmbroideryNote({ embroidery }: { embroidery: unknown }) {
  const e = embroideryOf(embroidery);
  return (
    e && (
      <span className="summary-embroidery" style={{ display: 'block', fontWeight: 'normal' }}>
        {embroideryLabel(e)}
      </span>
    )
  );
}

/** The lines as a table: product, unit price, quantity, subtotal (all tax-inclusive); phones stack each row (data-label names its values). */
export function SummaryItems({ items, caption }: { items: SummaryItem[]; caption: string }) {
  return (
    <table className="summary-items stacked-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">商品</th>
          <th scope="col" className="num">
            単価（税込）
          </th>
          <th scope="col" className="num">
            数量
          </th>
          <th scope="col" className="num">
            小計（税込）
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.key}>
            <th scope="row">
              {item.href ? <a href={item.href}>{item.name}</a> : item.name}
              {item.taxRate === 8 && <span className="muted">（※軽減税率対象）</span>}
              <EmbroideryNote embroidery={item.embroidery} />
            </th>
            <td className="num" data-label="単価（税込）">
              {formatYen(item.unitPriceWithTax)}
            </td>
            <td className="num" data-label="数量">
              {item.quantity}
            </td>
            <td className="num" data-label="小計（税込）">
              {formatYen(item.subtotalWithTax)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The totals block, from the storefront's Totals (the API client's toTotals). */
export function SummaryTotals({ totals, pointLabel = '獲得予定ポイント' }: { totals: Totals; pointLabel?: string }) {
  return (
    <dl className="totals">
      <dt>小計</dt>
      <dd>{formatYen(totals.subtotalWithTax)}</dd>
      <dt>送料</dt>
      <dd>{totals.carriage === 0 ? '無料' : formatYen(totals.carriage)}</dd>
      {(totals.packing ?? 0) > 0 && (
        <>
          <dt>ラッピング・のし</dt>
          <dd>{formatYen(totals.packing ?? 0)}</dd>
        </>
      )}
      <dt>手数料</dt>
      <dd>{formatYen(totals.fee)}</dd>
      {totals.discount > 0 && (
        <>
          <dt>クーポン割引</dt>
          <dd>-{formatYen(totals.discount)}</dd>
        </>
      )}
      {totals.usePoint > 0 && (
        <>
          <dt>ポイント利用</dt>
          <dd>-{formatYen(totals.usePoint)}</dd>
        </>
      )}
      <dt>消費税</dt>
      <dd>{formatYen(totals.tax)}</dd>
      {totals.byTaxRate.map((r) => (
        <div key={r.taxRate} className="totals-sub">
          <dt>
            （{r.taxRate}%対象 <span className="amount">{formatYen(r.total)}</span>）
          </dt>
          <dd>内消費税 {formatYen(r.tax)}</dd>
        </div>
      ))}
      <dt className="grand">お支払い合計（税込）</dt>
      <dd className="grand">{formatYen(totals.payment)}</dd>
      {totals.earnPoint > 0 && (
        <>
          <dt>{pointLabel}</dt>
          <dd>{totals.earnPoint.toLocaleString('ja-JP')}ポイント</dd>
        </>
      )}
    </dl>
  );
}
