/**
 * What the export's formatters read (csv-b2.ts, csv-ehiden.ts, csv-orders.ts): an order with its
 * deliveries, lines and shipments, and the shop as the sender (ご依頼主) from the channel's settings.
 * Plain data, so the formatters are pure and tested without a database.
 */
import type { StoredDelivery } from './detail-view.ts';
import type { StoredCustomer } from './list.ts';

export interface ExportLine {
  code: string;
  name: string;
  quantity: number;
  shipping_index: number;
  subtotal_with_tax: number;
}

export interface ExportOrder {
  id: number;
  order_no: string;
  channel_id: string;
  ordered_at: Date;
  user_id: number | null;
  customer: StoredCustomer;
  status: string;
  state_label: string;
  payment_code: string | null;
  payment_name: string;
  payment_status_label: string;
  subtotal_with_tax: number;
  total_tax: number;
  total_carriage: number;
  total_packing: number;
  total_fee: number;
  total_discount: number;
  use_point: number;
  total_payment: number;
  earned_point: number;
  coupons: { code: string; name: string; discount: number }[];
  note: string;
  deliveries: StoredDelivery[];
  lines: ExportLine[];
  /** shipping_index of each delivery shipped. */
  shipped: number[];
}

/**
 * The sender printed on the labels (ご依頼主), and the carriers' contract codes, from the channel's
 * private settings (SHIPPER_SETTINGS); blank when unset (the carrier's software then uses the
 * sender registered there, or asks).
 */
export interface Shipper {
  name: string;
  name_kana: string;
  phone: string;
  postal_code: string;
  address: string;
  building: string;
  /** B2 クラウド: ご請求先顧客コード, ご請求先分類コード, 運賃管理番号. */
  yamato_billing_code: string;
  yamato_billing_class: string;
  yamato_freight_no: string;
  /** e飛伝: お客様コード. */
  sagawa_customer_code: string;
}

/** The settings key of each Shipper field (channel settings, private). SHIPPER.NAME falls back to SITE.NAME. */
export const SHIPPER_SETTINGS: Record<keyof Shipper, string> = {
  name: 'SHIPPER.NAME',
  name_kana: 'SHIPPER.NAME_KANA',
  phone: 'SHIPPER.PHONE',
  postal_code: 'SHIPPER.POSTAL_CODE',
  address: 'SHIPPER.ADDRESS',
  building: 'SHIPPER.BUILDING',
  yamato_billing_code: 'SHIPPER.YAMATO_BILLING_CODE',
  yamato_billing_class: 'SHIPPER.YAMATO_BILLING_CLASS',
  yamato_freight_no: 'SHIPPER.YAMATO_FREIGHT_NO',
  sagawa_customer_code: 'SHIPPER.SAGAWA_CUSTOMER_CODE',
};

/** One row per delivery (B2, e飛伝): the delivery, its index, and whether it collects the order's 代金引換. */
export interface DeliveryRow {
  order: ExportOrder;
  delivery: StoredDelivery;
  index: number;
  collect: boolean;
  customerNo: string;
}

/**
 * The deliveries to label: every delivery of each order not cancelled. A 代金引換 order collects its
 * whole total with its first delivery; its other deliveries go 発払い. お客様管理番号 is the order
 * number, with -1, -2 … when the order has several deliveries.
 */
export function deliveryRows(orders: ExportOrder[]): DeliveryRow[] {
  return orders
    .filter((o) => o.status !== 'cancelled')
    .flatMap((order) =>
      order.deliveries.map((delivery, index) => ({
        order,
        delivery,
        index,
        collect: order.payment_code === 'cod' && index === 0,
        customerNo: order.deliveries.length > 1 ? `${order.order_no}-${index + 1}` : order.order_no,
      })),
    );
}

/** The goods of one delivery, as 品名: each line's name (×n when more than one). */
export function goodsOf(order: ExportOrder, index: number): { code: string; name: string }[] {
  return order.lines
    .filter((l) => l.shipping_index === index)
    .map((l) => ({ code: l.code, name: l.quantity > 1 ? `${l.name} ×${l.quantity}` : l.name }));
}

/** The addressee's phone (address, else the customer's). */
export const phoneOf = (r: DeliveryRow) =>
  r.delivery.address.phone_number ||
  r.delivery.address.cell_phone_number ||
  r.order.customer.phone_number ||
  r.order.customer.cell_phone_number ||
  '';
