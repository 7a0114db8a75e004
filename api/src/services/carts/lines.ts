/** The cart's lines: add (merging into a product's line), modify, delete, reset, and the login merge. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { embroideryKey, embroideryOf, type LineEmbroidery } from '#contracts/embroidery-choices.ts';
import type { Tx } from '../../db/client.ts';
import { cart_items, cart_shippings, carts, product_channels, products } from '../../db/schema/index.ts';
import { randomToken } from '../tokens/index.ts';
import { deleteAccessoriesOf } from './accessories.ts';
import { cartErrors } from './errors.ts';
import { checkQuantity, MAX_LINE_QUANTITY, productForSale, sellableHere } from './for-sale.ts';
import type { CartRow } from './types.ts';

/**
 * The cart's own lines (not accessories: accessories.ts `isOwnLine`) of the product of the enclosing
 * select, oldest first, as jsonb. Written with aliases and the product's id qualified: drizzle
 * renders the columns of a one-table select's list bare, where "id" would mean cart_items.id here.
 */
const productLinesIn = (cartId: number) => sql<{ id: number; quantity: number; embroidery: unknown }[]>`(select coalesce(jsonb_agg(
  jsonb_build_object('id', ci.id, 'quantity', ci.quantity, 'embroidery', ci.embroidery) order by ci.id), '[]'::jsonb)
  from ${cart_items} ci where ci.cart_id = ${cartId} and ci.product_id = ${sql.raw('"products"."id"')}
  and not exists (select 1 from ${cart_items} parent where parent.cart_id = ci.cart_id
    and parent.accessories @> jsonb_build_array(jsonb_build_object('key', ci.key))))`;

/** The line has exactly this embroidery (none matches none); jsonb equality ignores key order. */
export const sameEmbroidery = (embroidery: LineEmbroidery | null) =>
  sql<boolean>`${cart_items.embroidery} is not distinct from ${embroidery ? JSON.stringify(embroidery) : null}::jsonb`;

/**
 * Adds a product, with its 名入れ刺繍 or none; a line of the product with the same embroidery gets its
 * quantity raised instead. Stock is checked on everything of the product in the cart, whatever the
 * embroidery, since every line takes from the same stock.
 */
