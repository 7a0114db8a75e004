/**
 * Order history (/mypage/order_history/?page=N): order number (link to the detail), date
 * YYYY.MM.DD, status and total, newest first, 10 per page.
 */
import { listOrders } from '#api-client/mypage/orders.ts';
import type { Order } from '#contracts/orders.ts';
import { formatDate, isoDate } from '#lib/date.ts';
import { formatYen } from '#lib/money.ts';
import { orderDetailPath } from '#lib/mypage-routes.ts';
import { orderHistoryPath } from '#lib/routes.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';
import { useRead } from './use-read.ts';

/** The order list in the my-page frame. */
export default function OrderHistory() {
  return (
    <MypageLayout>
      <OrderList />
    </MypageLayout>
  );
}

/** ?page= as a positive integer (1 when absent or invalid). */
export function readPage(search: string): number {
  const n = Number.parseInt(new URLSearchParams(search).get('page') ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** What the member paid for an order. */
export const orderTotal = (order: Order): number => order.user_order_total_payment;

function OrderList() {
  // Another page is another page load (the links below), so the page is read once.
  const [page] = useState(() => readPage(window.location.search));
  const { data, error } = useRead(`orders:${page}`, (signal) => listOrders({ page }, { signal }));

  if (error) return <ErrorMessage error={error} fallback="注文履歴を読み込めませんでした。" />;
  if (!data) return <Loading />;
  if (data.items.length === 0) return <p className="panel">ご注文履歴はありません。</p>;
  const { current, last } = data.pagination;

  return (
    <div className="stack">
      <table className="orders stacked-table">
        <caption className="visually-hidden">
          注文履歴（{current} / {last}ページ）
        </caption>
        <thead>
          <tr>
            <th scope="col">ご注文番号</th>
            <th scope="col">ご注文日</th>
            <th scope="col">ステータス</th>
            <th scope="col" className="num">
              お支払い合計
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <a href={orderDetailPath(order.id)}>{order.order_no}</a>
              </th>
              <td data-label="ご注文日">
                <time dateTime={isoDate(order.ordered_at)}>{formatDate(order.ordered_at)}</time>
              </td>
              <td data-label="ステータス">{order.status_label}</td>
              <td className="num" data-label="お支払い合計">
                {formatYen(orderTotal(order))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {last > 1 && (
        <nav aria-label="注文履歴のページ送り" className="actions" style={{ justifyContent: 'center' }}>
          {current > 1 && (
            <a className="btn" href={orderHistoryPath(current - 1)} rel="prev">
              前へ
            </a>
          )}
          <span className="muted">
            {current} / {last}
          </span>
          {current < last && (
            <a className="btn" href={orderHistoryPath(current + 1)} rel="next">
              次へ
            </a>
          )}
        </nav>
      )}
    </div>
  );
}
