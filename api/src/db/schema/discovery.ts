/** What members and guests do around products: likes, browsing and search history, restock requests, lists, bookmarks, events. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { created, ts } from './columns.ts';
import { users } from './users.ts';

export const product_likes = pgTable(
  'product_likes',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    created_at: created(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.product_id] })],
);

/** Browsing history for members (user_id) and guests (guest_token). */
export const product_histories = pgTable(
  'product_histories',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guest_token: text('guest_token'),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewed_at: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    index('product_histories_user_idx').on(t.user_id, t.viewed_at),
    index('product_histories_guest_idx').on(t.guest_token, t.viewed_at),
  ],
);

export const product_search_histories = pgTable(
  'product_search_histories',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    created_at: created(),
  },
  (t) => [index('product_search_histories_user_idx').on(t.user_id, t.created_at)],
);

export const product_requests = pgTable(
  'product_requests',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    channel_id: text('channel_id'),
    /** Where the restock notice goes (the member's address, or the one a guest gave). */
    email: text('email'),
    /** Set when the restock mail was queued; a request is notified once. */
    notified_at: ts('notified_at'),
    /**
     * Set when the address is confirmed: at once for a member's verified address, else when the guest
     * opens the confirmation link (the SHA-256 of its secret, usable once until confirm_expires_at).
     * Only confirmed requests are mailed.
     */
    confirmed_at: ts('confirmed_at'),
    confirm_token_hash: text('confirm_token_hash'),
    confirm_expires_at: ts('confirm_expires_at'),
    created_at: created(),
  },
  (t) => [
    index('product_requests_pending_idx').on(t.product_id).where(sql`${t.notified_at} is null`),
    uniqueIndex('product_requests_confirm_token_uq').on(t.confirm_token_hash),
    // The member's 再入荷のお知らせ history, newest first.
    index('product_requests_user_created_idx').on(t.user_id, t.created_at, t.id),
  ],
);

export const user_lists = pgTable(
  'user_lists',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created_at: created(),
  },
  (t) => [index('user_lists_user_created_idx').on(t.user_id, t.created_at, t.id)],
);

export const user_list_items = pgTable(
  'user_list_items',
  {
    user_list_id: integer('user_list_id')
      .notNull()
      .references(() => user_lists.id, { onDelete: 'cascade' }),
    table_name: text('table_name').notNull(),
    item_id: integer('item_id').notNull(),
    created_at: created(),
  },
  (t) => [primaryKey({ columns: [t.user_list_id, t.table_name, t.item_id] })],
);

/**
 * E-commerce events (POST /v1/ecommerce_events: recommendation clicks and the like), kept for the
 * analytics export: who (member or the cart-cookie token), what (name, args), which recommendation.
 */
export const ecommerce_events = pgTable(
  'ecommerce_events',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    args: jsonb('args').notNull(),
    token: text('token'),
    logreco_rcmd_ct: text('logreco_rcmd_ct'),
    created_at: created(),
  },
  (t) => [index('ecommerce_events_created_idx').on(t.created_at), index('ecommerce_events_name_idx').on(t.name, t.created_at)],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull(),
    created_at: created(),
  },
  (t) => [index('bookmarks_user_created_idx').on(t.user_id, t.created_at, t.id)],
);
