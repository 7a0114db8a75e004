/**
 * The cart's shipments as the confirmation shows them: each address with its lines, delivery date
 * and time (指定なし when none), wrapping and のし with their fees, and its carriage; then the 備考.
 * The my-page order detail shows a decided order's shipments with it too.
 */
import type { Cart } from '#api-client/core/types.ts';
import { formatDayWithWeekday } from '#contracts/dates.ts';
import { formatYen } from '#lib/money.ts';

/** What the list needs: a cart, or an order's shipments in the cart's shape (toShipments in OrderDetail.tsx). */
export type Shipments = {
  deliveries: Cart['deliveries'];
  lines: Array<Pick<Cart['lines'][number], 'key' | 'name' | 'quantity'>>;
  note?: string;
};

export default function ShipmentList({ cart }: { cart: Shipments }) {
  const many = cart.deliveries.length > 1;
  const nameOf = (key: string) => cart.lines.find((l) => l.key === key);
  return (
    <div className="stack">
      {cart.deliveries.map((d, n) => {
        const a = d.address;
        return (
          <section key={d.id} className="panel" aria-label={many ? `お届け先${n + 1}` : 'お届け先'}>
            {many && <h3>お届け先{n + 1}</h3>}
            <p>
              {a.shipping_name || `${a.last_name} ${a.first_name}`} 様<br />
              {a.full_address}
              {(a.phone_number || a.cell_phone_number) && (
                <>
                  <br />
                  電話番号：{a.phone_number || a.cell_phone_number}
                </>
              )}
            </p>
            <ul>
              {(d.productKeys ?? []).map((k) => {
                const line = nameOf(k);
                return line ? (
                  <li key={k}>
                    {line.name} × {line.quantity}点
                  </li>
                ) : null;
              })}
            </ul>
            <dl className="totals">
              <dt>お届け希望日時</dt>
              <dd>
                {d.deliveryDate ? formatDayWithWeekday(d.deliveryDate) : '指定なし'} {d.deliveryTimezoneLabel ?? '指定なし'}
              </dd>
              <dt>ラッピング</dt>
              <dd>{d.packingName ? `${d.packingName}（${formatYen(d.packingFee ?? 0)}）` : 'なし'}</dd>
              <dt>のし</dt>
              <dd>
                {d.noshiType ? `${d.noshiType}${d.noshiName ? `（名入れ：${d.noshiName}）` : ''}（${formatYen(d.noshiFee ?? 0)}）` : 'なし'}
              </dd>
              <dt>送料</dt>
              <dd>{(d.carriage ?? 0) === 0 ? '無料' : formatYen(d.carriage ?? 0)}</dd>
            </dl>
          </section>
        );
      })}
      {cart.note ? (
        <p>
          <strong>備考：</strong>
          <span className="pre-line">{cart.note}</span>
        </p>
      ) : null}
    </div>
  );
}
