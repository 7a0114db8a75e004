/** The cancellation e-mail (pure): the same for the member's own cancel and the staff's. */
import { formatJstDateTime } from '#contracts/datetimes.ts';
import { yen } from '../mail/index.ts';
import type { OrderItemRow, OrderRow } from './index.ts';

export interface CancelMailInput {
  shop: string;
  customerName: string;
  order: Pick<OrderRow, 'order_no' | 'created_at' | 'total_payment' | 'payment_name' | 'payment_status' | 'use_point'>;
  lines: Pick<OrderItemRow, 'name' | 'code' | 'quantity' | 'subtotal' | 'tax_amount'>[];
  reason: string;
  at: Date;
  /** What happens to the money: a card authorisation voided, a captured card refunded, a payment to refund by hand. */
  money: 'void' | 'refund' | 'manual' | 'none';
  shortfallPoint: number;
}

const points = (n: number) => n.toLocaleString('ja-JP');

export function cancelMailText(m: CancelMailInput): { subject: string; body: string } {
  const o = m.order;
  const money = {
    void: ['クレジットカードのご利用分は取り消します。カード会社のご利用明細への反映には時間がかかる場合があります。'],
    refund: [
      'クレジットカードでお支払いいただいた代金は、カード会社を通じてご返金します。ご利用明細への反映には時間がかかる場合があります。',
    ],
    manual: ['お支払いいただいた代金のご返金については別途ご連絡いたします。'],
    none: o.payment_status === 'pending' ? ['お支払いはまだ済んでいないため、お振込・お支払いは不要です。'] : [],
  }[m.money];
  const body = [
    `${m.customerName} 様`,
    '',
    `${m.shop}をご利用いただき、ありがとうございます。`,
    '以下のご注文のキャンセルを承りました。',
    '',
    `■ ご注文番号：${o.order_no}`,
    `■ ご注文日時：${formatJstDateTime(o.created_at)}`,
    `■ キャンセル日時：${formatJstDateTime(m.at)}`,
    `■ キャンセル理由：${m.reason}`,
    '',
    '■ ご注文内容',
    ...m.lines.map((l) => `${l.name}（${l.code}） × ${l.quantity}　${yen(l.subtotal + l.tax_amount)}`),
    `お支払い金額合計：${yen(o.total_payment)}（${o.payment_name}）`,
    '',
    ...money,
    ...(o.use_point > 0 ? [`ご利用ポイント（${points(o.use_point)}ポイント）はお返ししました。`] : []),
    ...(m.shortfallPoint > 0
      ? [
          `このご注文で付与したポイントのうち${points(m.shortfallPoint)}ポイントはすでにご利用済みのため、` +
            `${points(m.shortfallPoint)}円（1ポイント＝1円）をご返金額から差し引かせていただきます（ご返金がない場合は別途ご請求いたします）。`,
        ]
      : []),
    '',
    m.shop,
  ].join('\n');
  return { subject: `【${m.shop}】ご注文キャンセルのお知らせ`, body };
}

/** The customer's name as the order's mails greet them. */
export function customerNameOf(customer: unknown): string {
  const c = (customer ?? {}) as { last_name?: string; first_name?: string; username?: string };
  return `${c.last_name ?? ''} ${c.first_name ?? ''}`.trim() || c.username || 'お客様';
}

/** The customer's e-mail the order's mails go to, or null. */
export const customerEmailOf = (customer: unknown): string | null => ((customer ?? {}) as { email?: string | null }).email || null;
