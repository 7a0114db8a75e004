/**
 * ヤマト運輸 B2 クラウド 「外部データから発行」 (送り状発行データ, CSV, header on line 1, data from
 * line 2): the 42 columns of its basic layout, one row per delivery (export-types.ts deliveryRows).
 *
 * Filled: お客様管理番号 (order number, -n per delivery), 送り状種類 (0 発払い; 2 コレクト for the
 * delivery that collects a 代金引換 order, with ｺﾚｸﾄ代金引換額 = the order's total and 内消費税額等 =
 * its tax), クール区分 0, 出荷予定日 (the export's day), お届け予定日 and 配達時間帯 (the shop's slot
 * codes are B2's: 0812 1416 1618 1820 1921), お届け先 電話番号 / 郵便番号 / 住所 (都道府県+市区町村+
 * 番地) / アパートマンション名 / 会社・部門１ (the address's 宛名, when set) / 名 / 名(ｶﾅ) (half-width) /
 * 敬称 様, ご依頼主 from the channel's SHIPPER.* settings, 品名コード１・品名１ and ２ (the delivery's
 * first two lines; 「他n点」 when more), 記事 (ラッピング and のし), ご請求先顧客コード・分類コード and
 * 運賃管理番号 from the settings. Left empty: 伝票番号 (B2 numbers it), お届け先コード, 電話番号枝番,
 * ご依頼主コード, 荷扱い１・２, 止置き, 営業所コード, 発行枚数, 個数口表示フラグ. Texts are cut to B2's
 * widths (品名 25, 記事 22 full-width characters); addresses are left whole (B2 flags an overlong one).
 */
import { DELIVERY_TIMEZONES } from '#contracts/delivery-choices.ts';
import { type Cell, fitWidth, halfKana, hyphenPostal, oneLine, slashDate } from './csv.ts';
import { type DeliveryRow, deliveryRows, type ExportOrder, goodsOf, phoneOf, type Shipper } from './export-types.ts';

export const B2_HEADER = [
  'お客様管理番号',
  '送り状種類',
  'クール区分',
  '伝票番号',
  '出荷予定日',
  'お届け予定日',
  '配達時間帯',
  'お届け先コード',
  'お届け先電話番号',
  'お届け先電話番号枝番',
  'お届け先郵便番号',
  'お届け先住所',
  'お届け先アパートマンション名',
  'お届け先会社・部門１',
  'お届け先会社・部門２',
  'お届け先名',
  'お届け先名(ｶﾅ)',
  '敬称',
  'ご依頼主コード',
  'ご依頼主電話番号',
  'ご依頼主電話番号枝番',
  'ご依頼主郵便番号',
  'ご依頼主住所',
  'ご依頼主アパートマンション',
  'ご依頼主名',
  'ご依頼主名(ｶﾅ)',
  '品名コード１',
  '品名１',
  '品名コード２',
  '品名２',
  '荷扱い１',
  '荷扱い２',
  '記事',
  'ｺﾚｸﾄ代金引換額（税込)',
  '内消費税額等',
  '止置き',
  '営業所コード',
  '発行枚数',
  '個数口表示フラグ',
  '請求先顧客コード',
  '請求先分類コード',
  '運賃管理番号',
] as const;

/** B2's 配達時間帯 for the shop's slot code ('' for none or an unknown one). */
export function b2TimeCode(code: string | null | undefined): string {
  return DELIVERY_TIMEZONES.some((t) => t.code === code) ? code! : '';
}

/** 記事: the delivery's wrapping and のし, as one short line. */
export function giftNote(d: DeliveryRow['delivery']): string {
  const parts = [
    d.packing_name && `ラッピング:${d.packing_name}`,
    d.noshi_type && `のし:${d.noshi_type}${d.noshi_name ? `(${d.noshi_name})` : ''}`,
  ];
  return parts.filter(Boolean).join(' ');
}

/** 品名１ and ２ of a delivery: its first two lines, the second with 「他n点」 when there are more. */
function goodsNames(r: DeliveryRow): [{ code: string; name: string }, { code: string; name: string }] {
  const goods = goodsOf(r.order, r.index);
  const first = goods[0] ?? { code: '', name: 'ご注文の商品' };
  const second = goods[1]
    ? { ...goods[1], name: goods.length > 2 ? `${goods[1].name} 他${goods.length - 2}点` : goods[1].name }
    : { code: '', name: '' };
  return [first, second];
}

export function b2Row(r: DeliveryRow, shipper: Shipper, shipDay: string): Cell[] {
  const a = r.delivery.address;
  const [g1, g2] = goodsNames(r);
  const fit = (v: string, w: number) => fitWidth(oneLine(v), w);
  return [
    r.customerNo,
    r.collect ? '2' : '0',
    '0',
    '',
    slashDate(shipDay),
    slashDate(r.delivery.delivery_date),
    b2TimeCode(r.delivery.delivery_timezone),
    '',
    phoneOf(r),
    '',
    hyphenPostal(a.postal_code),
    oneLine(`${a.prefecture}${a.city}${a.address1}`),
    oneLine(a.address2),
    fit(a.shipping_name ?? '', 50),
    '',
    oneLine(`${a.last_name} ${a.first_name}`),
    halfKana(oneLine(`${a.last_name_kana} ${a.first_name_kana}`)).trim(),
    '様',
    '',
    shipper.phone,
    '',
    hyphenPostal(shipper.postal_code),
    shipper.address,
    shipper.building,
    shipper.name,
    halfKana(shipper.name_kana),
    fit(g1.code, 30),
    fit(g1.name, 50),
    fit(g2.code, 30),
    fit(g2.name, 50),
    '',
    '',
    fit(giftNote(r.delivery), 44),
    r.collect ? r.order.total_payment : '',
    r.collect ? r.order.total_tax : '',
    '',
    '',
    '',
    '',
    shipper.yamato_billing_code,
    shipper.yamato_billing_class,
    shipper.yamato_freight_no,
  ];
}

/** The B2 rows of `orders`: one per delivery of the orders not cancelled. */
export function b2Rows(orders: ExportOrder[], shipperOf: (channelId: string) => Shipper, shipDay: string): Cell[][] {
  return deliveryRows(orders).map((r) => b2Row(r, shipperOf(r.order.channel_id), shipDay));
}
