/**
 * SQL pieces every dashboard list shares: an order's columns as the rows show them (order number,
 * customer name from the order's snapshot, payment, total) and their mapping to the wire.
 */
import { type SQL, sql } from 'drizzle-orm';

/** An instant as ISO 8601 in UTC, whatever the session's time zone. */
export const isoOf = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The order columns of a row (alias `o` for orders, `pm` for payment_methods). */
export const orderColumns = sql`o.id, o.order_no, ${isoOf(sql`o.created_at`)} as ordered_at,
  trim(concat_ws(' ', o.customer->>'last_name', o.customer->>'first_name')) as customer_name,
  pm.code as payment_code, o.payment_name, o.payment_status, o.status, o.total_payment`;

/** Settled or not needed before shipping: a card authorised or captured, paid, or 代引 and 後払い (paid on or after delivery). */
export const settledForShipping = sql`(o.payment_status in ('authorized', 'captured', 'paid')
  or (pm.code in ('cod', 'deferred') and o.payment_status in ('none', 'pending')))`;

export type Raw = Record<string, unknown>;

/** The order part of a row. */
export const orderRowOf = (r: Raw) => ({
  id: Number(r.id),
  order_no: String(r.order_no),
  ordered_at: String(r.ordered_at),
  customer_name: String(r.customer_name ?? ''),
  payment_code: String(r.payment_code ?? ''),
  payment_name: String(r.payment_name),
  payment_status: String(r.payment_status),
  status: String(r.status),
  total_payment: Number(r.total_payment),
});

/** The rows of a raw query (db.execute answers `{ rows }`). */
export const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;
