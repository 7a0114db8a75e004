/** Shared process state: the mail outbox, the rate-limit store and the maintenance switch. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { editors } from './admin.ts';
import { created, ts, updated } from './columns.ts';

/** Every e-mail the shop sends goes here first; a worker delivers to SMTP when configured. */
export const outbox_emails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id'),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    template: text('template').notNull(),
    sent_at: ts('sent_at'),
    /** Delivery attempts so far; the next one is not before next_attempt_at (backoff). */
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ts('next_attempt_at').notNull().defaultNow(),
    /** The last SMTP failure, for the operator. */
    last_error: text('last_error'),
    /** A worker's claim: another process skips the row until this passes. */
    locked_until: ts('locked_until'),
    /** mailboxKey(to_address) for the kinds a client can trigger (capped per hour, services/mail/cap.ts); else null. */
    mailbox: text('mailbox'),
    created_at: created(),
  },
  (t) => [
    index('outbox_emails_due_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null`),
    index('outbox_emails_mailbox_idx').on(t.mailbox, t.created_at).where(sql`${t.mailbox} is not null`),
  ],
);

/**
 * Rate-limit counters shared by every API process (sliding window approximated by fixed windows).
 * With REDIS_URL set, Redis holds them instead; this table is the default so any number of
 * processes on one PostgreSQL agree without more infrastructure.
 */
export const rate_limits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    reset_at: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.reset_at)],
);

/**
 * One row (id 1): the shop's maintenance switch as editors set it (PUT /admin/v1/maintenance), with
 * the title and message the 503 answers and /maintenance/ show (null: the defaults of
 * contracts/maintenance.ts). Its own table rather than a setting: writes to `settings` move the
 * content version and would rebuild the site. MAINTENANCE=1 in the environment turns maintenance on
 * as well, whatever this row says (api/src/services/maintenance).
 */
export const maintenance = pgTable(
  'maintenance',
  {
    id: integer('id').primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    title: text('title'),
    message: text('message'),
    updated_by: integer('updated_by').references(() => editors.id, { onDelete: 'set null' }),
    updated_at: updated(),
  },
  () => [check('maintenance_one_row', sql`id = 1`)],
);
