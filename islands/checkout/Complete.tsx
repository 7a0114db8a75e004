/**
 * Checkout done (/cart/complete/?order_no=...): thanks and the order number. The number comes from
 * the URL the confirm step built; the order itself is in the member's order history.
 */
import { useState } from 'react';

/** The order number from ?order_no= (letters, digits and hyphens only), or null. */
export function readOrderNo(search: string): string | null {
  const value = new URLSearchParams(search).get('order_no');
  return value && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : null;
}

/** Thanks message, order number and where to go next. */
export default function Complete() {
  const [orderNo] = useState(() => readOrderNo(window.location.search));
  return (
    <div className="stack complete">
      <h1>ご注文ありがとうございました</h1>
      {orderNo && <p className="order-no">ご注文番号：{orderNo}</p>}
      <p>ご注文内容の確認メールをお送りしました。ご注文の状況はマイページの注文履歴からご確認いただけます。</p>
      <div className="actions" style={{ justifyContent: 'flex-start' }}>
        <a className="btn btn-primary" href="/mypage/order_history/">注文履歴を見る</a>
        <a className="btn" href="/">トップページへ</a>
      </div>
    </div>
  );
}
