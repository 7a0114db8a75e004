/**
 * Carts: a random token per cart, owned by a channel and (once a member is known) a user, expiring
 * CART_TTL_DAYS after the last change. Every change runs in a transaction holding the cart row lock,
 * so changes and the order decision never interleave.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import type { ApiEnv } from '../env.ts';
import type { UserRow } from '../context.ts';
import { cart_items, cart_shippings, carts, orders, payment_methods, product_channels, products } from '../db/schema.ts';
import { notFound, unauthenticated, unprocessable } from '../lib/errors.ts';
import type { Cart, CartProduct, CartShipping } from '#contracts/cart.ts';
import type { DeliveryAddress } from '#contracts/addresses.ts';
import type { PaymentMethod } from '#contracts/payments.ts';
import { findAddress, toDeliveryAddress } from './addresses.ts';
import { priceCart } from './cart-pricing.ts';
import { loadProductsByIds } from './catalog.ts';
import { randomToken } from './tokens.ts';

type Conn = Db | Tx;
export type CartRow = typeof carts.$inferSelect;
export type PaymentRow = typeof payment_methods.$inferSelect;

/** Business-rule errors the storefront matches on by code (spec section 8). */
export const cartErrors = {
  expired: () => unprocessable('カートの有効期限が切れました。もう一度商品をカートに入れてください。', 'cart.common.is_expired'),
  ordered: () => unprocessable('このカートのご注文は確定済みです。', 'cart.common.is_ordered'),
  productNotFound: () => unprocessable('商品が見つかりません。', 'cart.product_not_found'),
  notSale: (name: string) => unprocessable(`「${name}」は現在販売しておりません。`, 'cart.update_products.not_sale'),
  stock: (name: string, left: number) => unprocessable(
    left > 0 ? `「${name}」の在庫が不足しています（残り${left}点）。` : `「${name}」は在庫切れです。`, 'cart.stock.insufficient'),
  lineNotFound: () => unprocessable('カート内の商品が見つかりません。', 'cart.item.not_found'),
  tooMany: () => unprocessable('一度にご注文いただける数量は99点までです。', 'cart.quantity.max'),
  addressNotFound: () => unprocessable('お届け先が見つかりません。', 'cart_detail.set_user_address.not_data'),
  paymentNotAvailable: () => unprocessable('選択されたお支払い方法はご利用いただけません。', 'cart.payment.not_available'),
};

/** Most of one product a line may hold (the contract's quantity limit). */
export const MAX_LINE_QUANTITY = 99;

const expiryFrom = (env: ApiEnv, now = new Date()) => new Date(now.getTime() + env.CART_TTL_DAYS * 86_400_000);

/** The channel's cart with this token, or null. */
export async function findCart(db: Conn, channelId: string, token: string, lock = false): Promise<CartRow | null> {
  const q = db.select().from(carts).where(and(eq(carts.token, token), eq(carts.channel_id, channelId))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** A cart that belongs to another member is answered as unknown: its token is not proof enough. */
function ownedBy(cart: CartRow, user: UserRow | null): boolean {
  return cart.user_id == null || user == null || cart.user_id === user.id;
}

/** Reads a cart for display (GET); binds it to the signed-in member if it has no owner yet. */
export async function readCart(db: Db, channelId: string, user: UserRow | null, token: string): Promise<CartRow> {
  let cart = await findCart(db, channelId, token);
  if (!cart || !ownedBy(cart, user)) throw notFound('カート');
  if (cart.expires_at <= new Date() && cart.order_id == null) throw cartErrors.expired();
  if (user && cart.user_id == null && cart.order_id == null) {
    [cart] = await db.update(carts).set({ user_id: user.id }).where(eq(carts.id, cart.id)).returning();
  }
  return cart;
}

/** POST /v1/carts/init: the stored cart when still usable, else a fresh one. */
export async function initCart(db: Db, env: ApiEnv, channelId: string, user: UserRow | null, input: { token?: string | null; invalid_product?: boolean }): Promise<CartRow> {
  const existing = input.token ? await findCart(db, channelId, input.token) : null;
  if (existing && ownedBy(existing, user) && existing.order_id == null && existing.expires_at > new Date()) {
    return mutateCart(db, env, channelId, user, existing.token, async (tx, cart) => {
      if (input.invalid_product) await dropUnsellableLines(tx, cart.id, channelId);
    });
  }
  const [created] = await db.insert(carts).values({
    token: randomToken(), channel_id: channelId, user_id: user?.id ?? null, expires_at: expiryFrom(env),
  }).returning();
  return created;
}

/**
 * Runs `change` on the locked cart inside a transaction, after the checks every change needs
 * (exists, owner, not expired, not ordered), binding the cart to the member and sliding its expiry.
 */
export async function mutateCart(db: Db, env: ApiEnv, channelId: string, user: UserRow | null, token: string,
  change: (tx: Tx, cart: CartRow) => Promise<void>): Promise<CartRow> {
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, channelId, token, true);
    if (!cart || !ownedBy(cart, user)) throw notFound('カート');
    if (cart.order_id != null) throw cartErrors.ordered();
    if (cart.expires_at <= new Date()) throw cartErrors.expired();
    await change(tx, cart);
    const [updated] = await tx.update(carts).set({
      expires_at: expiryFrom(env), updated_at: new Date(), ...(user && cart.user_id == null ? { user_id: user.id } : {}),
    }).where(eq(carts.id, cart.id)).returning();
    return updated;
  });
}

