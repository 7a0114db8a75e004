/**
 * What staff (and the member) did to a seeded order, as the back office records it: the shipment
 * with its carrier and tracking number, the order's history lines (入金確認, 発送, キャンセル) and the
 * staff's audit entries (order.paid, order.ship, order.cancel). Used by order-builder.ts.
 */

import { CARRIERS, type Carrier } from '#contracts/admin-order-actions.ts';
import type { order_histories, order_shipments, staff_audit_log } from '../schema/index.ts';

/** What happened to the order after it was placed (a part of order-builder.ts SeedOrderSpec). */
export interface OrderEvents {
  /** 入金確認 (bank, konbini) by staff at this time. */
  paidAt?: Date;
  /** Shipped by staff at this time (a card is captured then). */
  shipped?: { at: Date; carrier: Carrier; trackingNo: string };
  /** Cancelled at this time; `byStaff` else by the member; `voidFailed`: the card's void did not go through. */
  cancelled?: { at: Date; reason: string; byStaff?: boolean; voidFailed?: boolean };
}
/** Who did it and where (a part of order-builder.ts BuildContext). */
export interface EventContext {
  staff: { id: number; login: string; display_name: string; role: string };
  channelId: string;
}

/** The shipment, history rows and audit entries of what staff (and the member) did to the order. */
export function staffEvents(
  out: {
    shipments: (typeof order_shipments.$inferInsert)[];
    histories: (typeof order_histories.$inferInsert)[];
    audit: (typeof staff_audit_log.$inferInsert)[];
  },
  ctx: EventContext,
  o: { id: number; spec: OrderEvents },
) {
  const s = o.spec;
  const staff = ctx.staff;
  const by = { editor_id: staff.id, editor_name: staff.display_name };
  const audit = (at: Date, action: string, before: unknown, after: unknown) =>
    out.audit.push({
      at,
      editor_id: staff.id,
      editor_login: staff.login,
      editor_name: staff.display_name,
      editor_role: staff.role,
      channel_id: ctx.channelId,
      action,
      target_type: 'order',
      target_id: String(o.id),
      before,
      after,
      ip: '127.0.0.1',
    });
  if (s.paidAt) {
    out.histories.push({ order_id: o.id, at: s.paidAt, ...by, action: 'paid', message: '入金を確認しました。', detail: {} });
    audit(s.paidAt, 'order.paid', { payment_status: 'pending' }, { payment_status: 'paid' });
  }
  if (s.shipped) {
    const carrier = CARRIERS[s.shipped.carrier].name;
    out.shipments.push({
      order_id: o.id,
      shipping_index: 0,
      carrier: s.shipped.carrier,
      tracking_no: s.shipped.trackingNo,
      shipped_at: s.shipped.at,
      ...by,
    });
    out.histories.push({
      order_id: o.id,
      at: s.shipped.at,
      ...by,
      action: 'ship',
      message: `発送しました（${carrier} ${s.shipped.trackingNo}）`,
      detail: { shipping_index: 0, carrier: s.shipped.carrier, tracking_no: s.shipped.trackingNo },
    });
    audit(
      s.shipped.at,
      'order.ship',
      { status: 'ordered' },
      { status: 'shipped', shipping_index: 0, carrier: s.shipped.carrier, tracking_no: s.shipped.trackingNo },
    );
  }
  if (s.cancelled) {
    const who = s.cancelled.byStaff ? by : { editor_id: null, editor_name: null };
    out.histories.push({
      order_id: o.id,
      at: s.cancelled.at,
      ...who,
      action: 'cancel',
      message: `キャンセルしました（${s.cancelled.reason}）`,
      detail: { reason: s.cancelled.reason },
    });
    if (s.cancelled.byStaff)
      audit(
        s.cancelled.at,
        'order.cancel',
        { status: 'ordered', cancel_reason: null },
        { status: 'cancelled', cancel_reason: s.cancelled.reason },
      );
  }
}
