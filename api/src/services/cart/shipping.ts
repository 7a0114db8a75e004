/**
 * Where the cart goes. Only one shipping per order for now (ORDER.SHIPPING.IS_ALLOW_MULTIPLE is
 * false), so choosing an address replaces any earlier one. Packing and delivery dates per shipping
 * will live here too.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../context.ts';
import { cart_shippings } from '../../db/schema.ts';
import { unauthenticated } from '../../lib/errors.ts';
import type { DeliveryAddress } from '#contracts/addresses.ts';
import type { CartShipping } from '#contracts/cart.ts';
import { findAddress, toDeliveryAddress } from '../addresses.ts';
import type { CartRow } from './access.ts';
import { cartErrors } from './errors.ts';
import type { CartShippingRow } from './queries.ts';

/** Delivers to one of the member's saved addresses (a copy of it, without its label). */
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

/** The wire CartShipping of a stored row (the address copy taken when it was chosen). */
export function toCartShipping(s: CartShippingRow): CartShipping {
  return {
    id: s.id, user_address_id: s.user_address_id, address: s.address as DeliveryAddress,
    delivery_date: s.delivery_date, delivery_timezone: s.delivery_timezone,
  };
}
