/**
 * The staff's actions on one order, the door of this folder: 入金確認 (paid.ts), 発送 per delivery
 * (ship.ts), キャンセル (cancel.ts), 金額変更 (amount.ts), 返金済み of a received payment a
 * cancellation left to refund by hand (refunded.ts). Each locks the order row first, writes the
 * order's history and the audit log in its transaction, and moves a card only through a claim
 * (services/orders/charge.ts), so two staff members never ship, capture or refund twice.
 */

export { changeOrderAmount } from './amount.ts';
export { cancelByStaff } from './cancel.ts';
export { confirmOrderPayment } from './paid.ts';
export { markOrderRefunded } from './refunded.ts';
export type { ActionScope } from './scope.ts';
export { shipDelivery } from './ship.ts';