export async function addProduct(
  tx: Tx,
  channelId: string,
  cart: CartRow,
  productId: number,
  quantity: number,
  embroidery: LineEmbroidery | null = null,
) {
  // The product and the cart's own lines of it, in one statement.
  const [p] = await tx
    .select({
      id: products.id,
      name: products.name,
      stock: products.stock,
      is_published: products.is_published,
      in_channel: sellableHere(channelId),
      embroiderable: products.embroiderable,
      lines: productLinesIn(cart.id),
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!p) throw cartErrors.productNotFound();
  if (!p.is_published || !p.in_channel) throw cartErrors.notSale(p.name);
  if (embroidery && !p.embroiderable) throw cartErrors.notEmbroiderable(p.name);
  const { lines } = p;
  const line = lines.find((l) => embroideryKey(embroideryOf(l.embroidery)) === embroideryKey(embroidery));
  if (quantity + (line?.quantity ?? 0) > MAX_LINE_QUANTITY) throw cartErrors.tooMany();
  const all = lines.reduce((n, l) => n + l.quantity, quantity);
  if (all > p.stock) throw cartErrors.stock(p.name, p.stock);
  if (line)
    await tx
      .update(cart_items)
      .set({ quantity: line.quantity + quantity })
      .where(eq(cart_items.id, line.id));
  else await tx.insert(cart_items).values({ cart_id: cart.id, key: randomToken(6), product_id: productId, quantity, embroidery });
}

/**
 * Adds a set of products in one go (PATCH /v1/carts/add-set). Runs inside the cart's transaction, so
 * a product that cannot be added (not for sale, not enough stock) undoes the whole set.
 */
export async function addSet(tx: Tx, channelId: string, cart: CartRow, items: { product_id: number; quantity: number }[]) {
  const wanted = new Map<number, number>();
  for (const i of items) wanted.set(i.product_id, (wanted.get(i.product_id) ?? 0) + i.quantity);
  for (const [productId, quantity] of wanted) await addProduct(tx, channelId, cart, productId, quantity);
}

/** Sets the quantity of the line `key`. */
export async function modifyProduct(tx: Tx, channelId: string, cart: CartRow, key: string, quantity: number) {
  const [line] = await tx
    .select()
    .from(cart_items)
    .where(and(eq(cart_items.cart_id, cart.id), eq(cart_items.key, key)))
    .limit(1);
  if (!line) throw cartErrors.lineNotFound();
  checkQuantity(await productForSale(tx, channelId, line.product_id), quantity);
  await tx.update(cart_items).set({ quantity }).where(eq(cart_items.id, line.id));
}

/** Removes the line `key` and/or every line of the products `ids`. */
export async function deleteProducts(tx: Tx, cart: CartRow, key?: string, ids?: number[]) {
  if (key !== undefined) {
    const gone = await tx
      .delete(cart_items)
      .where(and(eq(cart_items.cart_id, cart.id), eq(cart_items.key, key)))
      .returning({ id: cart_items.id, accessories: cart_items.accessories });
    await deleteAccessoriesOf(tx, cart, gone);
    if (!gone.length && !ids?.length) throw cartErrors.lineNotFound();
  }
  if (ids?.length) {
    const gone = await tx
      .delete(cart_items)
      .where(and(eq(cart_items.cart_id, cart.id), inArray(cart_items.product_id, ids)))
      .returning({ accessories: cart_items.accessories });
    await deleteAccessoriesOf(tx, cart, gone);
  }
}

/** Empties the cart: lines, shippings, payment, coupons and points. */
export async function resetCart(tx: Tx, cart: CartRow) {
  await tx.delete(cart_items).where(eq(cart_items.cart_id, cart.id));
  await tx.delete(cart_shippings).where(eq(cart_shippings.cart_id, cart.id));
  await tx.update(carts).set({ payment_id: null, coupon_codes: [], use_point: 0 }).where(eq(carts.id, cart.id));
}

/** Drops lines whose product can no longer be sold here (after a product-not-found on init). */
export async function dropUnsellableLines(tx: Tx, cartId: number, channelId: string) {
  await tx.delete(cart_items).where(
    and(
      eq(cart_items.cart_id, cartId),
      sql`not exists (
    select 1 from ${products} p join ${product_channels} pc on pc.product_id = p.id and pc.channel_id = ${channelId}
    where p.id = ${cart_items.product_id} and p.is_published)`,
    ),
  );
}

/**
 * Adds the lines of cart `fromId` to cart `intoId`: the same product with the same embroidery has its
 * quantities added, capped at 99 and at the product's stock (left after the cart's other lines of it);
 * products that can no longer be sold here are left behind.
 */
export async function mergeLines(tx: Tx, channelId: string, fromId: number, intoId: number) {
  const incoming = new Map<string, { product_id: number; quantity: number; embroidery: LineEmbroidery | null }>();
  for (const l of await tx
    .select({ product_id: cart_items.product_id, quantity: cart_items.quantity, embroidery: cart_items.embroidery })
    .from(cart_items)
    .where(eq(cart_items.cart_id, fromId))
    .orderBy(asc(cart_items.id))) {
    const embroidery = embroideryOf(l.embroidery);
    const id = `${l.product_id}\u0001${embroideryKey(embroidery)}`;
    const seen = incoming.get(id);
    if (seen) seen.quantity += l.quantity;
    else incoming.set(id, { product_id: l.product_id, quantity: l.quantity, embroidery });
  }
  if (!incoming.size) return;
  const stock = new Map(
    (
      await tx
        .select({ id: products.id, stock: products.stock })
        .from(products)
        .where(
          and(
            inArray(products.id, [...new Set([...incoming.values()].map((l) => l.product_id))]),
            eq(products.is_published, true),
            sellableHere(channelId),
          ),
        )
    ).map((p) => [p.id, p.stock]),
  );
  const existing = (
    await tx
      .select({ id: cart_items.id, product_id: cart_items.product_id, quantity: cart_items.quantity, embroidery: cart_items.embroidery })
      .from(cart_items)
      .where(eq(cart_items.cart_id, intoId))
      .orderBy(asc(cart_items.id))
  ).map((l) => ({ ...l, key: embroideryKey(embroideryOf(l.embroidery)) }));
  for (const { product_id: productId, quantity, embroidery } of incoming.values()) {
    if (!stock.has(productId)) continue;
    const line = existing.find((l) => l.product_id === productId && l.key === embroideryKey(embroidery));
    const others = existing.filter((l) => l.product_id === productId && l !== line).reduce((n, l) => n + l.quantity, 0);
    const total = Math.min((line?.quantity ?? 0) + quantity, stock.get(productId)! - others, MAX_LINE_QUANTITY);
    if (total < 1) continue; // sold out: nothing to add, and the member's own line is left for checkout to judge
    if (line) {
      await tx.update(cart_items).set({ quantity: total }).where(eq(cart_items.id, line.id));
      line.quantity = total;
    } else {
      const [row] = await tx
        .insert(cart_items)
        .values({ cart_id: intoId, key: randomToken(6), product_id: productId, quantity: total, embroidery })
        .returning({ id: cart_items.id });
      existing.push({ id: row.id, product_id: productId, quantity: total, embroidery, key: embroideryKey(embroidery) });
    }
  }
}
