/**
 * The order exports' formatters (GET /admin/v1/orders/export.csv): ヤマト B2 クラウド's 42 columns
 * and 佐川 e飛伝III's 74, one row per delivery of the orders not cancelled, the 代金引換 collected
 * with the first delivery, the time-slot codes of each carrier; the 受注一覧 row; every cell quoted,
 * a formula-looking cell guarded with ', CRLF; UTF-8 with BOM, or Shift_JIS bytes that decode back
 * (TextDecoder('shift_jis')) with 〜 written as Windows-31J's ～.
 */
import { describe, expect, it } from 'vitest';
import { csvCell, csvText, encodeCsv, fitWidth, halfKana, jstToday } from '../../api/src/services/admin/orders/csv.ts';
import { B2_HEADER, b2Rows, b2TimeCode, giftNote } from '../../api/src/services/admin/orders/csv-b2.ts';
import { EHIDEN_HEADER, ehidenRows, ehidenTimeCode } from '../../api/src/services/admin/orders/csv-ehiden.ts';
import { ORDERS_HEADER, ordersRow } from '../../api/src/services/admin/orders/csv-orders.ts';
import type { ExportOrder, Shipper } from '../../api/src/services/admin/orders/export-types.ts';

const address = (over: Record<string, string> = {}) => ({
  division_ct: 1,
  shipping_name: '',
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  postal_code: '6008216',
  formatted_postal_code: '600-8216',
  prefecture: '京都府',
  city: '京都市下京区',
  address1: '東塩小路町721-1',
  address2: 'ハイツ101',
  combined_address: '',
  full_address: '',
  phone_number: '0751234567',
  cell_phone_number: null,
  is_default: false,
  id: 1,
  ...over,
});

const order = (over: Partial<ExportOrder> = {}): ExportOrder => ({
  id: 7,
  order_no: '20261204-000007',
  channel_id: 'default',
  ordered_at: new Date('2026-12-04T00:05:00Z'),
  user_id: 3,
  customer: {
    last_name: '山田',
    first_name: '太郎',
    last_name_kana: 'ヤマダ',
    first_name_kana: 'タロウ',
    email: 'taro@example.jp',
    phone_number: '0312345678',
  },
  status: 'ordered',
  state_label: '未発送',
  payment_code: 'card',
  payment_name: 'クレジットカード',
  payment_status_label: 'カード与信済み',
  subtotal_with_tax: 11000,
  total_tax: 1060,
  total_carriage: 660,
  total_packing: 0,
  total_fee: 0,
  total_discount: 0,
  use_point: 0,
  total_payment: 11660,
  earned_point: 100,
  coupons: [],
  note: '',
  deliveries: [
    {
      address: address(),
      delivery_date: '2026-12-10',
      delivery_timezone: '1416',
      packing_name: 'ギフトラッピング',
      noshi_type: '御祝',
      noshi_name: '山田',
    },
  ],
  lines: [{ code: 'KYR-001', name: 'リネンシャツ', quantity: 2, shipping_index: 0, subtotal_with_tax: 11000 }],
  shipped: [],
  ...over,
});

const shipper: Shipper = {
  name: 'Maison Kiyora',
  name_kana: 'メゾンキヨラ',
  phone: '0312345678',
  postal_code: '1500001',
  address: '東京都渋谷区神宮前3-25-18',
  building: 'キヨラビル4F',
  yamato_billing_code: '0312345678',
  yamato_billing_class: '',
  yamato_freight_no: '01',
  sagawa_customer_code: '123456789012',
};
const DAY = '2026-12-05';
const col = (header: readonly string[], row: unknown[], name: string) => row[header.indexOf(name)];

