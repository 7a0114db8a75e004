/**
 * One order (/mypage/order_history/{id}/): number, date, status, items, totals, each shipment
 * (address, date and time, wrapping, のし, carriage), 備考, payment; 「注文をキャンセルする」 while
 * not shipped (OrderCancel.tsx) and 「領収書をダウンロード」 unless cancelled (OrderReceipt.tsx). Those two
 * forms (their validation and calls) are loaded once the order is shown (Deferred), not with the page.
 */
import { toTotals } from '#api-client/cart/reshape.ts';
import { getOrder } from '#api-client/mypage/orders.ts';
import { CANCEL_WARNINGS } from '#contracts/order-limits.ts';
import type { Order } from '#contracts/orders.ts';
import { formatDateTime } from '#lib/date.ts';
import { orderHistoryPath } from '#lib/routes.ts';
import { type SummaryItem, SummaryItems, SummaryTotals } from '../checkout/OrderSummary.tsx';
import ShipmentList, { type Shipments } from '../checkout/ShipmentList.tsx';
import Deferred from '../common/Deferred.tsx';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';
import { useRead } from './use-read.ts';

/** Whether the member may still cancel the order (the API says the same: only before shipping). */
export const isCancellable = (order: Pick<Order, 'status'>) => order.status === 'ordered';
const loadCancel = () => import('./OrderCancel.tsx');
const loadReceipt = () => import('./OrderReceipt.tsx');

interface Props {
  orderId: string;
}

/** The order in the my-page frame. */
export default function OrderDetail({ orderId }: Props) {
  return (
    <MypageLayout>
      <OrderView orderId={orderId} />
    </MypageLayout>
  );
}

/** Order lines in the summary's shape. */
export function orderSummaryItems(order: Order): SummaryItem[] {
  return order.items.map((item) => ({
    key: item.key,
    name: item.name,
    image: item.image,
    href: null,
    unitPriceWithTax: item.unit_price_with_tax,
    quantity: item.quantity,
    subtotalWithTax: item.subtotal_with_tax,
    taxRate: item.tax_rate,
    embroidery: item.embroidery ?? null,
  }));
}

/** The order's shipments in the shape the checkout's list shows (an order has no address-book link). */
export function orderShipments(order: Order): Shipments {
  return {
    deliveries: order.shippings.map((s, i) => ({
      id: i + 1,
      userAddressId: null,
      address: s.address,
      productKeys: s.product_keys,
      deliveryDate: s.delivery_date,
      deliveryTimezoneLabel: s.delivery_timezone_label,
      packingName: s.packing_name,
      packingFee: s.packing_fee,
      noshiType: s.noshi_type,
      noshiName: s.noshi_name,
      noshiFee: s.noshi_fee,
      carriage: s.carriage,
    })),
    lines: order.items.map((i) => ({ key: i.key, name: i.name, quantity: i.quantity })),
    note: order.note ?? '',
  };
}

/** The earned points' label: pending (付与予定) until the order is paid or shipped, or cancelled with it. */
const earnLabel = (order: Order) =>
  (({ pending: '獲得予定ポイント', cancelled: '獲得ポイント（取消）' }) as Record<string, string>)[order.earn_point_state?.status ?? ''] ??
  '獲得ポイント';

function OrderView({ orderId }: Props) {
  const { data: loaded, error } = useRead(orderId, (signal) => getOrder(orderId, { signal }));
  // The cancellation's answer, shown at once.
  const [cancelled, setCancelled] = useState<Order | null>(null);
  const order = cancelled ?? loaded;

  if (error) {
    const notFound = typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
    return notFound ? (
      <p className="alert" role="alert">
        ご注文が見つかりませんでした。
      </p>
    ) : (
      <ErrorMessage error={error} />
    );
  }
  if (!order) return <Loading />;
  const warning = order.cancel_only_ecd_key
    ? (CANCEL_WARNINGS[order.cancel_only_ecd_key] ?? 'キャンセルの処理に確認が必要な点があります。お問い合わせください。')
    : null;

  return (
    <div className="stack">
      <dl className="totals order-meta">
        <dt>ご注文番号</dt>
        <dd>{order.order_no}</dd>
        <dt>ご注文日時</dt>
        <dd>{formatDateTime(order.ordered_at)}</dd>
        <dt>ステータス</dt>
        <dd>{order.status_label}</dd>
        <dt>お支払い方法</dt>
        <dd>{order.payment_name}</dd>
      </dl>
      {cancelled && (
        <p className="notice" role="status">
          ご注文をキャンセルしました。
        </p>
      )}
      {order.cancel_reason && <p className="notice">キャンセル理由：{order.cancel_reason}</p>}
      {warning && (
        <p className="alert" role="alert">
          {warning}
        </p>
      )}
      <section aria-labelledby="order-items">
        <h2 id="order-items">ご注文商品</h2>
        <SummaryItems items={orderSummaryItems(order)} caption="ご注文商品" />
      </section>
      <section className="panel" aria-labelledby="order-totals">
        <h2 id="order-totals" className="visually-hidden">
          ご請求金額
        </h2>
        <SummaryTotals totals={toTotals(order.order)} pointLabel={earnLabel(order)} />
        {order.earn_point_state?.note && <p className="muted">{order.earn_point_state.note}</p>}
      </section>
      <section aria-labelledby="order-address">
        <h2 id="order-address">お届け先</h2>
        {/* A social gift: the receiver's address is never shown to the sender, only the gift's status. */}
        {order.social_gift && (
          <p>
            ソーシャルギフト：<strong>{order.social_gift.status_label}</strong>
          </p>
        )}
        {order.shippings.length > 0 && <ShipmentList cart={orderShipments(order)} />}
      </section>
      {order.status !== 'cancelled' && <Deferred load={loadReceipt} props={{ order }} />}
      {isCancellable(order) && <Deferred key={order.id} load={loadCancel} props={{ order, onCancelled: setCancelled }} />}
      <p>
        <a href={orderHistoryPath()}>注文履歴に戻る</a>
      </p>
    </div>
  );
}
