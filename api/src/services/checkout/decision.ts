/**
 * The order decision (POST /v1/carts/{token}/decision), one transaction: lock the cart row, take
 * the stock with conditional updates (never below zero), write the order and its lines, link the
 * cart, queue the confirmation mail. The cart lock plus the unique orders.cart_id make a repeated
 * or concurrent decision return the first order instead of creating a second.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { embroideryOf } from '#contracts/embroidery-choices.ts';
import type { ChannelRow, UserRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { carts, order_items, orders, product_channels, products } from '../../db/schema/index.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { findCart, ownedBy } from '../carts/access.ts';
import { cartBenefits } from '../carts/benefits.ts';
import { siteNameOf } from '../carts/channel-settings.ts';
import { cartErrors } from '../carts/errors.ts';
import { priceWithPaymentFee } from '../carts/pricing.ts';
import { cartLinesQuery } from '../carts/queries.ts';
import { assertCartSelling } from '../carts/selling.ts';
import { assertGiftPayment, cartSocialGift } from '../carts/social-gift.ts';
import type { CartLine } from '../carts/types.ts';
import { queueOrderConfirmation, siteName } from '../mail/index.ts';
import { recordOrderBenefits } from '../orders/benefits.ts';
import { paymentById } from '../payments/index.ts';
import { openSocialGift } from '../social-gifts/create.ts';
import { asTaxRate } from '../tax/index.ts';
import { type Settle, settleOffline } from './settle.ts';
import { decisionShipments } from './shipments.ts';

type Conn = Db | Tx;

/** "20260102-000123": the Japan date of the order and its id. */
export function formatOrderNo(id: number, at: Date): string {
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .replaceAll('-', '');
  return `${ymd}-${String(id).padStart(6, '0')}`;
}

/** `social_gift_url`: a gift order's link, given once (only its hash is kept). */
export interface Decision {
  order_id: number;
  order_no: string;
  created: boolean;
  social_gift_url?: string;
}

function isCartUniqueViolation(err: unknown): boolean {
  // drizzle wraps the driver error in `cause`; both pg and PGlite carry the SQLSTATE in `code`.
  for (let e = err as { code?: string; cause?: unknown; constraint?: string; message?: string } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return !e.constraint || e.constraint.includes('cart_id');
  }
  return false;
}

async function orderOfCart(db: Conn, cartId: number): Promise<Decision | null> {
  const [o] = await db.select({ order_id: orders.id, order_no: orders.order_no }).from(orders).where(eq(orders.cart_id, cartId)).limit(1);
  return o ? { ...o, created: false } : null;
}

/** POST /v1/carts/{token}/decision: places the cart's order once; later calls return that order. */
export async function decideCart(
  db: Db,
  channel: ChannelRow,
  user: UserRow,
  token: string,
  siteUrl = process.env.SITE_URL || 'http://localhost:4321',
  settle: Settle = settleOffline,
): Promise<Decision> {
  try {
    return await db.transaction((tx) => decideLocked(tx, channel, user, token, siteUrl, settle));
  } catch (err) {
    // A concurrent decision for this cart committed first: answer with its order.
    if (!isCartUniqueViolation(err)) throw err;
    const cart = await findCart(db, channel.id, token);
    const existing = cart ? await orderOfCart(db, cart.id) : null;
    if (!existing) throw err;
    return existing;
  }
}

