/** Payments: stored cards, payment methods, provider callbacks and the payment transactions. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, ts, updated } from './columns.ts';
import { users } from './users.ts';

/** Cards are tokenised by the payment provider; only the token and a masked number are stored. */
export const user_cards = pgTable(
  'user_cards',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('test'),
    token: text('token').notNull(),
    token_key: text('token_key').notNull(),
    name: text('name').notNull(),
    masked_number: text('masked_number').notNull(),
    expiration: text('expiration').notNull(),
    is_main: boolean('is_main').notNull().default(false),
    created_at: created(),
  },
  (t) => [index('user_cards_user_idx').on(t.user_id)],
);

/**
 * Provider callbacks already applied, by the provider's event id (its signature when it sends none),
 * inserted in the transaction of the callback's effect: a replay finds its row and changes nothing.
 */
export const payment_callback_events = pgTable(
  'payment_callback_events',
  {
    provider: text('provider').notNull(),
    event_id: text('event_id').notNull(),
    received_at: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.event_id] })],
);

export const payment_methods = pgTable('payment_methods', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(), // 'cod' | 'bank_transfer' | 'card' | ...
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Fee in yen, tax included (e.g. 代引手数料). */
  fee: integer('fee').notNull().default(0),
  is_active: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
});

/**
 * One payment attempt with a provider (card authorisation, 3-D Secure, deferred or konbini
 * registration). Holds the provider's references only: never a card number.
 */
export const payment_transactions = pgTable(
  'payment_transactions',
  {
    id: serial('id').primaryKey(),
    cart_id: integer('cart_id').notNull(),
    order_id: integer('order_id'),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    provider_ref: text('provider_ref'),
    /**
     * requires_action | authorized | failed | fraud_suspected | captured | voided | void_failed |
     * refunded | refund_failed, or a staff action's claim while its provider call is in flight:
     * capturing | voiding | refunding | reauthorizing (claimed_at set; docs/payments.md "Back office").
     */
    status: text('status').notNull(),
    /** The amount authorised now, yen (a 金額変更 changes it through the provider). */
    amount: integer('amount').notNull(),
    /** What was captured (売上確定) and what was refunded of it, yen. */
    captured_amount: integer('captured_amount').notNull().default(0),
    refunded_amount: integer('refunded_amount').notNull().default(0),
    /** When the claim in `status` was taken, and the amount of its call; null when no call is in flight. */
    claimed_at: ts('claimed_at'),
    claim_amount: integer('claim_amount'),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    created_at: created(),
    updated_at: updated(),
  },
  (t) => [
    index('payment_transactions_cart_idx').on(t.cart_id),
    index('payment_transactions_order_idx').on(t.order_id),
    uniqueIndex('payment_transactions_ref_uq').on(t.provider, t.provider_ref),
    // Charges a person must look at: a failed void, refund or capture, or a claim left by a crash.
    index('payment_transactions_attention_idx')
      .on(t.order_id)
      .where(sql`${t.status} like '%\\_failed' or ${t.status} in ('capturing', 'voiding', 'refunding', 'reauthorizing')`),
  ],
);