describe('CSV cells and files', () => {
  it("quotes every cell, doubles quotes and guards a cell starting with = + - @ or a tab with a leading '", () => {
    expect(csvCell('山田 "花子"')).toBe('"山田 ""花子"""');
    for (const v of ['=1+1', '+81', '-1', '@SUM(A1)', '\tx']) expect(csvCell(v)).toBe(`"'${v.replaceAll('"', '""')}"`);
    expect(csvCell(-500)).toBe('"-500"');
    expect(csvCell(null)).toBe('""');
    expect(csvText(['a', 'b'], [['1', 2]])).toBe('"a","b"\r\n"1","2"\r\n');
  });

  it('writes UTF-8 with a BOM, and Shift_JIS (Windows-31J) bytes that decode back, 〜 as ～', () => {
    const utf8 = encodeCsv('注文,①\r\n', 'utf8');
    expect([...utf8.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(utf8.slice(3))).toBe('注文,①\r\n');

    const sjis = encodeCsv('ア,①,14時〜16時,髙\r\n', 'sjis');
    expect([...sjis.slice(0, 2)]).toEqual([0x83, 0x41]); // ア
    expect([...sjis.slice(3, 5)]).toEqual([0x87, 0x40]); // ① (NEC special character)
    expect(sjis[0]).not.toBe(0xef);
    expect(new TextDecoder('shift_jis').decode(sjis)).toBe('ア,①,14時～16時,髙\r\n');
    // A character Windows-31J lacks becomes ?, never a broken byte sequence.
    expect(new TextDecoder('shift_jis', { fatal: true }).decode(encodeCsv('𠮷野家', 'sjis'))).toBe('?野家');
  });

  it("cuts to a form's width in half-width units and writes katakana half-width", () => {
    expect(fitWidth('ABCあいう', 7)).toBe('ABCあい');
    expect(fitWidth('あいう', 5)).toBe('あい');
    expect(halfKana('ヤマダ　ハナコ')).toBe('ﾔﾏﾀﾞ ﾊﾅｺ');
    expect(halfKana('ポーチ・ヴ')).toBe('ﾎﾟｰﾁ･ｳﾞ');
    expect(jstToday(new Date('2026-12-04T15:30:00Z'))).toBe('2026-12-05');
  });
});

describe('ヤマト B2 クラウド', () => {
  it("has the 42 columns of the basic layout, one row per delivery, 発払い with the delivery's date, slot, address and goods", () => {
    expect(B2_HEADER).toHaveLength(42);
    const [row] = b2Rows([order()], () => shipper, DAY);
    expect(row).toHaveLength(42);
    const c = (name: string) => col(B2_HEADER, row, name);
    expect(c('お客様管理番号')).toBe('20261204-000007');
    expect(c('送り状種類')).toBe('0');
    expect(c('出荷予定日')).toBe('2026/12/05');
    expect(c('お届け予定日')).toBe('2026/12/10');
    expect(c('配達時間帯')).toBe('1416');
    expect(c('お届け先電話番号')).toBe('0751234567');
    expect(c('お届け先郵便番号')).toBe('600-8216');
    expect(c('お届け先住所')).toBe('京都府京都市下京区東塩小路町721-1');
    expect(c('お届け先アパートマンション名')).toBe('ハイツ101');
    expect(c('お届け先名')).toBe('山田 花子');
    expect(c('お届け先名(ｶﾅ)')).toBe('ﾔﾏﾀﾞ ﾊﾅｺ');
    expect(c('敬称')).toBe('様');
    expect([c('ご依頼主名'), c('ご依頼主電話番号'), c('ご依頼主郵便番号'), c('ご依頼主名(ｶﾅ)')]).toEqual([
      'Maison Kiyora',
      '0312345678',
      '150-0001',
      'ﾒｿﾞﾝｷﾖﾗ',
    ]);
    expect(c('品名１')).toBe('リネンシャツ ×2');
    expect(c('記事')).toBe('ラッピング:ギフトラッピング のし:御祝(山田)');
    expect(c('ｺﾚｸﾄ代金引換額（税込)')).toBe('');
    expect([c('請求先顧客コード'), c('運賃管理番号')]).toEqual(['0312345678', '01']);
  });

  it("collects a 代金引換 order's total with its first delivery (コレクト, 2) and sends the others 発払い, numbered -1, -2", () => {
    const second = { address: address({ last_name: '佐藤' }), delivery_date: null, delivery_timezone: null };
    const o = order({
      payment_code: 'cod',
      deliveries: [order().deliveries[0], second],
      lines: [...order().lines, { code: 'X', name: '靴下', quantity: 1, shipping_index: 1, subtotal_with_tax: 1100 }],
    });
    const rows = b2Rows([o], () => shipper, DAY);
    expect(rows.map((r) => col(B2_HEADER, r, 'お客様管理番号'))).toEqual(['20261204-000007-1', '20261204-000007-2']);
    expect(rows.map((r) => col(B2_HEADER, r, '送り状種類'))).toEqual(['2', '0']);
    expect(rows.map((r) => col(B2_HEADER, r, 'ｺﾚｸﾄ代金引換額（税込)'))).toEqual([11660, '']);
    expect(col(B2_HEADER, rows[0], '内消費税額等')).toBe(1060);
    expect(col(B2_HEADER, rows[1], '品名１')).toBe('靴下');
    expect(col(B2_HEADER, rows[1], 'お届け予定日')).toBe('');
  });

  it("leaves cancelled orders out and writes the shop's slot codes as B2's", () => {
    expect(b2Rows([order({ status: 'cancelled' })], () => shipper, DAY)).toEqual([]);
    expect(['0812', '1416', '1618', '1820', '1921', null, '9999'].map(b2TimeCode)).toEqual([
      '0812',
      '1416',
      '1618',
      '1820',
      '1921',
      '',
      '',
    ]);
    expect(giftNote({ address: address() })).toBe('');
  });
});

describe('佐川 e飛伝III', () => {
  it("has the 74 columns, the address in three parts, the goods, 元払, and 佐川's time codes", () => {
    expect(EHIDEN_HEADER).toHaveLength(74);
    const [row] = ehidenRows([order()], () => shipper, DAY);
    expect(row).toHaveLength(74);
    const c = (name: string) => col(EHIDEN_HEADER, row, name);
    expect([c('お届け先住所１'), c('お届け先住所２'), c('お届け先住所３')]).toEqual(['京都府京都市下京区', '東塩小路町721-1', 'ハイツ101']);
    expect([c('お届け先名称１'), c('お客様管理番号'), c('お客様コード')]).toEqual(['山田 花子', '20261204-000007', '123456789012']);
    expect([c('品名１'), c('品名２'), c('出荷個数'), c('元着区分')]).toEqual(['リネンシャツ ×2', '', '1', '1']);
    expect([c('配達日'), c('配達指定時間帯'), c('出荷日'), c('代引金額')]).toEqual(['20261210', '14', '20261205', '']);
    expect(['0812', '1416', '1618', '1820', '1921', null].map(ehidenTimeCode)).toEqual(['01', '14', '16', '18', '19', '']);
  });

  it("puts a 代金引換 order's total and tax in 代引金額 and 消費税", () => {
    const [row] = ehidenRows([order({ payment_code: 'cod' })], () => shipper, DAY);
    expect([col(EHIDEN_HEADER, row, '代引金額'), col(EHIDEN_HEADER, row, '消費税')]).toEqual([11660, 1060]);
  });
});

describe('受注一覧', () => {
  it("writes one row per order with the list's columns and amounts", () => {
    const row = ordersRow(order({ note: '=危険な備考', shipped: [0], state_label: '発送済み' }));
    expect(row).toHaveLength(ORDERS_HEADER.length);
    const c = (name: string) => col(ORDERS_HEADER, row, name);
    expect([c('注文番号'), c('受注日時'), c('対応状況'), c('発送'), c('お名前'), c('フリガナ')]).toEqual([
      '20261204-000007',
      '2026.12.04 9:05',
      '発送済み',
      '1/1',
      '山田 太郎',
      'ヤマダ タロウ',
    ]);
    expect([c('合計'), c('お届け先'), c('お届け先住所')]).toEqual([
      11660,
      '山田 花子',
      '〒600-8216 京都府京都市下京区東塩小路町721-1 ハイツ101',
    ]);
    expect(csvCell(c('備考') as string)).toBe('"\'=危険な備考"');
  });
});