/** A product row with what adding it to a cart needs to know. */
async function productForSale(tx: Conn, channelId: string, productId: number) {
  const [p] = await tx.select({
    id: products.id, name: products.name, stock: products.stock, is_published: products.is_published,
    in_channel: sql<boolean>`exists (select 1 from ${product_channels} pc where pc.product_id = ${products.id} and pc.channel_id = ${channelId})`,
  }).from(products).where(eq(products.id, productId)).limit(1);
  if (!p) throw cartErrors.productNotFound();
  if (!p.is_published || !p.in_channel) throw cartErrors.notSale(p.name);
  return p;
}

function checkQuantity(p: { name: string; stock: number }, quantity: number) {
  if (quantity > MAX_LINE_QUANTITY) throw cartErrors.tooMany();
  if (quantity > p.stock) throw cartErrors.stock(p.name, p.stock);
}

/** Adds a product; a product already in the cart gets its line's quantity raised instead. */
export async function addProduct(tx: Tx, channelId: string, cart: CartRow, productId: number, quantity: number) {
  const p = await productForSale(tx, channelId, productId);
  const [line] = await tx.select().from(cart_items)
    .where(and(eq(cart_items.cart_id, cart.id), eq(cart_items.product_id, productId))).orderBy(asc(cart_items.id)).limit(1);
  const total = (line?.quantity ?? 0) + quantity;
  checkQuantity(p, total);
  if (line) await tx.update(cart_items).set({ quantity: total }).where(eq(cart_items.id, line.id));
  else await tx.insert(cart_items).values({ cart_id: cart.id, key: randomToken(6), product_id: productId, quantity });
}

/** Sets the quantity of the line `key`. */
export async function modifyProduct(tx: Tx, channelId: string, cart: CartRow, key: string, quantity: number) {
  const [line] = await tx.select().from(cart_items).where(and(eq(cart_items.cart_id, cart.id), eq(cart_items.key, key))).limit(1);
  if (!line) throw cartErrors.lineNotFound();
  checkQuantity(await productForSale(tx, channelId, line.product_id), quantity);
  await tx.update(cart_items).set({ quantity }).where(eq(cart_items.id, line.id));
}

/** Removes the line `key` and/or every line of the products `ids`. */
export async function deleteProducts(tx: Tx, cart: CartRow, key?: string, ids?: number[]) {
  if (key !== undefined) {
    const gone = await tx.delete(cart_items).where(and(eq(cart_items.cart_id, cart.id), eq(cart_items.key, key))).returning({ id: cart_items.id });
    if (!gone.length && !ids?.length) throw cartErrors.lineNotFound();
  }
  if (ids?.length) await tx.delete(cart_items).where(and(eq(cart_items.cart_id, cart.id), inArray(cart_items.product_id, ids)));
}

/** Empties the cart: lines, shippings, payment, coupons and points. */
export async function resetCart(tx: Tx, cart: CartRow) {
  await tx.delete(cart_items).where(eq(cart_items.cart_id, cart.id));
  await tx.delete(cart_shippings).where(eq(cart_shippings.cart_id, cart.id));
  await tx.update(carts).set({ payment_id: null, coupon_codes: [], use_point: 0 }).where(eq(carts.id, cart.id));
}

