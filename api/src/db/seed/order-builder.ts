/**
 * Orders written straight into the database for the demo back office (seed/orders.ts) and for tests
 * that need an order in a given state without walking checkout. Each order is priced by the cart's
 * own functions (priceWithPaymentFee: tax once per rate, carriage per shipment, the method's fee by
 * band), earns its points as the decision does (earnedPoints at POINT.RATE), and carries the rows
 * a real order of that state has: its cart and shipping, its lines, its point rows (pending, granted
 * at payment or shipment, cancelled with the reversal rows), a card's payment_transactions row (a
 * made-up provider reference, `seed-…`, that no provider knows), its shipment, its history and the
 * staff's audit entries. The members' balances are set from their granted rows at the end.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { timezoneLabelOf } from '#contracts/delivery-choices.ts';
import type { CarriageRule } from '../../services/carts/pricing.ts';
import { priceWithPaymentFee } from '../../services/carts/pricing.ts';
import { formatOrderNo } from '../../services/checkout/decision.ts';
import type { PaymentRow } from '../../services/payments/index.ts';
import { offlineOutcome } from '../../services/payments/methods.ts';
import { earnedPoints } from '../../services/points/earn.ts';
import { POINT_REASONS, pointExpiryFrom } from '../../services/points/ledger.ts';
import { benefitSettingsOf } from '../../services/points/settings.ts';
import { randomToken } from '../../services/tokens/index.ts';
import { type AddressRow, toDeliveryAddress } from '../../services/user-addresses/index.ts';
import type { Db, Tx } from '../client.ts';
import {
  cart_shippings,
  carts,
  editors,
  order_histories,
  order_items,
  order_shipments,
  orders,
  payment_transactions,
  point_histories,
  settings,
  staff_audit_log,
  users,
} from '../schema/index.ts';
import { type OrderEvents, staffEvents } from './order-events.ts';

type UserRow = typeof users.$inferSelect;
export interface SeedProduct {
  id: number;
  code: string;
  name: string;
  image: string | null;
  product_price: number;
  tax_rate: number;
}
export interface SeedStaff {
  id: number;
  login: string;
  display_name: string;
  role: string;
}

export interface SeedOrderSpec extends OrderEvents {
  member: UserRow;
  address: AddressRow;
  lines: Array<[SeedProduct, number]>;
  payment: PaymentRow;
  at: Date;
  deliveryDate?: string | null;
  timezone?: string | null;
  usePoint?: number;
  konbiniStore?: string;
}

export interface BuildContext {
  carriage: (at: Date) => CarriageRule;
  pointRate: number;
  staff: SeedStaff;
  channelId: string;
}

/** The channel's carriage and point rate (its benefit settings) and the staff account named in histories. */
export async function orderContext(conn: Db | Tx, channelId: string, staffLogin: string): Promise<BuildContext> {
  const values = Object.fromEntries(
    (await conn.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.channel_id, channelId))).map((r) => [
      r.key,
      r.value,
    ]),
  );
  const [staff] = await conn.select().from(editors).where(eq(editors.login, staffLogin)).limit(1);
  return {
    carriage: (t) => benefitSettingsOf(values, t).carriage,
    pointRate: benefitSettingsOf(values).pointRate,
    channelId,
    staff: { id: staff.id, login: staff.login, display_name: staff.display_name, role: staff.role },
  };
}

const card = (m: UserRow) => ({ brand: 'visa', last4: '4242', expiry: '202912', name: `${m.first_name_kana} ${m.last_name_kana}` });

