/** The shop's people (editors, staff, admins): accounts, login sessions and the audit log of their changes. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, ts, updated } from './columns.ts';

/**
 * The people who change CMS content through /admin/v1. Apart from members on purpose: an editor is
 * not a shopper of any channel, and a member's token must never open the editor API (nor the
 * reverse), so neither shares a table or a token with the other. `login` is stored normalised
 * (NFKC, lower case). Failed logins in a row lock the account for a while, like a member's.
 */
export const editors = pgTable(
  'editors',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull().unique(),
    display_name: text('display_name').notNull(),
    password_hash: text('password_hash').notNull(),
    /** editor | staff | admin (contracts/admin-roles.ts): which areas of /admin/v1 this person opens. */
    role: text('role').notNull().default('editor'),
    disabled: boolean('disabled').notNull().default(false),
    failed_login_count: integer('failed_login_count').notNull().default(0),
    locked_until: ts('locked_until'),
    created_at: created(),
    updated_at: updated(),
  },
  (t) => [check('editors_role', sql`${t.role} in ('editor', 'staff', 'admin')`)],
);

/** An editor's login session: only the SHA-256 of the bearer secret is stored; it expires and is revoked at logout. */
export const editor_sessions = pgTable(
  'editor_sessions',
  {
    id: serial('id').primaryKey(),
    editor_id: integer('editor_id')
      .notNull()
      .references(() => editors.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    /** Last call made with it (written at most once a minute): a staff or admin session ends after STAFF_IDLE_SECONDS unused. */
    last_used_at: ts('last_used_at').notNull().defaultNow(),
    created_at: created(),
  },
  (t) => [uniqueIndex('editor_sessions_hash_uq').on(t.token_hash), index('editor_sessions_editor_idx').on(t.editor_id)],
);

/**
 * Every action of the shop's people through /admin/v1 (who, what, when, on what, before and after),
 * written in the transaction of the change itself (services/admin/audit/record.ts). Append-only: a trigger
 * (migration 0025) refuses UPDATE, DELETE and TRUNCATE, so no code path of the shop can rewrite
 * history. No foreign key: an entry outlives the account it names.
 */
export const staff_audit_log = pgTable(
  'staff_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull().defaultNow(),
    editor_id: integer('editor_id'),
    /** The account's login, name and role as they were at the time. */
    editor_login: text('editor_login').notNull(),
    editor_name: text('editor_name').notNull(),
    editor_role: text('editor_role').notNull(),
    channel_id: text('channel_id'),
    /** A dotted verb: order.ship, stock.update, customer.point_adjust, auth.login, content.update, … */
    action: text('action').notNull(),
    /** What it was done to: order, product, customer, editor, setting, blogs, …, and that row's id. */
    target_type: text('target_type').notNull(),
    target_id: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The browser's address (forwarded by the /admin/ screens with the internal secret), else the caller's. */
    ip: text('ip'),
  },
  (t) => [
    index('staff_audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('staff_audit_log_target_idx').on(t.target_type, t.target_id),
    index('staff_audit_log_editor_idx').on(t.editor_id, t.at),
  ],
);
