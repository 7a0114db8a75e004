/** Members and what belongs to them: credentials, login history, addresses, memorials, name embroidery, measurements, school keys, system messages. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { created, ts, updated } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    username: text('username').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    last_name: text('last_name').notNull().default(''),
    first_name: text('first_name').notNull().default(''),
    last_name_kana: text('last_name_kana').notNull().default(''),
    first_name_kana: text('first_name_kana').notNull().default(''),
    school: text('school'),
    phone_number: text('phone_number'),
    cell_phone_number: text('cell_phone_number'),
    contact_phone_number: text('contact_phone_number'),
    fax: text('fax'),
    job: text('job'),
    gender: smallint('gender'),
    birthday: date('birthday'),
    newsletter: smallint('newsletter').notNull().default(0),
    is_registered_member: boolean('is_registered_member').notNull().default(true),
    /** A guest purchase's member (GET /v1/users/dummy) until converted: its e-mail may be a member's too. */
    is_guest: boolean('is_guest').notNull().default(false),
    /** Login asks for a mailed 6-digit code after the password (spec 4 is_verify). */
    mfa_enabled: boolean('mfa_enabled').notNull().default(false),
    /** The member of another channel this one was created from by channel-sync login. */
    synced_from_user_id: integer('synced_from_user_id'),
    email_verified_at: ts('email_verified_at'),
    password_changed_at: ts('password_changed_at'),
    failed_login_count: integer('failed_login_count').notNull().default(0),
    locked_until: ts('locked_until'),
    mail_error_count: integer('mail_error_count').notNull().default(0),
    security_question_ct: smallint('security_question_ct'),
    security_answer_hash: text('security_answer_hash'),
    embroidery: jsonb('embroidery'),
    /** Points the member can use now; moved only with a point_histories row, in the same transaction. */
    point_balance: integer('point_balance').notNull().default(0),
    deleted_at: ts('deleted_at'),
    created_at: created(),
    updated_at: updated(),
  },
  (t) => [
    // Live, non-guest accounts only: a guest may buy with a member's e-mail, and a withdrawn member's
    // name and address are free again. An e-mail is unique among registered members only: a
    // registration whose address was never verified blocks nobody (the first to verify it wins).
    uniqueIndex('users_channel_username_uq')
      .on(t.channel_id, sql`lower(${t.username})`)
      .where(sql`not ${t.is_guest} and ${t.deleted_at} is null`),
    uniqueIndex('users_channel_email_uq')
      .on(t.channel_id, sql`lower(${t.email})`)
      .where(sql`not ${t.is_guest} and ${t.deleted_at} is null and ${t.is_registered_member}`),
    check('users_point_balance_nonneg', sql`${t.point_balance} >= 0`),
  ],
);

/**
 * Every credential the API hands out (access, refresh, e-mail verification, reminder, unlock, mfa),
 * stored only as a SHA-256 hash of a random secret. Refresh tokens share a family so that reuse of a
 * rotated one revokes the whole family.
 */
export const auth_tokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    token_hash: text('token_hash').notNull(),
    family: text('family'),
    data: jsonb('data'),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    revoked_at: ts('revoked_at'),
    created_at: created(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.token_hash), index('auth_tokens_user_idx').on(t.user_id, t.kind)],
);

export const login_histories = pgTable(
  'login_histories',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    succeeded: boolean('succeeded').notNull(),
    created_at: created(),
  },
  (t) => [index('login_histories_user_idx').on(t.user_id, t.created_at)],
);

export const user_addresses = pgTable(
  'user_addresses',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    division_ct: smallint('division_ct').notNull().default(1),
    name: text('name').notNull().default(''),
    shipping_name: text('shipping_name').notNull().default(''),
    last_name: text('last_name').notNull(),
    first_name: text('first_name').notNull(),
    last_name_kana: text('last_name_kana').notNull().default(''),
    first_name_kana: text('first_name_kana').notNull().default(''),
    postal_code: text('postal_code').notNull(),
    prefecture: text('prefecture').notNull(),
    city: text('city').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    phone_number: text('phone_number'),
    cell_phone_number: text('cell_phone_number'),
    is_default: boolean('is_default').notNull().default(false),
    created_at: created(),
    updated_at: updated(),
  },
  (t) => [index('user_addresses_user_idx').on(t.user_id)],
);

/**
 * A member's memorial day (spec 3 "User memorial"): whose day (target_user_name), its kind
 * (division_ct, contracts/memorials.ts), its name and the day of the year it falls on (month, date:
 * a real day in some year, so 2/29 is allowed and 2/30 is not). `call`: the member wants a reminder
 * e-mail before the day (services/memorial-reminders/); `reminded_for_year`: the year of the last
 * occurrence reminded of, so each year's day is mailed once. Erased with the member (withdrawal).
 */
export const user_memorials = pgTable(
  'user_memorials',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target_user_name: text('target_user_name').notNull(),
    division_ct: smallint('division_ct').notNull(),
    name: text('name').notNull(),
    month: smallint('month').notNull(),
    date: smallint('date').notNull(),
    call: boolean('call').notNull().default(false),
    reminded_for_year: smallint('reminded_for_year'),
    created_at: created(),
    updated_at: updated(),
  },
  (t) => [
    index('user_memorials_user_idx').on(t.user_id),
    // The reminder sweep looks up the days coming up by (month, date), among those that want a mail.
    index('user_memorials_reminder_idx').on(t.month, t.date).where(sql`${t.call}`),
    check('user_memorials_month_range', sql`${t.month} between 1 and 12`),
    check('user_memorials_date_range', sql`${t.date} between 1 and 31`),
  ],
);

/**
 * The member's name embroidery (名入れ刺繍): the text stitched on embroiderable goods, with the font
 * and thread colour chosen from the fixed lists in contracts/memorials.ts. One per member; erased
 * with the member (withdrawal). (users.embroidery, from the first schema, is not used.)
 */
export const user_name_embroideries = pgTable('user_name_embroideries', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  font: text('font').notNull(),
  color: text('color').notNull(),
  created_at: created(),
  updated_at: updated(),
});

/** Body measurements: one row per measurement, grouped by purpose. */
export const timeseries = pgTable(
  'timeseries',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    values: jsonb('values').notNull(),
    measured_at: ts('measured_at').notNull().defaultNow(),
  },
  (t) => [index('timeseries_user_idx').on(t.user_id, t.purpose)],
);

/** School keys a member may enter (POST {provider-prefix}/v1/schools/check). */
export const school_keys = pgTable(
  'school_keys',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    created_at: created(),
  },
  (t) => [uniqueIndex('school_keys_channel_key_uq').on(t.channel_id, t.key)],
);

/** Per-member notices (my-page message centre). */
export const system_messages = pgTable(
  'system_messages',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    read_at: ts('read_at'),
    created_at: created(),
  },
  (t) => [
    // The message centre lists a member's messages newest first (created_at desc, id desc: this index read
    // backwards) and counts them; ascending, because DESC NULLS LAST would not match ORDER BY … DESC.
    index('system_messages_user_created_idx').on(t.user_id, t.created_at, t.id),
  ],
);
