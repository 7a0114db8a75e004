/**
 * Where the cart goes. With ORDER.SHIPPING.IS_ALLOW_MULTIPLE off an order has one shipping and
 * choosing an address replaces the earlier one; on, each address added is a shipping of its own
 * (up to ORDER.SHIPPING.MAX_SHIPPINGS), lines are divided among them (cart_items.cart_shipping_id;
 * a line without one goes with the first shipping), and each has its delivery date and time slot,
 * wrapping and のし. A delivery address is a copy taken when it is chosen: a saved address's label
 * is never copied (spec 5), and a new address entered during checkout is saved to the member's
 * address book first (without a label), so every shipping points at a real address row.
 */
import { and, asc, eq, isNull, max, or } from 'drizzle-orm';
import { ADDRESS_LIMIT, type DeliveryAddress } from '#contracts/addresses.ts';
import type { CartShippingAddRequest } from '#contracts/cart.ts';
import { formatDay } from '#contracts/dates.ts';
import type { CartDivideRequest, CartPackingModifyRequest, CartShippingModifyRequest } from '#contracts/delivery.ts';
import { embroideryOf } from '#contracts/embroidery-choices.ts';
import type { UserRow } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { cart_items, cart_shippings, carts, packings, user_addresses } from '../../db/schema/index.ts';
import { unauthenticated, unprocessable, validationFailed } from '../../lib/errors.ts';
import { deliveryPlan, isChoosableDelivery } from '../delivery/leadtime.ts';
import { deliverySettings } from '../delivery/settings.ts';
import { knownPrefecture } from '../social-gifts/address.ts';
import { randomToken } from '../tokens/index.ts';
import { type AddressRow, addressLimitReached, findAddress, lockAndCount, toDeliveryAddress } from '../user-addresses/index.ts';
import { cartErrors } from './errors.ts';
import { sameEmbroidery } from './lines.ts';
import type { CartRow } from './types.ts';

type AddressChoice = Pick<CartShippingAddRequest, 'user_address_id' | 'address'>;

export const shippingErrors = {
  notFound: () => validationFailed({ shipping_id: ['お届け先が見つかりません'] }),
  tooMany: (max: number) =>
    unprocessable(`お届け先は${max}件までご指定いただけます。`, 'cart.shipping.max', { user_address_id: [`お届け先は${max}件までです`] }),
  dateNotChoosable: (earliest: string | null) =>
    validationFailed({
      delivery_date: [
        earliest ? `お届け希望日は${formatDay(earliest)}以降の選択できる日付からお選びください` : 'お届け希望日は現在ご指定いただけません',
      ],
    }),
};

/** The member's saved address, or the new one saved to the address book (without a label). */
async function chosenAddress(tx: Tx, user: UserRow | null, choice: AddressChoice): Promise<AddressRow> {
  if (!user) throw unauthenticated();
  if (choice.user_address_id !== undefined) {
    const row = await findAddress(tx, user.id, choice.user_address_id);
    if (!row) throw cartErrors.addressNotFound();
    return row;
  }
  const a = choice.address!;
  knownPrefecture(a.prefecture);
  // The address book's lock, as the form and the CSV import take it: two carts (or a cart and an
  // import) adding at once cannot both pass the x-limit.
  const n = await lockAndCount(tx, user.id);
  if (n >= ADDRESS_LIMIT) throw addressLimitReached();
  const [row] = await tx
    .insert(user_addresses)
    .values({
      user_id: user.id,
      name: '',
      shipping_name: a.shipping_name ?? '',
      last_name: a.last_name,
      first_name: a.first_name,
      last_name_kana: a.last_name_kana ?? '',
      first_name_kana: a.first_name_kana ?? '',
      postal_code: a.postal_code.replace('-', ''),
      prefecture: a.prefecture,
      city: a.city,
      address1: a.address1,
      address2: a.address2 ?? '',
      phone_number: a.phone_number || null,
      cell_phone_number: a.cell_phone_number || null,
      is_default: n === 0,
    })
    .returning();
  return row;
}

const shippingsOf = (tx: Tx, cartId: number) =>
  tx.select().from(cart_shippings).where(eq(cart_shippings.cart_id, cartId)).orderBy(asc(cart_shippings.sort), asc(cart_shippings.id));

async function shippingOf(tx: Tx, cart: CartRow, id: number) {
  const [row] = await tx
    .select()
    .from(cart_shippings)
    .where(and(eq(cart_shippings.id, id), eq(cart_shippings.cart_id, cart.id)))
    .limit(1);
  if (!row) throw shippingErrors.notFound();
  return row;
}

