/**
 * One order's staff view from its rows (pure): lines, deliveries with their shipments, payment
 * without the provider's reference, points, the customer without anything secret (orders.customer
 * holds only names, e-mail and phones), the history newest first ending with the order itself, and
 * the actions its state allows (state.ts).
 */

import type { DeliveryAddress } from '#contracts/addresses.ts';
import { CARRIERS, trackingUrl } from '#contracts/admin-order-actions.ts';
import type { AdminDelivery, AdminOrderDetail } from '#contracts/admin-order-detail.ts';
import { paymentStatusLabel } from '#contracts/admin-orders.ts';
import { timezoneLabelOf } from '#contracts/delivery-choices.ts';
import { embroideryOf } from '#contracts/embroidery-choices.ts';
import type { EarnPointState } from '#contracts/orders.ts';
import type { OrderSocialGift } from '#contracts/social-gift.ts';
import type { order_histories, order_items, order_shipments, orders } from '../../../db/schema/index.ts';
import { yen as formatYen } from '../../mail/index.ts';
import { publicPaymentDetail } from '../../payments/methods.ts';
import { priceWithTax } from '../../tax/index.ts';
import type { StoredCustomer } from './list.ts';
import { type ActionInput, canShipDelivery, manualRefundOf, orderActions, orderState, stateLabel } from './state.ts';

/** orders.shippings[n] as stored (older snapshots have fewer fields). */
export interface StoredDelivery {
  address: DeliveryAddress;
  delivery_date?: string | null;
  delivery_timezone?: string | null;
  packing_name?: string | null;
  packing_fee?: number;
  noshi_type?: string | null;
  noshi_name?: string | null;
  noshi_fee?: number;
  carriage?: number;
}

export interface DetailRows {
  order: typeof orders.$inferSelect & { payment_code: string | null; is_guest: boolean | null };
  items: (typeof order_items.$inferSelect)[];
  shipments: (typeof order_shipments.$inferSelect)[];
  transactions: {
    id: number;
    method: string;
    status: string;
    amount: number;
    captured_amount: number;
    refunded_amount: number;
    created_at: Date;
    updated_at: Date;
  }[];
  histories: (typeof order_histories.$inferSelect)[];
  inquiries: AdminOrderDetail['messages']['inquiries'];
  gift: OrderSocialGift | null;
  earn: EarnPointState | null;
}

const NO_ADDRESS = {
  division_ct: 1,
  shipping_name: '',
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  postal_code: '',
  formatted_postal_code: '',
  prefecture: '',
  city: '',
  address1: '',
  address2: '',
  combined_address: '',
  full_address: '',
  phone_number: null,
  cell_phone_number: null,
  is_default: false,
} as unknown as DeliveryAddress;

/** orders.shippings as a list; an entry without an address (a damaged row) keeps its place with a blank one. */
export const deliveriesOf = (o: { shippings: unknown }): StoredDelivery[] =>
  Array.isArray(o.shippings)
    ? (o.shippings as Partial<StoredDelivery>[]).map((d) => ({
        ...d,
        address: { ...NO_ADDRESS, ...(d?.address && typeof d.address === 'object' ? d.address : {}) },
      }))
    : [];

const carrierName = (code: string) => (CARRIERS as Record<string, { name: string }>)[code]?.name ?? code;

export function deliveryView(
  d: StoredDelivery,
  index: number,
  shipment: DetailRows['shipments'][number] | undefined,
  input: ActionInput,
): AdminDelivery {
  return {
    index,
    address: d.address,
    delivery_date: d.delivery_date ?? null,
    delivery_timezone: d.delivery_timezone ?? null,
    delivery_timezone_label: timezoneLabelOf(d.delivery_timezone ?? null),
    packing_name: d.packing_name ?? null,
    packing_fee: d.packing_fee ?? 0,
    noshi_type: d.noshi_type ?? null,
    noshi_name: d.noshi_name ?? null,
    noshi_fee: d.noshi_fee ?? 0,
    carriage: d.carriage ?? 0,
    shipment: shipment
      ? {
          carrier: shipment.carrier,
          carrier_name: carrierName(shipment.carrier),
          tracking_no: shipment.tracking_no,
          tracking_url: trackingUrl(shipment.carrier, shipment.tracking_no),
          shipped_at: shipment.shipped_at.toISOString(),
          editor_name: shipment.editor_name,
        }
      : null,
    can_ship: canShipDelivery(input, index),
  };
}

/** What staff must still do by hand after a cancellation (orders.others, services/orders/cancel-core.ts). */
export function warningsOf(others: unknown, status: string): string[] {
  const o = (others ?? {}) as { cancel_only_ecd_key?: unknown; point_shortfall?: unknown };
  const out: string[] = [];
  const refund = manualRefundOf(others);
  if (refund && !refund.refunded_at) {
    out.push(`お支払い済みの${formatYen(refund.amount)}は自動では返金されません。お客様へ別途ご返金ください。`);
  }
  if (status === 'cancelled' && o.cancel_only_ecd_key === 'payment_void_pending')
    out.push('カードの与信取消が完了していません。決済代行会社の状態を確認し、必要ならキャンセルをもう一度実行してください。');
  if (status === 'cancelled' && o.cancel_only_ecd_key === 'payment_refund_pending')
    out.push('カードの返金が完了していません。決済代行会社の状態を確認し、必要ならキャンセルをもう一度実行してください。');
  if (typeof o.point_shortfall === 'number' && o.point_shortfall > 0)
    out.push(`お客様がすでに使った${o.point_shortfall.toLocaleString('ja-JP')}ポイントは取り消せませんでした。`);
  return out;
}

