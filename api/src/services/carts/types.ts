/**
 * The cart's shared row types: a cart row as the reads give it, its lines, shippings and packings,
 * and the scope of a cart operation. Types only, so every cart, checkout and delivery file can use them.
 */

import type { ChannelRow, UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { cart_items, cart_shippings, carts, payment_methods, products } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import type { SettingValues } from './channel-settings.ts';

/** Who is asking, on which channel: everything a cart operation needs from the request. */
export interface CartScope {
  db: Db;
  env: ApiEnv;
  channel: ChannelRow;
  user: UserRow | null;
}

/** What a cart read brings besides the row: its channel's settings and its payment method. */
export interface CartExtras {
  channel_settings: SettingValues;
  payment_row: typeof payment_methods.$inferSelect | null;
}

type LineRow = typeof cart_items.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/**
 * A cart line with the live product figures pricing and the decision need (queries.ts
 * `cartLinesQuery`); read with the cart row (`cartViewColumns`) it also says whether its product is
 * sold on the cart's channel.
 */
export type CartLine = Pick<LineRow, 'id' | 'key' | 'product_id' | 'quantity' | 'cart_shipping_id' | 'accessories' | 'embroidery'> & {
  unit_price: ProductRow['product_price'];
} & Pick<ProductRow, 'tax_rate' | 'stock' | 'name' | 'code' | 'image' | 'is_published'> & { in_channel?: boolean };

export type CartShippingRow = typeof cart_shippings.$inferSelect;

/** A wrapping choice of the channel (packings), as a shipment offers it. */
export interface PackingRow {
  key: string;
  name: string;
  description: string;
  fee: number;
}

/** The lines, shippings and packings read along with a cart row (`cartViewColumns`). */
export interface CartContents {
  lines: CartLine[];
  shipping_rows: CartShippingRow[];
  packing_rows: PackingRow[];
}

/**
 * A cart row; read through queries.ts it also carries its extras (settings, payment method) and,
 * where the whole cart is wanted next, its lines and shippings as they were at that statement.
 */
export type CartRow = typeof carts.$inferSelect & Partial<CartExtras> & Partial<CartContents>;
