/**
 * An order's 対応状況 and the actions its state allows (pure), shared by the list, the detail and the
 * export so the screen shows only buttons that can work. The actions API (services/admin/orders/
 * actions/) checks the same rules again under the order's row lock; these answer what to offer.
 */
import { ADMIN_ORDER_STATE_LABELS, type AdminOrderState } from '#contracts/admin-orders.ts';
import type { AdminOrderActions } from '#contracts/admin-order-detail.ts';

/** Methods whose payment the shop confirms by hand (入金確認). */
export const PAY_CONFIRMABLE = ['bank_transfer', 'konbini', 'deferred'];
/** Methods paid before shipping (前払い): the goods leave once the payment is confirmed. */
export const PREPAID = ['bank_transfer', 'konbini'];
/** Payment states that let nothing ship or change: the payment failed, is suspect, or is gone. */
const DEAD_PAYMENT = ['failed', 'fraud_suspected', 'cancelled', 'refunded'];

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
}

/** Whether delivery `index` can be shipped now. */
export function canShipDelivery(o: ActionInput, index: number): boolean {
  if (o.status === 'cancelled' || o.shipped.includes(index) || index >= o.deliveries) return false;
  if (DEAD_PAYMENT.includes(o.payment_status)) return false;
  // 前払い: paid first (the shop's terms: 「ご入金を確認してから発送いたします」).
  return !(PREPAID.includes(o.payment_code ?? '') && o.payment_status === 'pending');
}

/** The actions the order's state allows now. */
export function orderActions(o: ActionInput): AdminOrderActions {
  const open = o.status !== 'cancelled';
  const untouched = open && o.shipped.length === 0 && o.status === 'ordered';
  return {
    can_pay: open && o.payment_status === 'pending' && PAY_CONFIRMABLE.includes(o.payment_code ?? ''),
    can_ship: Array.from({ length: o.deliveries }, (_, i) => canShipDelivery(o, i)).some(Boolean),
    can_cancel: open,
    can_change_amount: untouched && !DEAD_PAYMENT.includes(o.payment_status),
  };
}
