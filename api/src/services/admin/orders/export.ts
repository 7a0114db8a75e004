/**
 * GET /admin/v1/orders/export.csv: every order matching the list's filters (all pages, in the list's
 * order), written in one of the layouts (B2 クラウド, e飛伝III, 受注一覧) and encodings (csv.ts). At
 * most ORDER_EXPORT_MAX orders: more is a 422 asking for a narrower filter, counted before anything
 * is read, so an export never holds more than that in memory (about 5 MB of text at the cap).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type AdminOrderExportQuery, ORDER_EXPORT_MAX, type OrderExportFormat, paymentStatusLabel } from '#contracts/admin-orders.ts';
import type { Db } from '../../../db/client.ts';
import { order_items, order_shipments, orders, payment_methods, settings } from '../../../db/schema/index.ts';
import { unprocessable } from '../../../lib/errors.ts';
import { type Cell, csvText, encodeCsv, jstToday } from './csv.ts';
import { B2_HEADER, b2Rows } from './csv-b2.ts';
import { EHIDEN_HEADER, ehidenRows } from './csv-ehiden.ts';
import { ORDERS_HEADER, ordersRows } from './csv-orders.ts';
import { deliveriesOf } from './detail-view.ts';
import { type ExportOrder, SHIPPER_SETTINGS, type Shipper } from './export-types.ts';
import { orderSort, orderWhere, scopeChannel } from './filters.ts';
import type { StoredCustomer } from './list.ts';
import { orderState, stateLabel } from './state.ts';

const CHUNK = 1000;

const LAYOUTS: Record<
  OrderExportFormat,
  { header: readonly string[]; rows: (o: ExportOrder[], s: (ch: string) => Shipper, day: string) => Cell[][] }
> = {
  b2: { header: B2_HEADER, rows: b2Rows },
  ehiden: { header: EHIDEN_HEADER, rows: ehidenRows },
  orders: { header: ORDERS_HEADER, rows: (o) => ordersRows(o) },
};

/** The sender of each channel, from its SHIPPER.* settings (SITE.NAME for a missing name). */
async function shippers(db: Db, channelIds: string[]): Promise<Map<string, Shipper>> {
  const keys = [...Object.values(SHIPPER_SETTINGS), 'SITE.NAME'];
  const rows = channelIds.length
    ? await db
        .select()
        .from(settings)
        .where(and(inArray(settings.channel_id, channelIds), inArray(settings.key, keys)))
    : [];
  const out = new Map<string, Shipper>();
  for (const id of channelIds) {
    const value = (key: string) => {
      const v = rows.find((r) => r.channel_id === id && r.key === key)?.value;
      return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
    };
    const s = Object.fromEntries(Object.entries(SHIPPER_SETTINGS).map(([field, key]) => [field, value(key)])) as unknown as Shipper;
    out.set(id, { ...s, name: s.name || value('SITE.NAME') });
  }
  return out;
}

async function inChunks<T>(ids: number[], read: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

/** The orders of the export with their lines and shipments, in the list's order. */
async function exportOrders(db: Db, channelId: string, query: AdminOrderExportQuery): Promise<ExportOrder[]> {
  const where = await orderWhere(db, await scopeChannel(db, channelId, query.channel), query);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  if (Number(n) > ORDER_EXPORT_MAX) {
    throw unprocessable(
      `一度に出力できるのは${ORDER_EXPORT_MAX.toLocaleString('ja-JP')}件までです（該当 ${Number(n).toLocaleString('ja-JP')}件）。期間などで絞り込んでください。`,
      'order.export.too_many',
    );
  }
  const rows = await db
    .select({ o: orders, payment_code: payment_methods.code })
    .from(orders)
    .leftJoin(payment_methods, eq(payment_methods.id, orders.payment_id))
    .where(where)
    .orderBy(orderSort(query))
    .limit(ORDER_EXPORT_MAX);
  const ids = rows.map((r) => r.o.id);
  const items = await inChunks(ids, (part) =>
    db
      .select({
        order_id: order_items.order_id,
        code: order_items.code,
        name: order_items.name,
        quantity: order_items.quantity,
        shipping_index: order_items.shipping_index,
        subtotal: order_items.subtotal,
        tax_amount: order_items.tax_amount,
      })
      .from(order_items)
      .where(inArray(order_items.order_id, part))
      .orderBy(asc(order_items.order_id), asc(order_items.id)),
  );
  const shipped = await inChunks(ids, (part) =>
    db
      .select({ order_id: order_shipments.order_id, index: order_shipments.shipping_index })
      .from(order_shipments)
      .where(inArray(order_shipments.order_id, part)),
  );
  const linesOf = Map.groupBy(items, (i) => i.order_id);
  const shippedOf = Map.groupBy(shipped, (s) => s.order_id);
  return rows.map(({ o, payment_code }) => {
    const lines = linesOf.get(o.id) ?? [];
    const deliveries = deliveriesOf(o);
    const done = (shippedOf.get(o.id) ?? []).map((s) => s.index);
    const note = (o.others as { note?: unknown } | null)?.note;
    return {
      id: o.id,
      order_no: o.order_no,
      channel_id: o.channel_id,
      ordered_at: o.created_at,
      user_id: o.user_id,
      customer: (o.customer ?? {}) as StoredCustomer,
      status: o.status,
      state_label: stateLabel(orderState(o.status, done.length, deliveries.length)),
      payment_code,
      payment_name: o.payment_name,
      payment_status_label: paymentStatusLabel(o.payment_status),
      subtotal_with_tax: lines.reduce((s, l) => s + l.subtotal + l.tax_amount, 0),
      total_tax: o.total_tax,
      total_carriage: o.total_carriage,
      total_packing: o.total_packing,
      total_fee: o.total_fee,
      total_discount: o.total_discount,
      use_point: o.use_point,
      total_payment: o.total_payment,
      earned_point: o.earned_point,
      coupons: Array.isArray(o.coupons) ? (o.coupons as ExportOrder['coupons']) : [],
      note: typeof note === 'string' ? note : '',
      deliveries,
      shipped: done,
      lines: lines.map((l) => ({
        code: l.code,
        name: l.name,
        quantity: l.quantity,
        shipping_index: l.shipping_index,
        subtotal_with_tax: l.subtotal + l.tax_amount,
      })),
    };
  });
}

export interface CsvFile {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}

/** The export's file. */
export async function exportOrdersCsv(db: Db, channelId: string, query: AdminOrderExportQuery, now = new Date()): Promise<CsvFile> {
  const list = await exportOrders(db, channelId, query);
  const senders = await shippers(db, [...new Set(list.map((o) => o.channel_id))]);
  const layout = LAYOUTS[query.format];
  const day = jstToday(now);
  const text = csvText(
    layout.header,
    layout.rows(list, (ch) => senders.get(ch)!, day),
  );
  return {
    bytes: encodeCsv(text, query.encoding),
    filename: `orders-${query.format}-${day.replaceAll('-', '')}${query.encoding === 'sjis' ? '-sjis' : ''}.csv`,
    contentType: `text/csv; charset=${query.encoding === 'sjis' ? 'Shift_JIS' : 'utf-8'}`,
  };
}
