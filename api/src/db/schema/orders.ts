/** Orders: the order, its lines, history and shipments, social gifts, paper catalogues and their orders. */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { channels } from './channels.ts';
import { created, ts } from './columns.ts';
import { payment_methods } from './payments.ts';
import { users } from './users.ts';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    order_no: text('order_no').notNull().unique(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** One order per cart, enforced by the database. */
    cart_id: integer('cart_id').notNull().unique(),
    status: text('status').notNull().default('ordered'), // ordered | shipped | cancelled
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payment_methods.id),
    payment_name: text('payment_name').notNull(),
    subtotal: integer('subtotal').notNull(),
    total_tax: integer('total_tax').notNull(),
    total_carriage: integer('total_carriage').notNull(),
    total_fee: integer('total_fee').notNull().default(0),
    /** Gift wrapping and のし fees, tax included. */
    total_packing: integer('total_packing').notNull().default(0),
    total_discount: integer('total_discount').notNull().default(0),
    use_point: integer('use_point').notNull().default(0),
    total_payment: integer('total_payment').notNull(),
    amount_by_tax_rate: jsonb('amount_by_tax_rate').notNull(),
    shippings: jsonb('shippings').notNull(),
    customer: jsonb('customer').notNull(),
    cancel_reason: text('cancel_reason'),
    cancelled_at: ts('cancelled_at'),
    /** Points granted by this order (on the goods' price without tax), given back at cancellation. */
    earned_point: integer('earned_point').notNull().default(0),
    /** The coupons used: [{ code, name, discount }]. */
    coupons: jsonb('coupons').notNull().default(sql`'[]'::jsonb`),
    /** none | pending (bank, konbini, deferred) | authorized | captured | failed | cancelled. */
    payment_status: text('payment_status').notNull().default('none'),
    /** What the shopper needs to pay: bank account and deadline, konbini number and deadline, card brand and last 4. */
    payment_detail: jsonb('payment_detail').notNull().default(sql`'{}'::jsonb`),
    /** 備考 and other order inputs (PATCH /v1/carts/other/modify). */
    others: jsonb('others').notNull().default(sql`'{}'::jsonb`),
    is_social_gift: boolean('is_social_gift').notNull().default(false),
    /** 値引き the shop gave through 金額変更 (yen, tax included); part of total_discount, beside the coupon's. */
    shop_discount: integer('shop_discount').notNull().default(0),
    created_at: created(),
  },
  (t) => [
    index('orders_user_idx').on(t.user_id, t.created_at),
    // The staff's order list walks a channel's orders newest first and stops after a page; the
    // filters on payment state, status and dates ride on it (100,000 orders: 112 ms → 0.2 ms).
    index('orders_channel_created_idx').on(t.channel_id, t.created_at.desc(), t.id.desc()),
    // The dashboard's lists (services/admin/dashboard): open orders, shipped orders with several
    // deliveries (one may still be open), recent cancellations and payments needing a person, each a
    // small part of a large table (100,000 orders: the dashboard 0.5 s → 110–150 ms).
    index('orders_open_idx').on(t.channel_id).where(sql`${t.status} = 'ordered'`),
    index('orders_multi_shipped_idx').on(t.channel_id).where(sql`${t.status} = 'shipped' and ${t.shippings} @? '$[1]'`),
    index('orders_cancelled_idx').on(t.channel_id, t.cancelled_at).where(sql`${t.status} = 'cancelled'`),
    index('orders_payment_attention_idx')
      .on(t.channel_id)
      .where(sql`${t.payment_status} in ('failed', 'fraud_suspected') or (${t.others}->>'cancel_only_ecd_key') is not null`),
  ],
);

export const order_items = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    key: text('key').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    unit_price: integer('unit_price').notNull(),
    tax_rate: smallint('tax_rate').notNull(),
    quantity: integer('quantity').notNull(),
    tax_amount: integer('tax_amount').notNull(),
    subtotal: integer('subtotal').notNull(),
    /** Which of the order's shippings (index into orders.shippings) this line goes with. */
    shipping_index: smallint('shipping_index').notNull().default(0),
    /** The line's share of the coupon discount, yen. */
    coupon_discount: integer('coupon_discount').notNull().default(0),
    /** The line's 名入れ刺繍 { text, font, color } copied from the cart line at the decision, or null. */
    embroidery: jsonb('embroidery'),
  },
  (t) => [index('order_items_order_idx').on(t.order_id)],
);

/** A gift sent by link: the receiver enters the address and delivery date (spec "Social gift"). */
export const social_gifts = pgTable('social_gifts', {
  id: serial('id').primaryKey(),
  /** Only a hash of the link's secret is stored. */
  token_hash: text('token_hash').notNull().unique(),
  channel_id: text('channel_id')
    .notNull()
    .references(() => channels.id),
  order_id: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sender_name: text('sender_name').notNull().default(''),
  message: text('message').notNull().default(''),
  /** waiting | received | expired | cancelled. */
  status: text('status').notNull().default('waiting'),
  address: jsonb('address'),
  delivery_date: date('delivery_date'),
  delivery_timezone: text('delivery_timezone'),
  expires_at: ts('expires_at').notNull(),
  received_at: ts('received_at'),
  created_at: created(),
});

/** A paper catalogue ordered to an address (/catalog-order/). */
export const catalog_orders = pgTable('catalog_orders', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id')
    .notNull()
    .references(() => channels.id),
  catalog_id: integer('catalog_id'),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  payload: jsonb('payload').notNull(),
  created_at: created(),
});

export const catalogs = pgTable('catalogs', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id')
    .notNull()
    .references(() => channels.id),
  name: text('name').notNull(),
  image: text('image'),
  pages: jsonb('pages').notNull().default(sql`'[]'::jsonb`),
});

/**
 * An order's history as staff and the shopper see it on the order's staff screen: each action on it
 * (入金確認, 発送, キャンセル, 金額変更, a note), by whom (the staff member's name at the time, or
 * null for the customer or the system) and when, with the action's details.
 */
export const order_histories = pgTable(
  'order_histories',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    editor_id: integer('editor_id'),
    editor_name: text('editor_name'),
    action: text('action').notNull(),
    /** One Japanese line a person reads (「発送しました（ヤマト運輸 1234-5678-9012）」). */
    message: text('message').notNull(),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('order_histories_order_idx').on(t.order_id, t.at)],
);

/**
 * The shipment of one of an order's deliveries (orders.shippings[shipping_index]): carrier, tracking
 * number, when and by whom. One row per delivery at most (the unique index), so two staff shipping
 * the same delivery at once ship it once.
 */
export const order_shipments = pgTable(
  'order_shipments',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shipping_index: smallint('shipping_index').notNull(),
    /** yamato | sagawa | japanpost | other (contracts/admin-orders.ts CARRIERS). */
    carrier: text('carrier').notNull(),
    tracking_no: text('tracking_no').notNull(),
    shipped_at: ts('shipped_at').notNull().defaultNow(),
    editor_id: integer('editor_id'),
    editor_name: text('editor_name'),
  },
  (t) => [uniqueIndex('order_shipments_order_index_uq').on(t.order_id, t.shipping_index)],
);
