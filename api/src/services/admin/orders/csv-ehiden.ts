/**
 * 佐川急便 e飛伝III 「標準_飛脚宅急便_CSV_ヘッダ有り」: the 74 columns, one row per delivery
 * (export-types.ts deliveryRows).
 *
 * Filled: お届け先 電話番号 / 郵便番号 / 住所１ (都道府県+市区町村) / 住所２ (番地) / 住所３ (建物名) /
 * 名称１ (name) / 名称２ (the address's 宛名, when set), お客様管理番号 (order number, -n per
 * delivery), お客様コード (SHIPPER.SAGAWA_CUSTOMER_CODE), ご依頼主 電話番号 / 郵便番号 / 住所１・２ /
 * 名称１ from the SHIPPER.* settings, 品名１〜５ (the delivery's lines, 16 full-width characters each;
 * 「他n点」 on the fifth when more), 出荷個数 1, スピード指定 000 (通常), クール便指定 001 (指定なし),
 * 配達日 (YYYYMMDD), 配達指定時間帯 (佐川's codes: 01 午前中, 14, 16, 18, 19), 代引金額 and 消費税
 * for the delivery that collects a 代金引換 order, 元着区分 1 (元払), 出荷日 (the export's day).
 * Left empty: the code and 取得区分 columns, 部署ご担当者, 荷送人電話番号, 荷姿, 荷札, 配達指定時間（時分）,
 * 決済種別, 保険金額, 指定シール１〜３ (e-コレクト and the 指定日 seals are e飛伝's settings),
 * 営業所受取, ＳＲＣ区分, メールアドレス, ご不在時連絡先, お問い合せ送り状No. (e飛伝 numbers it), 出荷場印字区分,
 * 集約解除指定, 編集０１〜１０.
 */
import { type Cell, compactDate, fitWidth, hyphenPostal, oneLine } from './csv.ts';
import { type DeliveryRow, deliveryRows, type ExportOrder, goodsOf, phoneOf, type Shipper } from './export-types.ts';

export const EHIDEN_HEADER = [
  'お届け先コード取得区分',
  'お届け先コード',
  'お届け先電話番号',
  'お届け先郵便番号',
  'お届け先住所１',
  'お届け先住所２',
  'お届け先住所３',
  'お届け先名称１',
  'お届け先名称２',
  'お客様管理番号',
  'お客様コード',
  '部署ご担当者コード取得区分',
  '部署ご担当者コード',
  '部署ご担当者名称',
  '荷送人電話番号',
  'ご依頼主コード取得区分',
  'ご依頼主コード',
  'ご依頼主電話番号',
  'ご依頼主郵便番号',
  'ご依頼主住所１',
  'ご依頼主住所２',
  'ご依頼主名称１',
  'ご依頼主名称２',
  '荷姿',
  '品名１',
  '品名２',
  '品名３',
  '品名４',
  '品名５',
  '荷札荷姿',
  '荷札品名１',
  '荷札品名２',
  '荷札品名３',
  '荷札品名４',
  '荷札品名５',
  '荷札品名６',
  '荷札品名７',
  '荷札品名８',
  '荷札品名９',
  '荷札品名１０',
  '荷札品名１１',
  '出荷個数',
  'スピード指定',
  'クール便指定',
  '配達日',
  '配達指定時間帯',
  '配達指定時間（時分）',
  '代引金額',
  '消費税',
  '決済種別',
  '保険金額',
  '指定シール１',
  '指定シール２',
  '指定シール３',
  '営業所受取',
  'ＳＲＣ区分',
  '営業所受取営業所コード',
  '元着区分',
  'メールアドレス',
  'ご不在時連絡先',
  '出荷日',
  'お問い合せ送り状No.',
  '出荷場印字区分',
  '集約解除指定',
  '編集０１',
  '編集０２',
  '編集０３',
  '編集０４',
  '編集０５',
  '編集０６',
  '編集０７',
  '編集０８',
  '編集０９',
  '編集１０',
] as const;

/** 佐川's 配達指定時間帯 for the shop's slot codes (ヤマト style). */
const SAGAWA_TIME: Record<string, string> = { '0812': '01', '1416': '14', '1618': '16', '1820': '18', '1921': '19' };
export const ehidenTimeCode = (code: string | null | undefined) => (code ? (SAGAWA_TIME[code] ?? '') : '');

/** 品名１〜５: the delivery's lines, the fifth saying how many more there are. */
function goodsNames(r: DeliveryRow): string[] {
  const names = goodsOf(r.order, r.index).map((g) => g.name);
  if (!names.length) names.push('ご注文の商品');
  const shown = names.length > 5 ? [...names.slice(0, 4), `${names[4]} 他${names.length - 5}点`] : names;
  return Array.from({ length: 5 }, (_, i) => fitWidth(oneLine(shown[i] ?? ''), 32));
}

export function ehidenRow(r: DeliveryRow, shipper: Shipper, shipDay: string): Cell[] {
  const a = r.delivery.address;
  const row: Cell[] = new Array(EHIDEN_HEADER.length).fill('');
  const put = (header: (typeof EHIDEN_HEADER)[number], v: Cell) => {
    row[EHIDEN_HEADER.indexOf(header)] = v;
  };
  put('お届け先電話番号', phoneOf(r));
  put('お届け先郵便番号', hyphenPostal(a.postal_code));
  put('お届け先住所１', oneLine(`${a.prefecture}${a.city}`));
  put('お届け先住所２', oneLine(a.address1));
  put('お届け先住所３', oneLine(a.address2));
  put('お届け先名称１', oneLine(`${a.last_name} ${a.first_name}`));
  put('お届け先名称２', fitWidth(oneLine(a.shipping_name ?? ''), 32));
  put('お客様管理番号', r.customerNo);
  put('お客様コード', shipper.sagawa_customer_code);
  put('ご依頼主電話番号', shipper.phone);
  put('ご依頼主郵便番号', hyphenPostal(shipper.postal_code));
  put('ご依頼主住所１', shipper.address);
  put('ご依頼主住所２', shipper.building);
  put('ご依頼主名称１', shipper.name);
  goodsNames(r).forEach((n, i) => {
    put(`品名${'１２３４５'[i]}` as (typeof EHIDEN_HEADER)[number], n);
  });
  put('出荷個数', '1');
  put('スピード指定', '000');
  put('クール便指定', '001');
  put('配達日', compactDate(r.delivery.delivery_date));
  put('配達指定時間帯', ehidenTimeCode(r.delivery.delivery_timezone));
  put('代引金額', r.collect ? r.order.total_payment : '');
  put('消費税', r.collect ? r.order.total_tax : '');
  put('元着区分', '1');
  put('出荷日', compactDate(shipDay));
  return row;
}

/** The e飛伝 rows of `orders`: one per delivery of the orders not cancelled. */
export function ehidenRows(orders: ExportOrder[], shipperOf: (channelId: string) => Shipper, shipDay: string): Cell[][] {
  return deliveryRows(orders).map((r) => ehidenRow(r, shipperOf(r.order.channel_id), shipDay));
}
