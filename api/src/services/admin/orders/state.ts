/**
 * An order's 対応状況 and the actions its state allows (pure), shared by the list, the detail and the
 * export so the screen offers only buttons that can work. The actions themselves (actions/) check
 * the same rules again under the order's row lock and answer why when they refuse; these follow
 * them: 入金確認 for unpaid 銀行振込, コンビニ払い and 後払い (orders/fulfil.ts); 発送 of a delivery
 * with lines, 前払い once paid, a card while its authorisation or capture stands, never under fraud
 * review (actions/ship-check.ts); キャンセル at any time before, also after shipping (a return), and
 * again on a cancelled order whose card void or refund failed (actions/cancel.ts); 金額変更 before any
 * shipment while the payment is still open (actions/amount-check.ts); 返金済み on a cancelled order
 * whose received payment waits to be refunded by hand (actions/refunded.ts).
 */

import type { AdminOrderActions } from '#contracts/admin-order-detail.ts';
import { ADMIN_ORDER_STATE_LABELS, type AdminOrderState } from '#contracts/admin-orders.ts';

/** Methods whose payment the shop confirms by hand (入金確認). */
export const PAY_CONFIRMABLE = ['bank_transfer', 'konbini', 'deferred'];
/** Methods paid before shipping (前払い): the goods leave once the payment is confirmed. */
export const PREPAID = ['bank_transfer', 'konbini'];
/** A card's charge states a shipment can go on with (the first shipment captures an authorisation). */
const CARD_SHIPPABLE = ['authorized', 'captured'];
/** Card charges whose void or refund failed: キャンセル again retries the call. */
const CANCEL_RETRY = ['void_failed', 'refund_failed'];

/**
 * 対応状況 from orders.status and the shipments: 一部発送 while some deliveries are shipped and some
 * not; an order marked shipped without shipment rows (before per-delivery shipping) is 発送済み.
 */
export function orderState(status: string, shipped: number, deliveries: number): AdminOrderState {
  if (status === 'cancelled') return 'cancelled';
  if (shipped > 0 && shipped < deliveries) return 'partial';
  if (status === 'shipped' || (deliveries > 0 && shipped >= deliveries)) return 'shipped';
  return 'ordered';
}

export const stateLabel = (s: AdminOrderState) => ADMIN_ORDER_STATE_LABELS[s];

export interface ActionInput {
  status: string;
  payment_status: string;
  payment_code: string | null;
  /** The shipping_index of each delivery already shipped. */
  shipped: number[];
  deliveries: number;
  /** Lines per delivery (by index); absent: every delivery has some. */
  lines?: number[];
  /** The card's payment transaction state (the latest card transaction), when paid by card. */
  charge_status?: string | null;
  /** orders.others (its manual_refund: a received payment to refund by hand). */
  others?: unknown;
}

/** A cancellation's received payment the shop refunds by hand (cancel-core.ts), and whether that was recorded. */
export function manualRefundOf(others: unknown): { amount: number; refunded_at: string | null } | null {
  const m = (others as { manual_refund?: { amount?: unknown; refunded_at?: unknown } } | null)?.manual_refund;
  if (!m || typeof m.amount !== 'number') return null;
  return { amount: m.amount, refunded_at: typeof m.refunded_at === 'string' ? m.refunded_at : null };
}

/** Whether delivery `index` can be shipped now. */
export function canShipDelivery(o: ActionInput, index: number): boolean {
  if (o.status === 'cancelled' || o.shipped.includes(index) || index >= o.deliveries) return false;
  if (o.lines && !(o.lines[index] > 0)) return false;
  if (o.payment_status === 'fraud_suspected') return false;
  if (o.payment_code === 'card') return CARD_SHIPPABLE.includes(o.charge_status ?? o.payment_status);
  // 前払い: paid first (the shop's terms: 「ご入金を確認してから発送いたします」).
  return !(PREPAID.includes(o.payment_code ?? '') && o.payment_status === 'pending');
}

/** The actions the order's state allows now. */
export function orderActions(o: ActionInput): AdminOrderActions {
  const open = o.status !== 'cancelled';
  const cardOpen = o.payment_code !== 'card' || (o.charge_status ?? o.payment_status) === 'authorized';
  return {
    can_pay: open && o.payment_status === 'pending' && PAY_CONFIRMABLE.includes(o.payment_code ?? ''),
    can_ship: Array.from({ length: o.deliveries }, (_, i) => canShipDelivery(o, i)).some(Boolean),
    can_cancel: open || CANCEL_RETRY.includes(o.charge_status ?? ''),
    can_change_amount: o.status === 'ordered' && o.shipped.length === 0 && ['pending', 'authorized'].includes(o.payment_status) && cardOpen,
    can_mark_refunded: !open && manualRefundOf(o.others)?.refunded_at === null,
  };
}
