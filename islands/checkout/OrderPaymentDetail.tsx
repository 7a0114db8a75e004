/**
 * What the shopper needs to pay, on the thanks page: the bank account and deadline (銀行振込), the
 * konbini store, payment number and deadline (コンビニ払い), the invoice notice (後払い), the card
 * (brand and last 4). Read from the order's payment detail (GET /v1/carts/order/{order_no}), which
 * Complete loads with the order so that the page appears once, at its final size.
 */

import type { OrderPayment } from '#api-client/checkout/order-payment.ts';
// The deadline is a day ("2026-12-02", read as UTC midnight, the same day in Japan): the date-time helpers'
// small file, since the thanks page does not load the checkout chunk that holds contracts/dates.ts.
import { formatJstDate } from '#contracts/datetimes.ts';
import { formatYenWithTax } from '#lib/money.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The payment part of the thanks page, loaded by Complete together with the order. */
export default function OrderPaymentDetail({ payment }: { payment: OrderPayment }) {
  const d = payment.payment_detail;
  const amount = typeof d.amount === 'number' ? formatYenWithTax(d.amount) : null;
  const rows: [string, string][] = [['お支払い方法', payment.payment_name]];
  if (d.bank_account) rows.push(['お振込先', text(d.bank_account)], ['お振込期限', formatJstDate(text(d.deadline))]);
  if (d.payment_number) {
    rows.push(
      ['お支払い先', text(d.store_name)],
      ['お支払い番号', text(d.payment_number)],
      ['お支払い期限', `${formatJstDate(text(d.deadline))} 23:59`],
    );
  }
  if (d.last4) rows.push(['カード', `${text(d.brand).toUpperCase()} **** ${text(d.last4)}`]);
  if (amount && (d.bank_account || d.payment_number)) rows.push(['お支払い金額', amount]);
  return (
    <section className="panel stack" aria-labelledby="complete-payment">
      <h2 id="complete-payment">お支払いについて</h2>
      <dl className="order-payment">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {d.notice ? <p className="notice">{text(d.notice)}</p> : null}
      {d.bank_account ? <p className="muted">ご入金の確認後、商品を発送いたします。振込手数料はお客様のご負担となります。</p> : null}
      {d.payment_number ? (
        <p className="muted">店頭のレジまたは端末でお支払い番号をお伝えください。ご入金の確認後、商品を発送いたします。</p>
      ) : null}
    </section>
  );
}
