/** Carts: the cart, its shipments (one per delivery address) and its lines. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { channels } from './channels.ts';
import { created, ts, updated } from './columns.ts';
import { payment_methods } from './payments.ts';
import { user_addresses, users } from './users.ts';

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull().unique(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    payment_id: integer('payment_id').references(() => payment_methods.id),
    coupon_codes: jsonb('coupon_codes').notNull().default(sql`'[]'::jsonb`),
    use_point: integer('use_point').notNull().default(0),
    order_input: jsonb('order_input').notNull().default(sql`'{}'::jsonb`),
    others: jsonb('others').notNull().default(sql`'{}'::jsonb`),
    /** Bought as a social gift: the receiver enters the address through a link. */
    is_social_gift: boolean('is_social_gift').notNull().default(false),
    /** The last payment failure shown to the shopper until PATCH /v1/carts/transaction/error/delete. */
    transaction_error: jsonb('transaction_error'),
    /** Set once by the decision: a second decision for the same cart returns this order. */
    order_id: integer('order_id'),
    expires_at: ts('expires_at').notNull(),
    created_at: created(),
    updated_at: updated(),
  },
  (t) => [
    // A member's open cart is looked up at every signed-in init (restore and merge at login).
    index('carts_user_channel_idx').on(t.user_id, t.channel_id, t.updated_at),
  ],
);

export const cart_shippings = pgTable('cart_shippings', {
  id: serial('id').primaryKey(),
  cart_id: integer('cart_id')
    .notNull()
    .references(() => carts.id, { onDelete: 'cascade' }),
  user_address_id: integer('user_address_id').references(() => user_addresses.id, { onDelete: 'set null' }),
  /** A copy of the delivery address; a saved address's label is not copied (spec section 5). */
  address: jsonb('address').notNull(),
  delivery_date: date('delivery_date'),
  delivery_timezone: text('delivery_timezone'),
  packing_key: text('packing_key'),
  /** のし: type (御祝, 内祝, …) and the name written under it. */
  noshi_type: text('noshi_type'),
  noshi_name: text('noshi_name'),
  sort: integer('sort').notNull().default(0),
});

export const cart_items = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cart_id: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    cart_shipping_id: integer('cart_shipping_id').references(() => cart_shippings.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    accessories: jsonb('accessories').notNull().default(sql`'[]'::jsonb`),
    /**
     * The line's 名入れ刺繍 { text, font, color } (contracts/embroidery.ts), or null for none. Lines of one
     * product with different embroideries are different lines; only an equal one (or none) is merged into.
     */
    embroidery: jsonb('embroidery'),
    created_at: created(),
  },
  (t) => [uniqueIndex('cart_items_cart_key_uq').on(t.cart_id, t.key), check('cart_items_qty_pos', sql`${t.quantity} > 0`)],
);
