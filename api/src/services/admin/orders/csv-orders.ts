/**
 * 受注一覧 CSV: one row per order with the list's columns and the order's amounts, for a spreadsheet
 * (cancelled orders included, as the list shows them). Dates in Japan time as the shop writes them.
 */
import { formatJstDateTime } from '#contracts/datetimes.ts';
import { type Cell, hyphenPostal, oneLine } from './csv.ts';
import type { ExportOrder } from './export-types.ts';

export const ORDERS_HEADER = [
  '注文番号',
  '受注日時',
  '販売チャネル',
  '対応状況',
  '発送',
  '会員ID',
  'お名前',
  'フリガナ',
  'メールアドレス',
  '電話番号',
  '支払方法',
  '支払状況',
  '商品合計（税込）',
  '送料',
  'ラッピング・のし',
  '手数料',
  '値引き',
  'ポイント利用',
  '合計',
  '獲得ポイント',
  'クーポン',
  'お届け先数',
  'お届け先',
  'お届け先住所',
  '備考',
] as const;

const join = (...v: (string | null | undefined)[]) => v.filter((s) => s?.trim()).join(' ');

export function ordersRow(o: ExportOrder): Cell[] {
  const c = o.customer;
  const first = o.deliveries[0]?.address;
  return [
    o.order_no,
    formatJstDateTime(o.ordered_at),
    o.channel_id,
    o.state_label,
    `${o.shipped.length}/${o.deliveries.length}`,
    o.user_id,
    join(c.last_name, c.first_name),
    join(c.last_name_kana, c.first_name_kana),
    c.email ?? '',
    c.phone_number || c.cell_phone_number || '',
    o.payment_name,
    o.payment_status_label,
    o.subtotal_with_tax,
    o.total_carriage,
    o.total_packing,
    o.total_fee,
    o.total_discount,
    o.use_point,
    o.total_payment,
    o.earned_point,
    o.coupons.map((k) => k.code).join(' '),
    o.deliveries.length,
    first ? join(first.last_name, first.first_name) : '',
    first ? oneLine(`〒${hyphenPostal(first.postal_code)} ${first.prefecture}${first.city}${first.address1} ${first.address2}`) : '',
    o.note,
  ];
}

export const ordersRows = (orders: ExportOrder[]): Cell[][] => orders.map(ordersRow);
