/**
 * An order's 対応状況 and the actions the staff screen offers (services/admin/orders/state.ts): 一部発送
 * while some deliveries are shipped; 入金確認 only for unpaid 銀行振込, コンビニ払い and 後払い; a
 * prepaid order ships once paid, a failed or suspect payment never; 金額変更 only before any shipment;
 * the warnings a cancelled order leaves for staff (a refund by hand, a card call not confirmed).
 */
import { describe, expect, it } from 'vitest';
import { warningsOf } from '../../api/src/services/admin/orders/detail-view.ts';
import { type ActionInput, canShipDelivery, orderActions, orderState } from '../../api/src/services/admin/orders/state.ts';

const input = (over: Partial<ActionInput> = {}): ActionInput => ({
  status: 'ordered',
  payment_status: 'pending',
  payment_code: 'bank_transfer',
  shipped: [],
  deliveries: 1,
  ...over,
});

describe('対応状況', () => {
  it('is 未発送, 一部発送, 発送済み or キャンセル from the status and the shipments', () => {
    expect(orderState('ordered', 0, 2)).toBe('ordered');
    expect(orderState('shipped', 1, 2)).toBe('partial');
    expect(orderState('shipped', 2, 2)).toBe('shipped');
    // Shipped before per-delivery shipments existed: no rows, still 発送済み.
    expect(orderState('shipped', 0, 1)).toBe('shipped');
    expect(orderState('cancelled', 1, 2)).toBe('cancelled');
  });
});

describe('actions allowed', () => {
  it('offers 入金確認 for an unpaid bank transfer, konbini or deferred payment only', () => {
    for (const code of ['bank_transfer', 'konbini', 'deferred'])
      expect(orderActions(input({ payment_code: code })).can_pay, code).toBe(true);
    expect(orderActions(input({ payment_code: 'cod' })).can_pay).toBe(false);
    expect(orderActions(input({ payment_status: 'paid' })).can_pay).toBe(false);
    expect(orderActions(input({ status: 'cancelled' })).can_pay).toBe(false);
  });

  it('ships a prepaid order once paid, a 代金引換 or card order at once, never a failed payment, each delivery once', () => {
    expect(canShipDelivery(input(), 0)).toBe(false);
    expect(canShipDelivery(input({ payment_status: 'paid' }), 0)).toBe(true);
    expect(canShipDelivery(input({ payment_code: 'cod' }), 0)).toBe(true);
    expect(canShipDelivery(input({ payment_code: 'card', payment_status: 'authorized' }), 0)).toBe(true);
    expect(canShipDelivery(input({ payment_code: 'card', payment_status: 'failed' }), 0)).toBe(false);
    expect(canShipDelivery(input({ payment_code: 'cod', shipped: [0], deliveries: 2, status: 'shipped' }), 0)).toBe(false);
    expect(canShipDelivery(input({ payment_code: 'cod', shipped: [0], deliveries: 2, status: 'shipped' }), 1)).toBe(true);
    expect(canShipDelivery(input({ payment_code: 'cod', deliveries: 0 }), 0)).toBe(false);
    expect(canShipDelivery(input({ payment_code: 'cod', payment_status: 'fraud_suspected' }), 0)).toBe(false);
    // A card ships on its transaction's state; a delivery without lines never.
    expect(canShipDelivery(input({ payment_code: 'card', payment_status: 'authorized', charge_status: 'capturing' }), 0)).toBe(false);
    expect(canShipDelivery(input({ payment_code: 'cod', deliveries: 2, lines: [1, 0] }), 1)).toBe(false);
  });

  it('changes the amount only before any shipment while the payment is open, and cancels anything not cancelled (or retries a failed void)', () => {
    expect(orderActions(input()).can_change_amount).toBe(true);
    expect(orderActions(input({ payment_code: 'cod', shipped: [0], deliveries: 2, status: 'shipped' })).can_change_amount).toBe(false);
    expect(orderActions(input({ payment_status: 'fraud_suspected' })).can_change_amount).toBe(false);
    expect(orderActions(input({ payment_status: 'paid' })).can_change_amount).toBe(false);
    expect(orderActions(input({ payment_code: 'card', payment_status: 'captured' })).can_change_amount).toBe(false);
    expect(orderActions(input({ status: 'cancelled' }))).toMatchObject({ can_cancel: false, can_change_amount: false, can_ship: false });
    // A cancelled card order whose void failed: キャンセル again retries it.
    expect(orderActions(input({ status: 'cancelled', payment_code: 'card', charge_status: 'void_failed' })).can_cancel).toBe(true);
  });
});

describe('what staff must still do by hand', () => {
  it('says so for a received payment to refund, a card void not confirmed, and points that could not be taken back', () => {
    expect(warningsOf({ manual_refund: { amount: 12_100, at: '2026-12-04T00:00:00Z' } }, 'cancelled')).toEqual([
      'お支払い済みの¥12,100は自動では返金されません。お客様へ別途ご返金ください。',
    ]);
    expect(warningsOf({ cancel_only_ecd_key: 'payment_void_pending' }, 'cancelled')[0]).toMatch(/^カードの与信取消が完了していません/);
    expect(warningsOf({ cancel_only_ecd_key: 'payment_refund_pending', point_shortfall: 300 }, 'cancelled')).toHaveLength(2);
    expect(warningsOf({ note: '備考' }, 'ordered')).toEqual([]);
  });
});