async function decideLocked(tx: Tx, channel: ChannelRow, user: UserRow, token: string, siteUrl: string, settle: Settle): Promise<Decision> {
  // The locked row with its lines and shippings, in one statement.
  const cart = await findCart(tx, channel.id, token, true, true);
  if (!cart || !ownedBy(cart, user)) throw notFound('カート');
  if (cart.order_id != null) {
    const done = await orderOfCart(tx, cart.id);
    if (done) return done;
  }
  const now = new Date();
  if (cart.expires_at <= now) throw cartErrors.expired();
  // Selling stop, on the settings read with the locked cart row.
  await assertCartSelling(tx, cart);

  const lines: CartLine[] = cart.lines ?? (await cartLinesQuery(tx, cart.id));
  if (!lines.length) throw cartErrors.empty();
  // The shipments with lines; a delivery date no longer choosable refuses the decision (checkout/shipments.ts).
  const delivery = await decisionShipments(tx, channel.id, cart, lines, now);
  // A social gift has no address yet: the receiver enters it through the link.
  if (!delivery.count && !cart.is_social_gift) throw cartErrors.noShipping();
  const payment =
    cart.payment_row !== undefined ? cart.payment_row : cart.payment_id != null ? await paymentById(tx, cart.payment_id) : null;
  if (!payment?.is_active) throw cartErrors.noPayment();
  assertGiftPayment(cart, payment);
  // A guest purchase's member gives its e-mail through PUT /v1/me/user first: the confirmation goes there.
  if (!user.email) throw unprocessable('ご注文の前に、お客様情報（メールアドレス）を入力してください。', 'cart.decision.email_required');
  // A member whose channel verifies the e-mail first (registration, a synced login) buys only once the
  // mailed link is opened: before that the account proves nothing about the address it orders with.
  if (!user.is_guest && !user.is_registered_member) {
    throw unprocessable(
      'メールアドレスの確認が完了していません。お送りしたメールのリンクを開いてから、ご注文ください。',
      'cart.decision.unverified',
    );
  }

  // Lines read with the locked row say whether their product is sold here; others are looked up.
  const sellable = lines.every((l) => l.in_channel !== undefined)
    ? new Set(lines.filter((l) => l.in_channel).map((l) => l.product_id))
    : new Set(
        (
          await tx
            .select({ id: product_channels.product_id })
            .from(product_channels)
            .where(
              and(
                eq(product_channels.channel_id, channel.id),
                inArray(
                  product_channels.product_id,
                  lines.map((l) => l.product_id),
                ),
              ),
            )
        ).map((r) => r.id),
      );
  for (const l of lines) if (!l.is_published || !sellable.has(l.product_id)) throw cartErrors.notSale(l.name);

  // Take stock product by product in id order, so concurrent decisions lock rows in the same order
  // and cannot deadlock. The condition `stock >= q` is what keeps stock from going below zero.
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.product_id, (wanted.get(l.product_id) ?? 0) + l.quantity);
  const locked = new Map<number, { product_price: number; tax_rate: number; name: string; code: string; image: string | null }>();
  for (const [productId, quantity] of [...wanted].sort((a, b) => a[0] - b[0])) {
    const [row] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}`, updated_at: now })
      .where(and(eq(products.id, productId), gte(products.stock, quantity)))
      .returning({
        product_price: products.product_price,
        tax_rate: products.tax_rate,
        name: products.name,
        code: products.code,
        image: products.image,
      });
    if (!row) {
      const [p] = await tx.select({ name: products.name, stock: products.stock }).from(products).where(eq(products.id, productId));
      throw cartErrors.stock(p?.name ?? '', p?.stock ?? 0);
    }
    locked.set(productId, row);
  }

  // Priced from the rows just locked, so the order matches the figures the stock was taken at.
  const items = lines.map((l) => ({ ...l, ...locked.get(l.product_id)!, unit_price: locked.get(l.product_id)!.product_price }));
  // Coupon, points and carriage as the cart showed them (services/carts/benefits.ts).
  const benefits = await cartBenefits(tx, cart, user, channel.id, items, now);
  // The fee is the method's, by amount band where it has them (代引).
  const pricing = priceWithPaymentFee(payment, {
    lines: items.map((i, n) => ({
      unit_price: i.unit_price,
      tax_rate: asTaxRate(i.tax_rate),
      quantity: i.quantity,
      shipment: delivery.plan.lineShipment[n],
    })),
    shipments: delivery.plan.shipments,
    paymentFee: payment.fee,
    discount: benefits.discount,
    usePoint: benefits.usePoint,
    carriage: benefits.carriage,
  });
  const t = pricing.order;

  // The id is drawn first so the order number (date + id) is written with the row, not patched in later.
  const seq = await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::text as id`);
  const [{ id }] = (seq as unknown as { rows: { id: string }[] }).rows;
  const orderId = Number(id);
  const orderNo = formatOrderNo(orderId, now);
  const shippingSnapshot = delivery.snapshot(pricing.shipmentCarriage);
  // The coupon use and the points (guarded updates), before any payment is asked for.
  const granted = await recordOrderBenefits(tx, { userId: user.id, email: user.email, orderId, benefits, lines: items, pricing, now });
  // The payment's rules on the final total, and what the shopper needs to pay (a card: its authorisation).
  const paid = await settle(tx, { cart, payment, orderId, orderNo, total: t.total_payment, fee: t.total_fee, at: now });
  await tx.insert(orders).values({
    id: orderId,
    order_no: orderNo,
    channel_id: channel.id,
    user_id: user.id,
    cart_id: cart.id,
    status: 'ordered',
    payment_id: payment.id,
    payment_name: payment.name,
    payment_status: paid.status,
    payment_detail: paid.detail,
    subtotal: t.subtotal,
    total_tax: t.total_tax,
    total_carriage: t.total_carriage,
    total_packing: t.total_packing,
    total_fee: t.total_fee,
    total_discount: t.total_discount,
    use_point: t.use_point,
    total_payment: t.total_payment,
    earned_point: granted.earned_point,
    coupons: granted.coupons,
    amount_by_tax_rate: t.amount_by_tax_rate,
    shippings: cart.is_social_gift ? [] : shippingSnapshot,
    is_social_gift: cart.is_social_gift,
    others: cart.others ?? {},
    customer: {
      user_id: user.id,
      username: user.username,
      email: user.email,
      last_name: user.last_name,
      first_name: user.first_name,
      last_name_kana: user.last_name_kana,
      first_name_kana: user.first_name_kana,
      phone_number: user.phone_number,
      cell_phone_number: user.cell_phone_number,
    },
    created_at: now,
  });
  await tx.insert(order_items).values(
    items.map((i, n) => ({
      order_id: orderId,
      product_id: i.product_id,
      key: i.key,
      code: i.code,
      name: i.name,
      image: i.image,
      unit_price: i.unit_price,
      tax_rate: i.tax_rate,
      quantity: i.quantity,
      tax_amount: pricing.lines[n].tax_amount,
      subtotal: pricing.lines[n].subtotal,
      coupon_discount: pricing.lines[n].coupon_discount,
      shipping_index: delivery.plan.lineShipment[n],
      // The cart line's 名入れ刺繍, kept with the order line as it was decided.
      embroidery: embroideryOf(i.embroidery),
    })),
  );
  await tx.update(carts).set({ order_id: orderId, user_id: user.id, updated_at: now }).where(eq(carts.id, cart.id));

  await queueOrderConfirmation(tx, {
    channelId: channel.id,
    siteName: cart.channel_settings ? siteNameOf(cart.channel_settings, channel.name) : await siteName(tx, channel.id, channel.name),
    to: user.email,
    customerName: `${user.last_name} ${user.first_name}`.trim() || user.username,
    orderNo,
    orderedAt: now,
    items: items.map((i, n) => ({
      name: i.name,
      code: i.code,
      tax_rate: i.tax_rate,
      quantity: i.quantity,
      unit_price_with_tax: pricing.lines[n].unit_price_with_tax,
      subtotal_with_tax: pricing.lines[n].subtotal_with_tax,
      embroidery: embroideryOf(i.embroidery),
    })),
    totals: t,
    payment: { code: payment.code, name: payment.name, description: payment.description, settings: payment.settings },
    paymentLines: paid.mailLines,
    address: cart.is_social_gift ? null : shippingSnapshot[0].address,
    shipments: delivery.mail(pricing.shipmentCarriage),
  });
  const gift = cartSocialGift(cart);
  const link =
    gift &&
    (await openSocialGift(tx, {
      channelId: channel.id,
      orderId,
      orderNo,
      gift,
      siteUrl,
      siteName: cart.channel_settings ? siteNameOf(cart.channel_settings, channel.name) : await siteName(tx, channel.id, channel.name),
      senderEmail: user.email,
      customerName: `${user.last_name} ${user.first_name}`.trim() || user.username,
      items: items.map((i) => ({ name: i.name, quantity: i.quantity })),
      now,
    }));
  return { order_id: orderId, order_no: orderNo, created: true, ...(link ? { social_gift_url: link.url } : {}) };
}
