/** The wire Cart: lines priced from the live product rows, shippings, payment, flags. */
import { eq } from 'drizzle-orm';
import type { Cart, CartProduct } from '#contracts/cart.ts';
import { embroideryOf } from '#contracts/embroidery-choices.ts';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { shipmentPlan } from '../delivery/shipments.ts';
import { paymentById } from '../payments/index.ts';
import { loadProductsByIds } from '../products/catalog.ts';
import { asTaxRate } from '../tax/index.ts';
import { accessoryRefs } from './accessories.ts';
import { cartBenefits, couponParts, earnPointOf, wireCoupons } from './benefits.ts';
import { paymentInputView, transactionErrorOf } from './payment-choice.ts';
import { priceWithPaymentFee } from './pricing.ts';
import { cartStatements } from './queries.ts';
import { cartSocialGift } from './social-gift.ts';
import type { CartRow } from './types.ts';

/** The whole wire Cart for a cart row (read outside any transaction, through prepared statements). */
export async function buildCart(db: Db, cart: CartRow, channelId: string, user: UserRow | null): Promise<Cart> {
  const statements = cartStatements(db);
  const [lines, shippingRows, payment, order] = await Promise.all([
    // Lines and shippings came with the cart row when it was read with cartViewColumns.
    cart.lines ?? statements.cartLines.execute({ cartId: cart.id }),
    cart.shipping_rows ?? statements.cartShippings.execute({ cartId: cart.id }),
    // The payment method came with the cart row when it was read through queries.ts.
    cart.payment_row !== undefined
      ? Promise.resolve(cart.payment_row)
      : cart.payment_id != null
        ? paymentById(db, cart.payment_id)
        : Promise.resolve(null),
    cart.order_id != null
      ? db
          .select({ order_no: orders.order_no })
          .from(orders)
          .where(eq(orders.id, cart.order_id))
          .limit(1)
          .then((r) => r[0] ?? null)
      : Promise.resolve(null),
  ]);
  const infos = await loadProductsByIds(
    db,
    lines.map((l) => l.product_id),
    { channelId, userId: user?.id ?? null },
  );
  const shown = lines.filter((l) => infos.has(l.product_id));
  // Coupon, points (capped at the balance) and the carriage rule of the channel's settings.
  const benefits = await cartBenefits(db, cart, user, channelId, shown);
  // Which shipment each line goes with, and each shipment's wrapping and のし fees.
  const plan = await shipmentPlan(db, channelId, shown, shippingRows, { settings: cart.channel_settings, packings: cart.packing_rows });
  // The method's fee, by amount band where it has them (代引).
  const pricing = priceWithPaymentFee(payment?.is_active ? payment : null, {
    lines: shown.map((l, i) => ({
      unit_price: l.unit_price,
      tax_rate: asTaxRate(l.tax_rate),
      quantity: l.quantity,
      shipment: plan.lineShipment[i],
    })),
    shipments: plan.shipments,
    paymentFee: payment?.is_active ? payment.fee : 0,
    discount: benefits.discount,
    usePoint: benefits.usePoint,
    carriage: benefits.carriage,
  });
  // An accessory's line names the line it belongs to.
  const parentKeys = new Map(shown.flatMap((l) => accessoryRefs(l).map((r) => [r.key, l.key] as const)));
  const products: CartProduct[] = shown.map((l, i) => {
    const { coupon_discount: share, ...priced } = pricing.lines[i];
    return {
      key: l.key,
      product_info: infos.get(l.product_id)!,
      unit_price: l.unit_price,
      tax_rate: asTaxRate(l.tax_rate),
      quantity: l.quantity,
      ...priced,
      coupon_discount_parts: couponParts(benefits, share),
      shipping_id: shippingRows[plan.lineShipment[i]]?.id ?? null,
      parent_key: parentKeys.get(l.key) ?? null,
      embroidery: embroideryOf(l.embroidery),
    };
  });
  const shippings = plan.toWire(pricing.shipmentCarriage);
  const needs_login = user == null;
  const needs_shipping = shippings.length === 0 && !cart.is_social_gift;
  const needs_payment = !payment?.is_active;
  return {
    token: cart.token,
    expires_at: cart.expires_at.toISOString(),
    detail: {
      products,
      shippings,
      coupons: wireCoupons(benefits),
      order: { ...pricing.order, earn_point: earnPointOf(benefits, shown, pricing) },
      others: (cart.others ?? {}) as Record<string, unknown>,
    },
    payment_id: cart.payment_id,
    payment_name: payment?.name ?? null,
    order_no: order?.order_no ?? null,
    payment_input: paymentInputView(cart),
    transaction_error: transactionErrorOf(cart),
    is_social_gift: cart.is_social_gift,
    social_gift: cartSocialGift(cart),
    flags: {
      is_decidable: products.length > 0 && !needs_login && !needs_shipping && !needs_payment,
      needs_shipping,
      needs_payment,
      needs_login,
    },
    carriage: benefits.carriageView,
  };
}
