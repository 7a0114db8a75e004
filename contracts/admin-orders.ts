/**
 * The staff's orders on the admin API (role staff or admin), shared by the API and the
 * /admin/orders/ screens: the list's search, filters and sorting (GET /admin/v1/orders), its CSV
 * export in the shipping companies' layouts (GET /admin/v1/orders/export.csv), one order's detail
 * (GET /admin/v1/orders/{id}; its answer is contracts/admin-order-detail.ts). The actions on an order are contracts/admin-order-actions.ts.
 * Every query field names itself in Japanese, so a 422 says which filter is wrong.
 */

import { pageParam, perParam, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

/** What a ship or paid call left: the order's state and the points it granted now (0 when none were pending). */
export const orderEventResultSchema = z
  .object({
    id: z.number().int(),
    order_no: z.string(),
    /** ordered | shipped | cancelled. */
    status: z.string(),
    /** pending | paid | authorized | captured | …. */
    payment_status: z.string(),
    granted_point: z.number().int().nonnegative(),
  })
  .meta({ id: 'OrderEventResult' });
export type OrderEventResult = z.infer<typeof orderEventResultSchema>;

// ---------------------------------------------------------------- states and labels

/**
 * 対応状況 as staff read it: orders.status plus 一部発送 (some deliveries shipped, not all), from
 * order_shipments against orders.shippings. An order shipped before per-delivery shipments existed
 * (no order_shipments row) counts as 発送済み.
 */
export const ADMIN_ORDER_STATES = ['ordered', 'partial', 'shipped', 'cancelled'] as const;
export type AdminOrderState = (typeof ADMIN_ORDER_STATES)[number];
export const ADMIN_ORDER_STATE_LABELS: Record<AdminOrderState, string> = {
  ordered: '未発送',
  partial: '一部発送',
  shipped: '発送済み',
  cancelled: 'キャンセル',
};

/** orders.payment_status and its label on the staff screens. */
export const PAYMENT_STATUSES = [
  'none',
  'pending',
  'paid',
  'authorized',
  'captured',
  'refunded',
  'cancelled',
  'failed',
  'fraud_suspected',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  none: '支払いなし',
  pending: '未入金',
  paid: '入金済み',
  authorized: 'カード与信済み',
  captured: 'カード売上確定',
  refunded: '返金済み',
  cancelled: '取消済み',
  failed: '決済失敗',
  fraud_suspected: '不正利用の疑い',
};
export const paymentStatusLabel = (s: string) => (PAYMENT_STATUS_LABELS as Record<string, string>)[s] ?? s;

/** The payment methods' codes (payment_methods.code) as the filter offers them; the API checks a code against the table. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  cod: '代金引換',
  bank_transfer: '銀行振込',
  card: 'クレジットカード',
  deferred: '後払い',
  konbini: 'コンビニ払い',
};

/** Sort keys of the list (受注日時, 注文番号, 合計, 対応状況) with their directions; default: newest first. */
export const ADMIN_ORDER_SORTS = ['ordered_at', 'order_no', 'total', 'status'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** Orders per page of the list (per up to 100). */
export const ORDER_LIST_PER = 50;
/** Most orders one export writes; more is a 422 asking for a narrower filter. */
export const ORDER_EXPORT_MAX = 10_000;
/** `channel=all`: every channel's orders (default: the X-Channel-Id channel's). */
export const ALL_CHANNELS = 'all';

/** The export's layouts: ヤマト B2 クラウド and 佐川 e飛伝III (one row per delivery), the order list (one row per order). */
export const ORDER_EXPORT_FORMATS = ['b2', 'ehiden', 'orders'] as const;
export type OrderExportFormat = (typeof ORDER_EXPORT_FORMATS)[number];
export const ORDER_EXPORT_FORMAT_LABELS: Record<OrderExportFormat, string> = {
  b2: 'ヤマト B2クラウド',
  ehiden: '佐川 e飛伝III',
  orders: '受注一覧',
};
export const ORDER_EXPORT_ENCODINGS = ['utf8', 'sjis'] as const;
export type OrderExportEncoding = (typeof ORDER_EXPORT_ENCODINGS)[number];
export const ORDER_EXPORT_ENCODING_LABELS: Record<OrderExportEncoding, string> = { utf8: 'UTF-8', sjis: 'Shift_JIS' };

// ---------------------------------------------------------------- the list's query

/** Query labels, as the 422 names them and the filter form shows them. */
export const ORDER_QUERY_LABELS = {
  order_no: '注文番号',
  name: 'お名前・フリガナ',
  email: 'メールアドレス',
  phone: '電話番号',
  status: '対応状況',
  payment: '支払方法',
  payment_status: '支払状況',
  from: '受注日（開始）',
  to: '受注日（終了）',
  channel: '販売チャネル',
  sort: '並び順',
  dir: '並び順の向き',
  page: 'ページ',
  per: '表示件数',
  format: '出力形式',
  encoding: '文字コード',
} as const;
const L = ORDER_QUERY_LABELS;

/** A query value left blank in the form ("?name=") is no filter. */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const pattern = (max: number, re: RegExp, label: string, rule: string) =>
  text(max, { label }).regex(re, { error: () => `${label}は${rule}で入力してください` });
/** "2026-12-04", a real day of the calendar. */
const day = (label: string) =>
  z
    .string(errorFor(label))
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => messages.date(label), abort: true })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
      },
      { error: () => messages.date(label) },
    );