/** Drops lines whose product can no longer be sold here (after a product-not-found on init). */
async function dropUnsellableLines(tx: Tx, cartId: number, channelId: string) {
  await tx.delete(cart_items).where(and(eq(cart_items.cart_id, cartId), sql`not exists (
    select 1 from ${products} p join ${product_channels} pc on pc.product_id = p.id and pc.channel_id = ${channelId}
    where p.id = ${cart_items.product_id} and p.is_published)`));
}

/**
 * Delivers to one of the member's saved addresses. Only one shipping per order for now
 * (ORDER.SHIPPING.IS_ALLOW_MULTIPLE is false), so it replaces any earlier one.
 */
export async function addShipping(tx: Tx, cart: CartRow, user: UserRow | null, addressId: number) {
  if (!user) throw unauthenticated();
  const address = await findAddress(tx, user.id, addressId);
  if (!address) throw cartErrors.addressNotFound();
  await tx.delete(cart_shippings).where(eq(cart_shippings.cart_id, cart.id));
  await tx.insert(cart_shippings).values({ cart_id: cart.id, user_address_id: address.id, address: toDeliveryAddress(address) });
}

/** Clears the delivery choice (PATCH /v1/carts/shippings/reset). */
export async function resetShippings(tx: Tx, cart: CartRow) {
  await tx.delete(cart_shippings).where(eq(cart_shippings.cart_id, cart.id));
}

/** Payment methods a shopper can choose now, in display order. */
export function activePayments(db: Conn): Promise<PaymentRow[]> {
  return db.select().from(payment_methods).where(eq(payment_methods.is_active, true)).orderBy(asc(payment_methods.sort), asc(payment_methods.id));
}

export function serializePayment(p: PaymentRow): PaymentMethod {
  return { id: p.id, code: p.code, name: p.name, description: p.description, fee: p.fee };
}

/** Chooses the payment method; it must be one GET /v1/payments/carts/{token} offers. */
export async function setPayment(tx: Tx, cart: CartRow, paymentId: number) {
  const usable = await activePayments(tx);
  if (!usable.some((p) => p.id === paymentId)) throw cartErrors.paymentNotAvailable();
  await tx.update(carts).set({ payment_id: paymentId }).where(eq(carts.id, cart.id));
}

/** The cart's lines with the live product figures pricing and the decision need. */
export function cartLines(db: Conn, cartId: number) {
  return db.select({
    id: cart_items.id, key: cart_items.key, product_id: cart_items.product_id, quantity: cart_items.quantity,
    unit_price: products.product_price, tax_rate: products.tax_rate, stock: products.stock, name: products.name,
    code: products.code, image: products.image, is_published: products.is_published,
  }).from(cart_items).innerJoin(products, eq(products.id, cart_items.product_id))
    .where(eq(cart_items.cart_id, cartId)).orderBy(asc(cart_items.id));
}
export type CartLine = Awaited<ReturnType<typeof cartLines>>[number];

export const asTaxRate = (rate: number): 8 | 10 => (rate === 8 ? 8 : 10);

/** The cart's shippings as stored (the address copy taken when it was chosen). */
export async function cartShippings(db: Conn, cartId: number): Promise<CartShipping[]> {
  const rows = await db.select().from(cart_shippings).where(eq(cart_shippings.cart_id, cartId)).orderBy(asc(cart_shippings.sort), asc(cart_shippings.id));
  return rows.map((s) => ({
    id: s.id, user_address_id: s.user_address_id, address: s.address as DeliveryAddress,
    delivery_date: s.delivery_date, delivery_timezone: s.delivery_timezone,
  }));
}

/** The whole wire Cart for a cart row, priced from the live product rows. */
export async function buildCart(db: Conn, cart: CartRow, channelId: string, user: UserRow | null): Promise<Cart> {
  const [lines, shippings, payment, order] = await Promise.all([
    cartLines(db, cart.id),
    cartShippings(db, cart.id),
    cart.payment_id != null
      ? db.select().from(payment_methods).where(eq(payment_methods.id, cart.payment_id)).limit(1).then((r) => r[0] ?? null)
      : Promise.resolve(null),
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
  const needs_login = user == null;
  const needs_shipping = shippings.length === 0;
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
    flags: { is_decidable: products.length > 0 && !needs_login && !needs_shipping && !needs_payment, needs_shipping, needs_payment, needs_login },
  };
}
