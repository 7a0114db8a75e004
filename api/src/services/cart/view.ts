/** The wire Cart: lines priced from the live product rows, shippings, payment, flags. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../context.ts';
import { orders } from '../../db/schema.ts';
import type { Cart, CartProduct } from '#contracts/cart.ts';
import { loadProductsByIds } from '../catalog.ts';
import { paymentById } from '../payments.ts';
import type { CartRow } from './access.ts';
import { asTaxRate } from './lines.ts';
import { priceCart } from './pricing.ts';
import { cartStatements } from './queries.ts';
import { toCartShipping } from './shipping.ts';
import { cartSocialGift } from '../social-gift/cart.ts';

/** The whole wire Cart for a cart row (read outside any transaction, through prepared statements). */
export async function buildCart(db: Db, cart: CartRow, channelId: string, user: UserRow | null): Promise<Cart> {
  const statements = cartStatements(db);
  const [lines, shippingRows, payment, order] = await Promise.all([
    statements.cartLines.execute({ cartId: cart.id }),
    statements.cartShippings.execute({ cartId: cart.id }),
    cart.payment_id != null ? paymentById(db, cart.payment_id) : Promise.resolve(null),
    cart.order_id != null
      ? db.select({ order_no: orders.order_no }).from(orders).where(eq(orders.id, cart.order_id)).limit(1).then((r) => r[0] ?? null)
      : Promise.resolve(null),
  ]);
  const infos = await loadProductsByIds(db, lines.map((l) => l.product_id), { channelId, userId: user?.id ?? null });
  const shown = lines.filter((l) => infos.has(l.product_id));
  const pricing = priceCart({
    lines: shown.map((l) => ({ unit_price: l.unit_price, tax_rate: asTaxRate(l.tax_rate), quantity: l.quantity })),
    paymentFee: payment?.is_active ? payment.fee : 0,
    usePoint: cart.use_point,
  });
  const products: CartProduct[] = shown.map((l, i) => ({
    key: l.key, product_info: infos.get(l.product_id)!, unit_price: l.unit_price, tax_rate: asTaxRate(l.tax_rate),
    quantity: l.quantity, ...pricing.lines[i], coupon_discount_parts: [],
  }));
  const shippings = shippingRows.map(toCartShipping);
  const needs_login = user == null;
  const needs_shipping = shippings.length === 0 && !cart.is_social_gift;
  const needs_payment = !payment?.is_active;
  return {
    token: cart.token,
    expires_at: cart.expires_at.toISOString(),
    detail: {
      products,
      shippings,
      coupons: (Array.isArray(cart.coupon_codes) ? cart.coupon_codes as string[] : []).map((code) => ({ code })),
      order: pricing.order,
      others: (cart.others ?? {}) as Record<string, unknown>,
    },
    payment_id: cart.payment_id,
    payment_name: payment?.name ?? null,
    order_no: order?.order_no ?? null,
    is_social_gift: cart.is_social_gift,
    social_gift: cartSocialGift(cart),
    flags: { is_decidable: products.length > 0 && !needs_login && !needs_shipping && !needs_payment, needs_shipping, needs_payment, needs_login },
  };
}