/** PATCH /v1/carts/shippings/add: replaces the address (single) or adds a shipping (multiple). */
export async function addShipping(tx: Tx, channelId: string, cart: CartRow, user: UserRow | null, choice: AddressChoice) {
  const address = await chosenAddress(tx, user, choice);
  const settings = await deliverySettings(tx, channelId);
  const existing = await shippingsOf(tx, cart.id);
  if (!settings.allowMultiple) {
    await tx.delete(cart_shippings).where(eq(cart_shippings.cart_id, cart.id));
  } else {
    // One shipping per saved address: adding it again changes nothing.
    if (existing.some((s) => s.user_address_id === address.id)) return;
    if (existing.length >= settings.maxShippings) throw shippingErrors.tooMany(settings.maxShippings);
  }
  const [{ top }] = await tx
    .select({ top: max(cart_shippings.sort) })
    .from(cart_shippings)
    .where(eq(cart_shippings.cart_id, cart.id));
  await tx.insert(cart_shippings).values({
    cart_id: cart.id,
    user_address_id: address.id,
    address: toDeliveryAddress(address),
    sort: (top ?? 0) + 1,
  });
}

/** The lines that go with `shippingId` (the first shipping also takes the lines without one). */
async function linesOfShipping(tx: Tx, cart: CartRow, shippingId: number) {
  const all = await shippingsOf(tx, cart.id);
  const first = all[0]?.id === shippingId;
  const ids = new Set(all.map((s) => s.id));
  const lines = await tx
    .select({ product_id: cart_items.product_id, cart_shipping_id: cart_items.cart_shipping_id })
    .from(cart_items)
    .where(eq(cart_items.cart_id, cart.id));
  return lines.filter((l) => l.cart_shipping_id === shippingId || (first && (l.cart_shipping_id == null || !ids.has(l.cart_shipping_id))));
}

/**
 * PATCH /v1/carts/shippings/modify: one shipping's address, date and time slot. The date must be
 * choosable for that shipping's products to its prefecture; a new address that makes the kept date
 * impossible clears it (指定なし) rather than failing.
 */
export async function modifyShipping(tx: Tx, channelId: string, cart: CartRow, user: UserRow | null, input: CartShippingModifyRequest) {
  const row = await shippingOf(tx, cart, input.shipping_id);
  const patch: Partial<typeof cart_shippings.$inferInsert> = {};
  let address = row.address as DeliveryAddress;
  if (input.user_address_id !== undefined || input.address !== undefined) {
    const chosen = await chosenAddress(tx, user, input);
    address = toDeliveryAddress(chosen);
    Object.assign(patch, { user_address_id: chosen.id, address });
  }
  const lines = await linesOfShipping(tx, cart, row.id);
  const choices = await deliveryPlan(tx, { channelId, productIds: lines.map((l) => l.product_id), prefecture: address.prefecture });
  const date = input.delivery_date !== undefined ? input.delivery_date : row.delivery_date;
  if (!isChoosableDelivery(choices, date, null)) {
    if (input.delivery_date !== undefined) throw shippingErrors.dateNotChoosable(choices.earliest);
    patch.delivery_date = null;
  } else if (input.delivery_date !== undefined) patch.delivery_date = input.delivery_date;
  if (input.delivery_timezone !== undefined) patch.delivery_timezone = input.delivery_timezone;
  if (Object.keys(patch).length) await tx.update(cart_shippings).set(patch).where(eq(cart_shippings.id, row.id));
}

/**
 * PATCH /v1/carts/shippings/reset. `is_removing_address` true: every shipping goes, address
 * included (the lines wait for a new address; the storefront's answer to
 * cart_detail.set_user_address.not_data). Otherwise the addresses stay and every shipping's
 * delivery date, time slot, wrapping and のし are cleared, and the lines go back to the first one.
 */
export async function resetShippings(tx: Tx, cart: CartRow, removingAddress = false) {
  if (removingAddress) {
    await tx.delete(cart_shippings).where(eq(cart_shippings.cart_id, cart.id));
    return;
  }
  await tx
    .update(cart_shippings)
    .set({ delivery_date: null, delivery_timezone: null, packing_key: null, noshi_type: null, noshi_name: null })
    .where(eq(cart_shippings.cart_id, cart.id));
  await tx.update(cart_items).set({ cart_shipping_id: null }).where(eq(cart_items.cart_id, cart.id));
  await mergeSameProductLines(tx, cart.id);
}

/** Joins lines of one product that now go to the same place (after a reset or a divide). */
async function mergeSameProductLines(tx: Tx, cartId: number) {
  const lines = await tx.select().from(cart_items).where(eq(cart_items.cart_id, cartId)).orderBy(asc(cart_items.id));
  const seen = new Map<string, (typeof lines)[number]>();
  for (const l of lines) {
    const at = `${l.product_id}:${l.cart_shipping_id ?? ''}`;
    const keep = seen.get(at);
    if (!keep) {
      seen.set(at, l);
      continue;
    }
    keep.quantity += l.quantity;
    await tx.update(cart_items).set({ quantity: keep.quantity }).where(eq(cart_items.id, keep.id));
    await tx.delete(cart_items).where(eq(cart_items.id, l.id));
  }
}

