/**
 * Accessories of a cart line (PATCH /v1/carts/accessories/add|modify|delete): an accessory is one of
 * the line's product's accessories (product_accessories), kept as a line of its own, so pricing, stock
 * and the decision treat it like any product, and listed on its parent line (cart_items.accessories:
 * [{ key, product_id }]). Deleting the parent line deletes its accessories.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cart_items, product_accessories } from '../../db/schema/index.ts';
import { unprocessable } from '../../lib/errors.ts';
import { randomToken } from '../tokens/index.ts';
import { cartErrors } from './errors.ts';
import { checkQuantity, productForSale } from './for-sale.ts';
import type { CartRow } from './types.ts';

export interface AccessoryRef {
  key: string;
  product_id: number;
}

type LineRow = typeof cart_items.$inferSelect;

export const accessoryRefs = (line: Pick<LineRow, 'accessories'>): AccessoryRef[] =>
  Array.isArray(line.accessories) ? (line.accessories as AccessoryRef[]) : [];

const notAccessory = () => unprocessable('この商品はこの明細の付属品として追加できません。', 'cart.accessory.not_allowed');

async function lineByKey(tx: Tx, cart: CartRow, key: string): Promise<LineRow> {
  const [line] = await tx
    .select()
    .from(cart_items)
    .where(and(eq(cart_items.cart_id, cart.id), eq(cart_items.key, key)))
    .limit(1);
  if (!line) throw cartErrors.lineNotFound();
  return line;
}

/** The line that lists `key` as its accessory, if any. */
async function parentOf(tx: Tx, cart: CartRow, key: string): Promise<LineRow | null> {
  const [parent] = await tx
    .select()
    .from(cart_items)
    .where(and(eq(cart_items.cart_id, cart.id), sql`${cart_items.accessories} @> ${JSON.stringify([{ key }])}::jsonb`))
    .limit(1);
  return parent ?? null;
}

/** Adds `quantity` of accessory `accessoryId` to the line `parentKey` (raising it when already there). */
export async function addAccessory(tx: Tx, channelId: string, cart: CartRow, parentKey: string, accessoryId: number, quantity: number) {
  const parent = await lineByKey(tx, cart, parentKey);
  if (await parentOf(tx, cart, parent.key)) throw notAccessory(); // an accessory has no accessories
  const [allowed] = await tx
    .select({ id: product_accessories.accessory_id })
    .from(product_accessories)
    .where(and(eq(product_accessories.product_id, parent.product_id), eq(product_accessories.accessory_id, accessoryId)))
    .limit(1);
  if (!allowed) throw notAccessory();
  const product = await productForSale(tx, channelId, accessoryId);
  const refs = accessoryRefs(parent);
  const existing = refs.find((r) => r.product_id === accessoryId);
  const [line] = existing
    ? await tx
        .select()
        .from(cart_items)
        .where(and(eq(cart_items.cart_id, cart.id), eq(cart_items.key, existing.key)))
        .limit(1)
    : [];
  if (line) {
    checkQuantity(product, line.quantity + quantity);
    await tx
      .update(cart_items)
      .set({ quantity: line.quantity + quantity })
      .where(eq(cart_items.id, line.id));
    return;
  }
  checkQuantity(product, quantity);
  const key = randomToken(6);
  await tx
    .insert(cart_items)
    .values({ cart_id: cart.id, key, product_id: accessoryId, quantity, cart_shipping_id: parent.cart_shipping_id });
  // A reference whose line was deleted as a plain line is replaced.
  const kept = refs.filter((r) => r.product_id !== accessoryId);
  await tx
    .update(cart_items)
    .set({ accessories: [...kept, { key, product_id: accessoryId }] })
    .where(eq(cart_items.id, parent.id));
}

/** Sets the quantity of the accessory line `key`. */
export async function modifyAccessory(tx: Tx, channelId: string, cart: CartRow, key: string, quantity: number) {
  const line = await lineByKey(tx, cart, key);
  if (!(await parentOf(tx, cart, key))) throw cartErrors.lineNotFound();
  checkQuantity(await productForSale(tx, channelId, line.product_id), quantity);
  await tx.update(cart_items).set({ quantity }).where(eq(cart_items.id, line.id));
}

/** Removes the accessory line `key` from its parent line. */
export async function deleteAccessory(tx: Tx, cart: CartRow, key: string) {
  const parent = await parentOf(tx, cart, key);
  if (!parent) throw cartErrors.lineNotFound();
  await tx.delete(cart_items).where(and(eq(cart_items.cart_id, cart.id), eq(cart_items.key, key)));
  await tx
    .update(cart_items)
    .set({ accessories: accessoryRefs(parent).filter((r) => r.key !== key) })
    .where(eq(cart_items.id, parent.id));
}

/** Deletes the accessory lines of lines that are gone (called after deleting lines). */
export async function deleteAccessoriesOf(tx: Tx, cart: CartRow, gone: Pick<LineRow, 'accessories'>[]) {
  const keys = gone.flatMap((l) => accessoryRefs(l).map((r) => r.key));
  if (keys.length) await tx.delete(cart_items).where(and(eq(cart_items.cart_id, cart.id), inArray(cart_items.key, keys)));
}

/** SQL: the line is nobody's accessory (a plain add never merges into an accessory line). */
export const isOwnLine = sql`not exists (select 1 from ${cart_items} p where p.cart_id = ${cart_items.cart_id}
  and p.accessories @> jsonb_build_array(jsonb_build_object('key', ${cart_items.key})))`;
