/**
 * The day's work at a glance (GET /admin/v1/dashboard, role staff or admin; the /admin/ screen of
 * staff and admins): each section a count and its first few rows, linked on the screen to the order
 * (/admin/orders/{id}/) or product (/admin/products/{id}/). What each section holds is defined in
 * docs/api.md ("Dashboard") and by the service (api/src/services/admin/dashboard/).
 *
 * LOW_STOCK is the shop's one threshold of 残りわずか for the back office: the product list's
 * low-stock filter uses the same constant (import it from here).
 */
import { z } from './zod.ts';

/** A published product with at most this many left (and more than 0) is low on stock. */
export const LOW_STOCK = 5;
/** Rows shown per section; the count says how many there are. */
export const DASHBOARD_ROWS = 5;
/** Payment transaction states of a provider call in flight (a claim); one older than STUCK_AFTER_MINUTES needs a person. */
export const CLAIM_STATES = ['capturing', 'voiding', 'refunding', 'reauthorizing'] as const;
export const STUCK_AFTER_MINUTES = 10;

const orderRow = {
  id: z.number().int(),
  order_no: z.string(),
  ordered_at: z.string(),
  /** 「山田 花子」 from the order's customer snapshot. */
  customer_name: z.string(),
  payment_code: z.string(),
  payment_name: z.string(),
  payment_status: z.string(),
  status: z.string(),
  total_payment: z.number().int(),
};

export const dashboardShipRowSchema = z.object({
  ...orderRow,
  /** The earliest wished delivery date of the order's unshipped deliveries (YYYY-MM-DD), or null (指定なし). */
  delivery_date: z.string().nullable(),
  /** The Japan date it must leave by: the delivery date less the days in transit, or the order day when undated. */
  ship_by: z.string(),
  /** ship_by has passed. */
  late: z.boolean(),
  /** Deliveries of the order not shipped yet. */
  unshipped: z.number().int(),
});

export const dashboardPaymentRowSchema = z.object({
  ...orderRow,
  /** The payment deadline of payment_detail (YYYY-MM-DD), or null. */
  deadline: z.string().nullable(),
  overdue: z.boolean(),
});

export const dashboardCancelRowSchema = z.object({
  ...orderRow,
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});

export const dashboardAttentionRowSchema = z.object({
  ...orderRow,
  cancelled_at: z.string().nullable(),
  /** What is wrong, in Japanese (「カードの取消が未完了」「返金に失敗」…). */
  issue: z.string(),
  /** The payment transaction's state behind it (void_failed, capturing, …), or null. */
  transaction_status: z.string().nullable(),
});

export const dashboardProductRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  stock: z.number().int(),
  /** Confirmed 再入荷のお知らせ requests not mailed yet. */
  waiting_requests: z.number().int(),
});

export const dashboardMailRowSchema = z.object({
  id: z.number().int(),
  to_address: z.string(),
  subject: z.string(),
  last_error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  next_attempt_at: z.string(),
});

const section = <T extends z.ZodType>(row: T) => z.object({ count: z.number().int(), items: z.array(row) });

export const dashboardSchema = z
  .object({
    /** The Japan date the lists are for (YYYY-MM-DD). */
    today: z.string(),
    generated_at: z.string(),
    to_ship: section(dashboardShipRowSchema),
    awaiting_payment: section(dashboardPaymentRowSchema).extend({ overdue: z.number().int() }),
    cancellations: z.object({
      today: z.number().int(),
      last_7_days: z.number().int(),
      items: z.array(dashboardCancelRowSchema),
      /** Cancelled in the shop, but the card's void or refund is not done at the provider. */
      needs_attention: section(dashboardAttentionRowSchema),
    }),
    payments_failed: section(dashboardAttentionRowSchema),
    out_of_stock: section(dashboardProductRowSchema),
    low_stock: section(dashboardProductRowSchema).extend({ threshold: z.number().int() }),
    failing_mails: section(dashboardMailRowSchema),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardShipRow = z.infer<typeof dashboardShipRowSchema>;
export type DashboardPaymentRow = z.infer<typeof dashboardPaymentRowSchema>;
export type DashboardCancelRow = z.infer<typeof dashboardCancelRowSchema>;
export type DashboardAttentionRow = z.infer<typeof dashboardAttentionRowSchema>;
export type DashboardProductRow = z.infer<typeof dashboardProductRowSchema>;
export type DashboardMailRow = z.infer<typeof dashboardMailRowSchema>;

/** Japanese names of an order's payment states, for the screen. */
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  none: '—',
  pending: '未入金',
  paid: '入金済み',
  authorized: 'カード与信済み',
  captured: 'カード売上確定',
  refunded: '返金済み',
  cancelled: '取消済み',
  failed: '決済失敗',
  fraud_suspected: '不正利用の疑い',
};
export const paymentStatusLabel = (s: string) => PAYMENT_STATUS_LABELS[s] ?? s;
