/** Points and coupons: the point ledger, coupons, a member's coupons and the per-mailbox coupon uses. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, ts } from './columns.ts';
import { users } from './users.ts';

export const point_histories = pgTable(
  'point_histories',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    order_id: integer('order_id'),
    expires_at: ts('expires_at'),
    /**
     * granted: the row moved point_balance (the balance is the sum of the granted rows); pending: points
     * earned on an order not yet paid or shipped (付与予定, not in the balance); cancelled: a pending row
     * whose order was cancelled before the grant.
     */
    status: text('status').notNull().default('granted'),
    /** A staff adjustment's one-time key (the form's), so a form sent twice adjusts once; null otherwise. */
    request_key: text('request_key'),
    created_at: created(),
  },
  (t) => [
    index('point_histories_user_idx').on(t.user_id),
    index('point_histories_pending_idx').on(t.order_id).where(sql`${t.status} = 'pending'`),
    uniqueIndex('point_histories_request_key_uq').on(t.request_key).where(sql`${t.request_key} is not null`),
  ],
);

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  discount_type: text('discount_type').notNull(), // 'amount' | 'percent'
  discount_value: integer('discount_value').notNull(),
  min_total: integer('min_total').notNull().default(0),
  starts_at: ts('starts_at'),
  ends_at: ts('ends_at'),
  is_member_only: boolean('is_member_only').notNull().default(false),
  /** null: every channel. */
  channel_id: text('channel_id'),
  /** Cap of a percent discount, yen; null: no cap. */
  max_discount: integer('max_discount'),
  is_active: boolean('is_active').notNull().default(true),
  /** Uses over all members; null: unlimited. */
  usage_limit: integer('usage_limit'),
  used_count: integer('used_count').notNull().default(0),
  description: text('description').notNull().default(''),
});

export const user_coupons = pgTable(
  'user_coupons',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coupon_id: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    used_at: ts('used_at'),
    /** The order that used it (one use per member); cleared again when that order is cancelled. */
    order_id: integer('order_id'),
    granted_at: ts('granted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.coupon_id] })],
);

/**
 * One use of a coupon per person: the mailbox (api/src/lib/mailbox.ts mailboxKey of the buyer's
 * e-mail) of each order that used it, so guests and members with one address share one use.
 * Inserted with the use in the decision's transaction; deleted when that order is cancelled.
 */
export const coupon_mailbox_uses = pgTable(
  'coupon_mailbox_uses',
  {
    coupon_id: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    mailbox: text('mailbox').notNull(),
    order_id: integer('order_id'),
    used_at: ts('used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.coupon_id, t.mailbox] }), index('coupon_mailbox_uses_order_idx').on(t.order_id)],
);