/** Who wrote a history entry: its detail says (orders/history.ts); a staff name means staff. */
function byOf(h: DetailRows['histories'][number]): 'staff' | 'customer' | 'system' {
  const by = (h.detail as { by?: unknown } | null)?.by;
  if (by === 'staff' || by === 'customer' || by === 'system') return by;
  return h.editor_name ? 'staff' : 'system';
}

/** The history newest first; the order itself last, and a customer's own cancellation when no entry records one. */
function historyOf(r: DetailRows): AdminOrderDetail['history'] {
  const o = r.order;
  const entries: AdminOrderDetail['history'] = r.histories.map((h) => ({
    at: h.at.toISOString(),
    action: h.action,
    message: h.message,
    by: byOf(h),
    editor_name: h.editor_name,
  }));
  // A cancellation from before order histories were written (the member's own) still shows.
  if (o.cancelled_at && !r.histories.some((h) => h.action === 'cancel')) {
    entries.push({
      at: o.cancelled_at.toISOString(),
      action: 'cancel',
      message: `キャンセルされました（${o.cancel_reason ?? '理由なし'}）`,
      by: 'customer',
      editor_name: null,
    });
  }
  entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  entries.push({ at: o.created_at.toISOString(), action: 'ordered', message: 'ご注文', by: 'customer', editor_name: null });
  return entries;
}

/** The detail on the wire. */
export function detailView(r: DetailRows): AdminOrderDetail {
  const o = r.order;
  const c = (o.customer ?? {}) as StoredCustomer;
  const stored = deliveriesOf(o);
  const card = r.transactions.filter((t) => t.method === 'card').at(-1);
  const input: ActionInput = {
    status: o.status,
    payment_status: o.payment_status,
    payment_code: o.payment_code,
    shipped: r.shipments.map((s) => s.shipping_index),
    deliveries: stored.length,
    lines: stored.map((_, i) => r.items.filter((l) => l.shipping_index === i).length),
    charge_status: card?.status ?? null,
    others: o.others,
  };
  const state = orderState(o.status, r.shipments.length, stored.length);
  const lineTax = r.items.reduce((s, i) => s + i.tax_amount, 0);
  const note = (o.others as { note?: unknown } | null)?.note;
  return {
    id: o.id,
    order_no: o.order_no,
    channel_id: o.channel_id,
    ordered_at: o.created_at.toISOString(),
    status: o.status,
    state,
    state_label: stateLabel(state),
    customer: {
      user_id: o.user_id ?? c.user_id ?? null,
      is_guest: o.is_guest === true,
      username: c.username ?? null,
      last_name: c.last_name ?? '',
      first_name: c.first_name ?? '',
      last_name_kana: c.last_name_kana ?? '',
      first_name_kana: c.first_name_kana ?? '',
      email: c.email ?? '',
      phone_number: c.phone_number ?? null,
      cell_phone_number: c.cell_phone_number ?? null,
    },
    lines: r.items.map((i) => ({
      id: i.id,
      code: i.code,
      name: i.name,
      unit_price: i.unit_price,
      unit_price_with_tax: priceWithTax(i.unit_price, i.tax_rate),
      tax_rate: i.tax_rate,
      quantity: i.quantity,
      subtotal_with_tax: i.subtotal + i.tax_amount,
      coupon_discount: i.coupon_discount,
      shipping_index: i.shipping_index,
      embroidery: embroideryOf(i.embroidery),
    })),
    deliveries: stored.map((d, i) =>
      deliveryView(
        d,
        i,
        r.shipments.find((s) => s.shipping_index === i),
        input,
      ),
    ),
    social_gift: r.gift,
    totals: {
      subtotal_with_tax: o.subtotal + lineTax,
      total_tax: o.total_tax,
      total_carriage: o.total_carriage,
      total_packing: o.total_packing,
      total_fee: o.total_fee,
      total_discount: o.total_discount,
      shop_discount: o.shop_discount,
      use_point: o.use_point,
      total_payment: o.total_payment,
    },
    payment: {
      code: o.payment_code,
      name: o.payment_name,
      status: o.payment_status,
      status_label: paymentStatusLabel(o.payment_status),
      detail: publicPaymentDetail(o.payment_detail),
      transactions: r.transactions.map((t) => ({ ...t, created_at: t.created_at.toISOString(), updated_at: t.updated_at.toISOString() })),
    },
    points: { used: o.use_point, earned: o.earned_point, earned_state: r.earn },
    coupons: Array.isArray(o.coupons) ? (o.coupons as { code: string; name: string; discount: number }[]) : [],
    messages: { note: typeof note === 'string' ? note : '', inquiries: r.inquiries },
    cancel_reason: o.cancel_reason,
    cancelled_at: o.cancelled_at?.toISOString() ?? null,
    warnings: warningsOf(o.others, o.status),
    history: historyOf(r),
    actions: orderActions(input),
  };
}
