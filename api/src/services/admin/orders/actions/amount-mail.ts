/** The 金額変更 e-mail (pure): the order's new lines and total, the reason, what changes for the payment. */
import { formatJstDateTime } from '#contracts/datetimes.ts';
import { yen } from '../../../mail/index.ts';
import type { AmountPlan } from './amount-plan.ts';

export interface AmountMailInput {
  shop: string;
  customerName: string;
  orderNo: string;
  orderedAt: Date;
  paymentName: string;
  paymentCode: string;
  before: number;
  plan: AmountPlan;
  reason: string;
  at: Date;
}

export function amountMailText(m: AmountMailInput): { subject: string; body: string } {
  const t = m.plan.pricing.order;
  const payment = {
    card: 'クレジットカードのご請求額を変更後の金額に改めました（売上の確定は商品発送時です）。',
    bank_transfer: '変更後の金額をお振込みください。',
    konbini: '変更後の金額をお支払いください。',
    cod: '商品お届け時に、変更後の金額を配達員へお支払いください。',
    deferred: '後払いのご請求額は変更後の金額となります。',
  }[m.paymentCode];
  const body = [
    `${m.customerName} 様`,
    '',
    `${m.shop}をご利用いただき、ありがとうございます。`,
    '以下のご注文の金額を変更いたしました。',
    '',
    `■ ご注文番号：${m.orderNo}`,
    `■ ご注文日時：${formatJstDateTime(m.orderedAt)}`,
    `■ 変更日時：${formatJstDateTime(m.at)}`,
    `■ 変更理由：${m.reason}`,
    '',
    '■ 変更後のご注文内容',
    ...m.plan.kept.map((k) => `${k.line.name}（${k.line.code}） × ${k.quantity}　${yen(k.priced.subtotal_with_tax)}`),
    ...m.plan.removed.map((l) => `${l.name}（${l.code}）　取り消し`),
    '',
    `商品合計：${yen(t.subtotal_with_tax)}`,
    ...(t.total_carriage ? [`送料：${yen(t.total_carriage)}`] : []),
    ...(t.total_packing ? [`ラッピング・のし：${yen(t.total_packing)}`] : []),
    ...(t.total_fee ? [`手数料：${yen(t.total_fee)}`] : []),
    ...(t.total_discount ? [`お値引き：-${yen(t.total_discount)}`] : []),
    ...(t.use_point ? [`ポイントご利用：-${yen(t.use_point)}`] : []),
    `お支払い金額合計：${yen(m.before)} → ${yen(t.total_payment)}（${m.paymentName}）`,
    ...t.amount_by_tax_rate.map((r) => `（${r.tax_rate}%対象 ${yen(r.total)} うち消費税 ${yen(r.tax)}）`),
    '',
    ...(payment ? [payment] : []),
    ...(m.plan.returnedPoint > 0 ? [`ご利用ポイントのうち${m.plan.returnedPoint.toLocaleString('ja-JP')}ポイントはお返ししました。`] : []),
    '',
    m.shop,
  ].join('\n');
  return { subject: `【${m.shop}】ご注文金額変更のお知らせ`, body };
}