/** Writes the orders of `specs` (in that order) with every row they imply; answers their ids. */
export async function insertSeedOrders(tx: Db | Tx, specs: SeedOrderSpec[], ctx: BuildContext): Promise<number[]> {
  if (!specs.length) return [];
  const cartRows = await tx
    .insert(carts)
    .values(
      specs.map((s) => ({
        token: randomToken(),
        channel_id: ctx.channelId,
        user_id: s.member.id,
        payment_id: s.payment.id,
        use_point: s.usePoint ?? 0,
        expires_at: s.at,
        created_at: s.at,
        updated_at: s.at,
      })),
    )
    .returning({ id: carts.id });
  const shippingRows = await tx
    .insert(cart_shippings)
    .values(
      specs.map((s, i) => ({
        cart_id: cartRows[i].id,
        user_address_id: s.address.id,
        address: toDeliveryAddress(s.address),
        delivery_date: s.deliveryDate ?? null,
        delivery_timezone: s.timezone ?? null,
      })),
    )
    .returning({ id: cart_shippings.id });
  const seq = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id from generate_series(1, ${specs.length})`,
  );
  const ids = (seq as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);

  const out = {
    orders: [] as (typeof orders.$inferInsert)[],
    items: [] as (typeof order_items.$inferInsert)[],
    points: [] as (typeof point_histories.$inferInsert)[],
    txns: [] as (typeof payment_transactions.$inferInsert)[],
    shipments: [] as (typeof order_shipments.$inferInsert)[],
    histories: [] as (typeof order_histories.$inferInsert)[],
    audit: [] as (typeof staff_audit_log.$inferInsert)[],
  };
  specs.forEach((s, n) => {
    const id = ids[n];
    const orderNo = formatOrderNo(id, s.at);
    const keys = s.lines.map((_, i) => `s${id}l${i}`);
    const pricing = priceWithPaymentFee(s.payment, {
      lines: s.lines.map(([p, q]) => ({ unit_price: p.product_price, tax_rate: p.tax_rate as 8 | 10, quantity: q, shipment: 0 })),
      shipments: [{ packingFee: 0 }],
      paymentFee: s.payment.fee,
      usePoint: s.usePoint ?? 0,
      carriage: ctx.carriage(s.at),
    });
    const t = pricing.order;
    const earned = earnedPoints(
      s.lines.map(([p], i) => ({ tax_rate: p.tax_rate, subtotal_with_tax: pricing.lines[i].subtotal_with_tax, coupon_discount: 0 })),
      ctx.pointRate,
    );
    const isCard = s.payment.code === 'card';
    const offline = isCard
      ? null
      : offlineOutcome(s.payment, { orderNo, total: t.total_payment, fee: t.total_fee, at: s.at, konbiniStore: s.konbiniStore ?? null });
    const ref = `seed-${orderNo}`;
    let paymentStatus = isCard ? 'authorized' : offline!.status;
    let txnStatus = 'authorized';
    if (s.paidAt && paymentStatus === 'pending') paymentStatus = 'paid';
    if (s.shipped && isCard) paymentStatus = txnStatus = 'captured';
    const others: Record<string, unknown> = {};
    if (s.cancelled) {
      if (isCard && s.cancelled.voidFailed) {
        txnStatus = 'void_failed';
        others.cancel_only_ecd_key = 'payment_void_pending';
      } else {
        txnStatus = isCard ? 'voided' : txnStatus;
        paymentStatus = 'cancelled';
      }
    }
    // Points: earned pending, granted at the payment of a paid-first method or the shipment, dropped at a cancellation.
    const grantAt = s.shipped?.at ?? (s.paidAt && ['bank_transfer', 'konbini'].includes(s.payment.code) ? s.paidAt : undefined);
    if ((s.usePoint ?? 0) > 0)
      out.points.push({ user_id: s.member.id, amount: -t.use_point, reason: POINT_REASONS.used, order_id: id, created_at: s.at });
    if (earned > 0) {
      out.points.push(
        grantAt && !s.cancelled
          ? {
              user_id: s.member.id,
              amount: earned,
              reason: POINT_REASONS.earned,
              order_id: id,
              status: 'granted',
              created_at: grantAt,
              expires_at: pointExpiryFrom(grantAt),
            }
          : {
              user_id: s.member.id,
              amount: earned,
              reason: POINT_REASONS.earned,
              order_id: id,
              status: s.cancelled ? 'cancelled' : 'pending',
              created_at: s.at,
            },
      );
    }
    if (s.cancelled) {
      if (t.use_point > 0)
        out.points.push({
          user_id: s.member.id,
          amount: t.use_point,
          reason: POINT_REASONS.returned,
          order_id: id,
          created_at: s.cancelled.at,
          expires_at: pointExpiryFrom(s.cancelled.at),
        });
      if (earned > 0)
        out.points.push({ user_id: s.member.id, amount: 0, reason: POINT_REASONS.revoked, order_id: id, created_at: s.cancelled.at });
    }
    const address = toDeliveryAddress(s.address);
    out.orders.push({
      id,
      order_no: orderNo,
      channel_id: ctx.channelId,
      user_id: s.member.id,
      cart_id: cartRows[n].id,
      status: s.cancelled ? 'cancelled' : s.shipped ? 'shipped' : 'ordered',
      payment_id: s.payment.id,
      payment_name: s.payment.name,
      payment_status: paymentStatus,
      payment_detail: isCard ? { ...card(s.member), ref, amount: t.total_payment } : offline!.detail,
      subtotal: t.subtotal,
      total_tax: t.total_tax,
      total_carriage: t.total_carriage,
      total_packing: t.total_packing,
      total_fee: t.total_fee,
      total_discount: t.total_discount,
      use_point: t.use_point,
      total_payment: t.total_payment,
      earned_point: earned,
      coupons: [],
      amount_by_tax_rate: t.amount_by_tax_rate,
      others,
      shippings: [
        {
          cart_shipping_id: shippingRows[n].id,
          user_address_id: s.address.id,
          address,
          product_keys: keys,
          delivery_date: s.deliveryDate ?? null,
          delivery_timezone: s.timezone ?? null,
          delivery_timezone_label: timezoneLabelOf(s.timezone ?? null),
          packing_key: null,
          packing_name: null,
          packing_fee: 0,
          noshi_type: null,
          noshi_name: null,
          noshi_fee: 0,
          carriage: pricing.shipmentCarriage[0],
        },
      ],
      customer: {
        user_id: s.member.id,
        username: s.member.username,
        email: s.member.email,
        last_name: s.member.last_name,
        first_name: s.member.first_name,
        last_name_kana: s.member.last_name_kana,
        first_name_kana: s.member.first_name_kana,
        phone_number: s.member.phone_number,
        cell_phone_number: s.member.cell_phone_number,
      },
      cancel_reason: s.cancelled?.reason ?? null,
      cancelled_at: s.cancelled?.at ?? null,
      created_at: s.at,
    });
    s.lines.forEach(([p, q], i) => {
      out.items.push({
        order_id: id,
        product_id: p.id,
        key: keys[i],
        code: p.code,
        name: p.name,
        image: p.image,
        unit_price: p.product_price,
        tax_rate: p.tax_rate,
        quantity: q,
        tax_amount: pricing.lines[i].tax_amount,
        subtotal: pricing.lines[i].subtotal,
        coupon_discount: 0,
        shipping_index: 0,
      });
    });
    if (isCard) {
      out.txns.push({
        cart_id: cartRows[n].id,
        order_id: id,
        provider: 'test',
        method: 'card',
        provider_ref: ref,
        status: txnStatus,
        amount: t.total_payment,
        detail: { ...card(s.member), user_card_id: null },
        created_at: s.at,
        updated_at: s.cancelled?.at ?? s.shipped?.at ?? s.at,
      });
    }
    staffEvents(out, ctx, { id, spec: s });
  });
  await tx.insert(orders).values(out.orders);
  await tx.insert(order_items).values(out.items);
  if (out.points.length) await tx.insert(point_histories).values(out.points);
  if (out.txns.length) await tx.insert(payment_transactions).values(out.txns);
  if (out.shipments.length) await tx.insert(order_shipments).values(out.shipments);
  if (out.histories.length) await tx.insert(order_histories).values(out.histories);
  if (out.audit.length) await tx.insert(staff_audit_log).values(out.audit);
  await tx
    .update(carts)
    .set({ order_id: sql`(select o.id from ${orders} o where o.cart_id = ${carts.id})` })
    .where(
      inArray(
        carts.id,
        cartRows.map((c) => c.id),
      ),
    );
  const members = [...new Set(specs.map((s) => s.member.id))];
  await tx
    .update(users)
    .set({
      point_balance: sql`(select coalesce(sum(h.amount), 0) from ${point_histories} h where h.user_id = ${users.id} and h.status = 'granted')`,
    })
    .where(inArray(users.id, members));
  return ids;
}