/**
 * PATCH /v1/carts/products/divide: moves `quantity` of line `key` to another shipping; the same
 * product already going there gets the quantity added, else a new line is made. All of a line
 * moves the line.
 */
export async function divideLine(tx: Tx, cart: CartRow, { key, shipping_id, quantity }: CartDivideRequest) {
  await shippingOf(tx, cart, shipping_id);
  const [line] = await tx
    .select()
    .from(cart_items)
    .where(and(eq(cart_items.cart_id, cart.id), eq(cart_items.key, key)))
    .limit(1);
  if (!line) throw cartErrors.lineNotFound();
  if (quantity > line.quantity) throw validationFailed({ quantity: [`数量は${line.quantity}以下で指定してください`] });
  const first = (await shippingsOf(tx, cart.id))[0];
  const here = line.cart_shipping_id ?? first.id;
  if (here === shipping_id) return;
  const targetIsFirst = first.id === shipping_id;
  const [target] = await tx
    .select()
    .from(cart_items)
    .where(
      and(
        eq(cart_items.cart_id, cart.id),
        eq(cart_items.product_id, line.product_id),
        sameEmbroidery(embroideryOf(line.embroidery)),
        targetIsFirst
          ? or(eq(cart_items.cart_shipping_id, shipping_id), isNull(cart_items.cart_shipping_id))
          : eq(cart_items.cart_shipping_id, shipping_id),
      ),
    )
    .orderBy(asc(cart_items.id))
    .limit(1);
  if (target) {
    await tx
      .update(cart_items)
      .set({ quantity: target.quantity + quantity, cart_shipping_id: shipping_id })
      .where(eq(cart_items.id, target.id));
    if (quantity === line.quantity) await tx.delete(cart_items).where(eq(cart_items.id, line.id));
    else
      await tx
        .update(cart_items)
        .set({ quantity: line.quantity - quantity, cart_shipping_id: here })
        .where(eq(cart_items.id, line.id));
  } else if (quantity === line.quantity) {
    await tx.update(cart_items).set({ cart_shipping_id: shipping_id }).where(eq(cart_items.id, line.id));
  } else {
    await tx
      .update(cart_items)
      .set({ quantity: line.quantity - quantity, cart_shipping_id: here })
      .where(eq(cart_items.id, line.id));
    await tx.insert(cart_items).values({
      cart_id: cart.id,
      key: randomToken(6),
      product_id: line.product_id,
      quantity,
      cart_shipping_id: shipping_id,
      embroidery: line.embroidery,
    });
  }
}

/**
 * PATCH /v1/carts/packings/add (`replace`: every field set, missing のし fields clear it) and
 * /packings/modify (only the fields given). The wrapping must be one of the channel's active
 * packings; a のし name needs a のし type.
 */
export async function setPacking(tx: Tx, channelId: string, cart: CartRow, input: CartPackingModifyRequest, replace: boolean) {
  const row = await shippingOf(tx, cart, input.shipping_id);
  const next = {
    packing_key: input.packing_key !== undefined ? input.packing_key : replace ? null : row.packing_key,
    noshi_type: input.noshi_type !== undefined ? input.noshi_type : replace ? null : row.noshi_type,
    noshi_name: input.noshi_name !== undefined ? input.noshi_name || null : replace ? null : row.noshi_name,
  };
  if (next.packing_key != null) {
    const [p] = await tx
      .select({ key: packings.key })
      .from(packings)
      .where(and(eq(packings.channel_id, channelId), eq(packings.key, next.packing_key), eq(packings.is_active, true)))
      .limit(1);
    if (!p) throw validationFailed({ packing_key: ['選択されたラッピングは正しくありません'] });
  }
  if (next.noshi_type == null && next.noshi_name != null) {
    if (input.noshi_type === null)
      next.noshi_name = null; // removing the のし removes its name
    else throw validationFailed({ noshi_type: ['のしの名入れをするには、のしの種類を選択してください'] });
  }
  await tx.update(cart_shippings).set(next).where(eq(cart_shippings.id, row.id));
}

/** PATCH /v1/carts/other/modify: the 備考 in carts.others.note (blank removes it). */
export async function setOtherNote(tx: Tx, cart: CartRow, note: string) {
  const { note: _old, ...others } = (cart.others ?? {}) as Record<string, unknown>;
  await tx
    .update(carts)
    .set({ others: note ? { ...others, note } : others })
    .where(eq(carts.id, cart.id));
}