const filterFields = {
  /** Part of an order number ("20261204-000123", "000123"). */
  order_no: blank(pattern(30, /^[0-9A-Za-z-]+$/, L.order_no, '半角英数字とハイフン')),
  /** 姓名 or セイメイ (hiragana is read as katakana), of the customer or of a delivery's addressee; spaces ignored. */
  name: blank(text(100, { label: L.name })),
  /** Part of the customer's e-mail address. */
  email: blank(text(255, { label: L.email })),
  /** Digits of the customer's or an addressee's phone number; hyphens ignored. */
  phone: blank(pattern(20, /^[0-9-]+$/, L.phone, '半角数字とハイフン')),
  status: blank(z.enum(ADMIN_ORDER_STATES, errorFor(L.status))),
  /** A payment method's code (cod, bank_transfer, card, deferred, konbini). */
  payment: blank(pattern(30, /^[a-z_]+$/, L.payment, '半角英小文字')),
  payment_status: blank(z.enum(PAYMENT_STATUSES, errorFor(L.payment_status))),
  /** Ordered on or after this Japan day. */
  from: blank(day(L.from)),
  /** Ordered on or before this Japan day. */
  to: blank(day(L.to)),
  /** `all` or a channel id; absent: the X-Channel-Id channel. */
  channel: blank(pattern(50, /^[a-z0-9_-]+$/, L.channel, '半角英小文字・数字')),
  sort: blank(z.enum(ADMIN_ORDER_SORTS, errorFor(L.sort))),
  dir: blank(z.enum(SORT_DIRECTIONS, errorFor(L.dir))),
};

const checkRange = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `${L.to}は${L.from}以降の日付にしてください` });
};

/** GET /admin/v1/orders query. */
export const adminOrderListQuerySchema = z
  .strictObject(
    {
      ...filterFields,
      page: blank(pageParam()),
      per: blank(perParam()),
    },
    errorFor(),
  )
  .superRefine(checkRange);
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;
/** The filters alone (what the list and the export share). */
export type AdminOrderFilters = Omit<AdminOrderListQuery, 'page' | 'per'>;

/** GET /admin/v1/orders/export.csv query: the list's filters and sort, the layout and the encoding. */
export const adminOrderExportQuerySchema = z
  .strictObject(
    {
      ...filterFields,
      format: z.enum(ORDER_EXPORT_FORMATS, errorFor(L.format)),
      encoding: z.preprocess((v) => (v === '' || v === undefined ? 'utf8' : v), z.enum(ORDER_EXPORT_ENCODINGS, errorFor(L.encoding))),
    },
    errorFor(),
  )
  .superRefine(checkRange);
export type AdminOrderExportQuery = z.output<typeof adminOrderExportQuerySchema>;

/** GET /admin/v1/orders/{id} query: `channel` reads another channel's order (as the list's `channel=`). */
export const adminOrderDetailQuerySchema = z.strictObject({ channel: filterFields.channel }, errorFor());

// ---------------------------------------------------------------- answers

export const yen = z.number().int();

/** One row of the list. */
export const adminOrderListItemSchema = z
  .object({
    id: z.number().int(),
    order_no: z.string(),
    channel_id: z.string(),
    ordered_at: z.string(),
    /** 姓 名 and セイ メイ of orders.customer. */
    customer_name: z.string(),
    customer_kana: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    /** The member's id (a guest purchase has its own member row, is_guest). */
    user_id: z.number().int().nullable(),
    payment_code: z.string().nullable(),
    payment_name: z.string(),
    payment_status: z.string(),
    payment_status_label: z.string(),
    state: z.enum(ADMIN_ORDER_STATES),
    state_label: z.string(),
    /** 発送 n/m: deliveries shipped, deliveries in all. */
    shipped_count: z.number().int(),
    delivery_count: z.number().int(),
    total_payment: yen,
  })
  .meta({ id: 'AdminOrderListItem' });
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;
