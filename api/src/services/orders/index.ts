/** The member's orders: the wire Order and the reads of GET /v1/me/orders… and /v1/carts/order/{order_no}. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DeliveryAddress } from '#contracts/addresses.ts';
import type { AmountByTaxRate } from '#contracts/cart.ts';
import { PAGE_SIZE } from '#contracts/constants.ts';
import { timezoneLabelOf } from '#contracts/delivery-choices.ts';
import { embroideryOf } from '#contracts/embroidery-choices.ts';
import { type EarnPointState, ORDER_STATUS_LABELS, type Order, type OrderShipping, type OrderStatus } from '#contracts/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { order_items, orders, social_gifts } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';
import { publicPaymentDetail } from '../payments/methods.ts';
import { earnStatesOf } from '../points/pending.ts';
import { orderGiftView, type SocialGiftRow } from '../social-gifts/status.ts';
import { asTaxRate, priceWithTax } from '../tax/index.ts';

type Conn = Db | Tx;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof order_items.$inferSelect;

/** orders.shippings as stored: the decision's snapshot of the cart's shipments (older rows: fewer fields). */
type StoredShipment = { address: DeliveryAddress } & Partial<Omit<OrderShipping, 'address' | 'delivery_timezone_label'>> & {
    delivery_timezone?: string | null;
  };

/** One stored shipment on the wire: what was decided, defaults where an older snapshot lacks a field. */
function orderShipping(s: StoredShipment): OrderShipping {
  return {
    address: s.address,
    product_keys: s.product_keys ?? [],
    delivery_date: s.delivery_date ?? null,
    delivery_timezone_label: timezoneLabelOf(s.delivery_timezone ?? null),
    packing_name: s.packing_name ?? null,
    packing_fee: s.packing_fee ?? 0,
    noshi_type: s.noshi_type ?? null,
    noshi_name: s.noshi_name ?? null,
    noshi_fee: s.noshi_fee ?? 0,
    carriage: s.carriage ?? 0,
  };
}

/** The wire Order (pure). A social gift's order never shows the receiver's address, only the gift's status. */
export function serializeOrder(o: OrderRow, items: OrderItemRow[], gift?: SocialGiftRow | null, earn?: EarnPointState): Order {
  const lineTax = items.reduce((s, i) => s + i.tax_amount, 0);
  const status = (o.status in ORDER_STATUS_LABELS ? o.status : 'ordered') as OrderStatus;
  return {
    id: o.id,
    order_no: o.order_no,
    status,
    status_label: ORDER_STATUS_LABELS[status],
    ordered_at: o.created_at.toISOString(),
    payment_id: o.payment_id,
    payment_name: o.payment_name,
    payment_status: o.payment_status,
    payment_detail: publicPaymentDetail(o.payment_detail),
    items: items.map((i) => ({
      key: i.key,
      code: i.code,
      name: i.name,
      image: i.image,
      unit_price: i.unit_price,
      unit_price_with_tax: priceWithTax(i.unit_price, i.tax_rate),
      tax_rate: asTaxRate(i.tax_rate),
      quantity: i.quantity,
      tax_amount: i.tax_amount,
      subtotal_with_tax: i.subtotal + i.tax_amount,
      embroidery: embroideryOf(i.embroidery),
    })),
    shippings: o.is_social_gift ? [] : (o.shippings as StoredShipment[]).map(orderShipping),
    note: typeof (o.others as { note?: unknown } | null)?.note === 'string' ? (o.others as { note: string }).note : '',
    order: {
      subtotal: o.subtotal,
      subtotal_with_tax: o.subtotal + lineTax,
      total_tax: o.total_tax,
      total_carriage: o.total_carriage,
      total_packing: o.total_packing,
      total_fee: o.total_fee,
      total_discount: o.total_discount,
      use_point: o.use_point,
      total_payment: o.total_payment,
      amount_by_tax_rate: o.amount_by_tax_rate as AmountByTaxRate[],
      earn_point: o.earned_point,
    },
    user_order_total_payment: o.total_payment,
    cancel_reason: o.cancel_reason,
    // Set while a cancelled order's card authorisation is not voided yet (services/orders/cancel.ts).
    cancel_only_ecd_key:
      o.status === 'cancelled' && typeof (o.others as { cancel_only_ecd_key?: unknown } | null)?.cancel_only_ecd_key === 'string'
        ? (o.others as { cancel_only_ecd_key: string }).cancel_only_ecd_key
        : null,
    social_gift: gift ? orderGiftView(gift) : null,
    ...(earn ? { earn_point_state: earn } : {}),
    coupons: Array.isArray(o.coupons) ? (o.coupons as { code: string; name: string; discount: number }[]) : [],
  };
}

async function withItems(db: Conn, rows: OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const items = await db
    .select()
    .from(order_items)
    .where(
      inArray(
        order_items.order_id,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(order_items.id));
  const giftIds = rows.filter((r) => r.is_social_gift).map((r) => r.id);
  const gifts = giftIds.length ? await db.select().from(social_gifts).where(inArray(social_gifts.order_id, giftIds)) : [];
  const earn = await earnStatesOf(db, rows);
  return rows.map((o) =>
    serializeOrder(
      o,
      items.filter((i) => i.order_id === o.id),
      gifts.find((g) => g.order_id === o.id),
      earn.get(o.id),
    ),
  );
}

/** The member's orders of the channel, newest first, one page (paged only: a long history never comes whole). */
export async function listOrders(
  db: Conn,
  channelId: string,
  userId: number,
  query: { page?: number; per?: number },
): Promise<PageResult<Order>> {
  const page = pageOf(query, PAGE_SIZE.default)!;
  const where = and(eq(orders.user_id, userId), eq(orders.channel_id, channelId));
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.created_at), desc(orders.id)).limit(page.per).offset(page.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(where),
  ]);
  return { items: await withItems(db, rows), total: n, page };
}

/** One of the member's orders by id; anyone else's is 404. */
export async function getOrder(db: Conn, userId: number, id: number): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.user_id, userId)))
    .limit(1);
  if (!row) throw notFound('ご注文');
  return (await withItems(db, [row]))[0];
}

/** One of the member's orders by order number; anyone else's is 404. */
export async function getOrderByNo(db: Conn, userId: number, orderNo: string): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.order_no, orderNo), eq(orders.user_id, userId)))
    .limit(1);
  if (!row) throw notFound('ご注文');
  return (await withItems(db, [row]))[0];
}
