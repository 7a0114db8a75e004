/**
 * The shipping e-mail (pure), one per shipment: carrier, 伝票番号 and the tracking link
 * (contracts/admin-order-actions.ts trackingUrl; a carrier without one says to ask it), the delivery's
 * address and date, the lines shipped. A social gift's sender never sees the receiver's address
 * (spec "Social gift"): their mail says the gift left for its receiver.
 */

import type { DeliveryAddress } from '#contracts/addresses.ts';
import { CARRIERS, type Carrier, trackingUrl } from '#contracts/admin-order-actions.ts';
import { formatDayWithWeekday } from '#contracts/dates.ts';
import { formatJstDate } from '#contracts/datetimes.ts';
import { timezoneLabelOf } from '#contracts/delivery-choices.ts';

export interface ShipMailInput {
  shop: string;
  customerName: string;
  orderNo: string;
  orderedAt: Date;
  shippedAt: Date;
  carrier: Carrier;
  trackingNo: string;
  /** The delivery (orders.shippings[n]); null address for a gift: never shown to the sender. */
  delivery: { address: DeliveryAddress | null; delivery_date?: string | null; delivery_timezone?: string | null };
  isGift: boolean;
  lines: { name: string; code: string; quantity: number }[];
  /** 「お届け先2」 when the order has several deliveries. */
  label: string | null;
}

export function shipMailText(m: ShipMailInput): { subject: string; body: string } {
  const url = trackingUrl(m.carrier, m.trackingNo);
  const a = m.delivery.address;
  const when = m.delivery.delivery_date
    ? `${formatDayWithWeekday(m.delivery.delivery_date)}（${timezoneLabelOf(m.delivery.delivery_timezone ?? null)}）`
    : null;
  const body = [
    `${m.customerName} 様`,
    '',
    `${m.shop}をご利用いただき、ありがとうございます。`,
    m.isGift ? 'ご注文のギフトを、お受け取りになる方へ発送いたしました。' : 'ご注文の商品を発送いたしました。',
    '',
    `■ ご注文番号：${m.orderNo}`,
    `■ ご注文日：${formatJstDate(m.orderedAt)}`,
    `■ 発送日：${formatJstDate(m.shippedAt)}`,
    `■ 配送業者：${CARRIERS[m.carrier].name}`,
    `■ 伝票番号：${m.trackingNo}`,
    url ? `■ お荷物の追跡：${url}` : '■ お荷物の状況は配送業者へお問い合わせください。',
    ...(when ? [`■ お届け希望日時：${when}`] : []),
    '',
    ...(!m.isGift && a ? [`■ お届け先${m.label ? `（${m.label}）` : ''}`, a.full_address, `${a.last_name} ${a.first_name} 様`, ''] : []),
    '■ 発送した商品',
    ...m.lines.map((l) => `${l.name}（${l.code}） × ${l.quantity}`),
    '',
    '商品の到着まで今しばらくお待ちください。',
    '',
    m.shop,
  ].join('\n');
  return { subject: `【${m.shop}】商品発送のお知らせ`, body };
}
