/**
 * GET /admin/v1/orders/{id}: reads one order of the channel with everything its staff screen shows
 * (detail-view.ts shapes it). Another channel's order is a 404 unless `channel=` names that channel
 * or is `all` (as the list's filter). Payment transactions are read without the provider's reference; the
 * customer's inquiries are those of the order's channel that name its order number, in the business
 * form's 注文番号 field or in the message itself.
 */
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { AdminOrderDetail } from '#contracts/admin-order-detail.ts';
import { inquiryNumber } from '#contracts/inquiries.ts';
import type { Db } from '../../../db/client.ts';
import {
  inquiries,
  order_histories,
  order_items,
  order_shipments,
  orders,
  payment_methods,
  payment_transactions,
  social_gifts,
  users,
} from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { earnStatesOf } from '../../points/pending.ts';
import { orderGiftView } from '../../social-gifts/status.ts';
import { type DetailRows, detailView } from './detail-view.ts';
import { contains, scopeChannel } from './filters.ts';

/** At most this many inquiries are listed with an order. */
const INQUIRIES_LISTED = 20;

async function inquiriesNaming(db: Db, channelId: string, orderNo: string): Promise<DetailRows['inquiries']> {
  const rows = await db
    .select({ id: inquiries.id, created_at: inquiries.created_at, payload: inquiries.payload })
    .from(inquiries)
    .where(
      and(
        eq(inquiries.channel_id, channelId),
        or(sql`${inquiries.payload}->'extend'->>'order_no' = ${orderNo}`, sql`${inquiries.payload}->>'body' like ${contains(orderNo)}`),
      ),
    )
    .orderBy(desc(inquiries.created_at), desc(inquiries.id))
    .limit(INQUIRIES_LISTED);
  return rows.map((r) => {
    const p = (r.payload ?? {}) as Record<string, unknown>;
    const s = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
    return {
      number: inquiryNumber(r.id),
      created_at: r.created_at.toISOString(),
      category_name: s('category_name'),
      name: s('name'),
      email: s('email'),
      body: s('body'),
    };
  });
}

/** One order as the staff's screen shows it. */
export async function adminOrderDetail(db: Db, channelId: string, id: number, channel?: string): Promise<AdminOrderDetail> {
  const scope = await scopeChannel(db, channelId, channel);
  const [order] = await db
    .select({ o: orders, payment_code: payment_methods.code, is_guest: users.is_guest })
    .from(orders)
    .leftJoin(payment_methods, eq(payment_methods.id, orders.payment_id))
    .leftJoin(users, eq(users.id, orders.user_id))
    .where(and(eq(orders.id, id), scope ? eq(orders.channel_id, scope) : undefined))
    .limit(1);
  if (!order) throw notFound('ご注文');
  const o = order.o;
  const [items, shipments, transactions, histories, found, gift, earn] = await Promise.all([
    db.select().from(order_items).where(eq(order_items.order_id, id)).orderBy(asc(order_items.shipping_index), asc(order_items.id)),
    db.select().from(order_shipments).where(eq(order_shipments.order_id, id)).orderBy(asc(order_shipments.shipping_index)),
    db
      .select({
        id: payment_transactions.id,
        method: payment_transactions.method,
        status: payment_transactions.status,
        amount: payment_transactions.amount,
        captured_amount: payment_transactions.captured_amount,
        refunded_amount: payment_transactions.refunded_amount,
        created_at: payment_transactions.created_at,
        updated_at: payment_transactions.updated_at,
      })
      .from(payment_transactions)
      .where(eq(payment_transactions.order_id, id))
      .orderBy(asc(payment_transactions.id)),
    db.select().from(order_histories).where(eq(order_histories.order_id, id)).orderBy(desc(order_histories.at), desc(order_histories.id)),
    inquiriesNaming(db, o.channel_id, o.order_no),
    o.is_social_gift ? db.select().from(social_gifts).where(eq(social_gifts.order_id, id)).limit(1) : Promise.resolve([]),
    earnStatesOf(db, [o]),
  ]);
  return detailView({
    order: { ...o, payment_code: order.payment_code, is_guest: order.is_guest },
    items,
    shipments,
    transactions,
    histories,
    inquiries: found,
    gift: gift[0] ? orderGiftView(gift[0]) : null,
    earn: earn.get(id) ?? null,
  });
}
