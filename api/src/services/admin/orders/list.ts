/**
 * GET /admin/v1/orders: one page of the filtered orders (filters.ts), newest first by default, with
 * the total for the pagination headers. Each row carries what the list's table shows: the customer
 * from orders.customer (a copy taken at the decision), payment method and state, 対応状況 and
 * 発送 n/m.
 */
import { eq, sql } from 'drizzle-orm';
import { type AdminOrderListItem, type AdminOrderListQuery, ORDER_LIST_PER, paymentStatusLabel } from '#contracts/admin-orders.ts';
import type { Db } from '../../../db/client.ts';
import { orders, payment_methods } from '../../../db/schema/index.ts';
import { pageOf } from '../../../lib/pagination.ts';
import type { PageResult } from '../../../lib/respond.ts';
import { deliveryCount, orderSort, orderWhere, scopeChannel, shippedCount } from './filters.ts';
import { orderState, stateLabel } from './state.ts';

/** orders.customer as the decision writes it (older rows may lack fields). */
export interface StoredCustomer {
  user_id?: number | null;
  username?: string | null;
  email?: string | null;
  last_name?: string;
  first_name?: string;
  last_name_kana?: string;
  first_name_kana?: string;
  phone_number?: string | null;
  cell_phone_number?: string | null;
}

/** The columns a list row (and an export row) reads. */
export const listColumns = {
  id: orders.id,
  order_no: orders.order_no,
  channel_id: orders.channel_id,
  created_at: orders.created_at,
  user_id: orders.user_id,
  customer: orders.customer,
  status: orders.status,
  payment_name: orders.payment_name,
  payment_status: orders.payment_status,
  payment_code: payment_methods.code,
  total_payment: orders.total_payment,
  shipped: shippedCount,
  deliveries: deliveryCount,
};
interface ListRow {
  id: number;
  order_no: string;
  channel_id: string;
  created_at: Date;
  user_id: number | null;
  customer: unknown;
  status: string;
  payment_name: string;
  payment_status: string;
  payment_code: string | null;
  total_payment: number;
  shipped: number;
  deliveries: number;
}

const join = (a?: string | null, b?: string | null) => [a, b].filter((v) => v?.trim()).join(' ');

/** A list row on the wire (pure). */
export function listItem(r: ListRow): AdminOrderListItem {
  const c = (r.customer ?? {}) as StoredCustomer;
  const state = orderState(r.status, Number(r.shipped), Number(r.deliveries));
  return {
    id: r.id,
    order_no: r.order_no,
    channel_id: r.channel_id,
    ordered_at: r.created_at.toISOString(),
    customer_name: join(c.last_name, c.first_name) || (c.username ?? ''),
    customer_kana: join(c.last_name_kana, c.first_name_kana),
    email: c.email ?? '',
    phone: c.phone_number || c.cell_phone_number || null,
    user_id: r.user_id ?? c.user_id ?? null,
    payment_code: r.payment_code,
    payment_name: r.payment_name,
    payment_status: r.payment_status,
    payment_status_label: paymentStatusLabel(r.payment_status),
    state,
    state_label: stateLabel(state),
    shipped_count: Number(r.shipped),
    delivery_count: Number(r.deliveries),
    total_payment: r.total_payment,
  };
}

/** One page of the orders matching `query` in the channel of the call (or the one `channel=` names, or all). */
export async function listAdminOrders(db: Db, channelId: string, query: AdminOrderListQuery): Promise<PageResult<AdminOrderListItem>> {
  const page = pageOf(query, ORDER_LIST_PER)!;
  const where = await orderWhere(db, await scopeChannel(db, channelId, query.channel), query);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(listColumns)
      .from(orders)
      .leftJoin(payment_methods, eq(payment_methods.id, orders.payment_id))
      .where(where)
      .orderBy(orderSort(query))
      .limit(page.per)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { items: (rows as ListRow[]).map(listItem), total: Number(n), page };
}
