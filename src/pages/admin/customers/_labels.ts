/**
 * Words and formats of the customer screens: each status, order and payment state and ledger state
 * in Japanese, dates in Japan time, points with thousands separators.
 */
import { CUSTOMER_STATUSES } from '#contracts/admin-customers.ts';
import { GENDERS, NEWSLETTER } from '#contracts/choices.ts';
import { formatJstDate, formatJstDateTime } from '#contracts/datetimes.ts';
import { ORDER_STATUS_LABELS } from '#contracts/orders.ts';
import { formatNumber } from '#lib/money.ts';

export { formatYen } from '#lib/money.ts';

const pick = (table: Record<string, string>, key: string | number | null | undefined, fallback = '—') =>
  key == null ? fallback : (table[String(key)] ?? String(key));

export const statusLabel = (s: string) => pick(CUSTOMER_STATUSES, s);
export const orderStatusLabel = (s: string) => pick(ORDER_STATUS_LABELS, s);
export const genderLabel = (g: number | null) => pick(GENDERS, g, '未登録');
export const newsletterLabel = (n: number) => pick(NEWSLETTER, n);

const PAYMENT_STATUS: Record<string, string> = {
  none: '支払いなし',
  pending: '入金待ち',
  paid: '入金済み',
  authorized: 'オーソリ済み',
  captured: '売上確定',
  refunded: '返金済み',
  cancelled: '取消',
  failed: '決済失敗',
  fraud_suspected: '不正の疑い',
};
export const paymentStatusLabel = (s: string) => pick(PAYMENT_STATUS, s);

const POINT_STATUS: Record<string, string> = { granted: '付与済み', pending: '付与予定', cancelled: '取消' };
export const pointStatusLabel = (s: string) => pick(POINT_STATUS, s);

/** 「1,234 ポイント」, a negative one 「-1,234 ポイント」. */
export const points = (n: number) => `${n < 0 ? '-' : ''}${formatNumber(Math.abs(n))} ポイント`;
/** A signed amount for the ledger: 「+100」, 「-50」. */
export const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '-' : ''}${formatNumber(Math.abs(n))}`;

export const dateTime = (iso: string | null) => (iso ? formatJstDateTime(iso) : '—');
export const date = (iso: string | null) => (iso ? formatJstDate(iso) : '—');
/** A stored calendar day (YYYY-MM-DD) as 「1988.04.12」. */
export const day = (ymd: string | null) => (ymd ? ymd.replaceAll('-', '.') : '未登録');
export const orBlank = (v: string | null | undefined) => (v ? v : '—');
