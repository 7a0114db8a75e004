/**
 * The Shop API's data model, designed for the whole specification (sections 3 and 7), not only the
 * parts built so far. Column keys are snake_case so rows map onto the wire format without renaming.
 * Money is integer yen. Product prices are stored tax-exclusive with a per-product tax rate.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text,
  timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () => ts('updated_at').notNull().defaultNow();

// ---------------------------------------------------------------- channels and settings
export const channels = pgTable('channels', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  theme: text('theme').notNull().default('default'),
  is_default: boolean('is_default').notNull().default(false),
  created_at: created(),
});

/** Site settings (spec section 9 keys), per channel. */
export const settings = pgTable('settings', {
  channel_id: text('channel_id').notNull().references(() => channels.id),
  key: text('key').notNull(),
  value: jsonb('value').notNull(),
  is_public: boolean('is_public').notNull().default(true),
}, (t) => [primaryKey({ columns: [t.channel_id, t.key] })]);

export const colorschemes = pgTable('colorschemes', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  name: text('name').notNull(),
  tokens: jsonb('tokens').notNull(),
  is_selected: boolean('is_selected').notNull().default(false),
});

// ---------------------------------------------------------------- users and auth
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
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
}, (t) => [
  // Live, non-guest accounts only: a guest may buy with a member's e-mail, and a withdrawn member's
  // name and address are free again. An e-mail is unique among registered members only: a
  // registration whose address was never verified blocks nobody (the first to verify it wins).
  uniqueIndex('users_channel_username_uq').on(t.channel_id, sql`lower(${t.username})`).where(sql`not ${t.is_guest} and ${t.deleted_at} is null`),
  uniqueIndex('users_channel_email_uq').on(t.channel_id, sql`lower(${t.email})`)
    .where(sql`not ${t.is_guest} and ${t.deleted_at} is null and ${t.is_registered_member}`),
  check('users_point_balance_nonneg', sql`${t.point_balance} >= 0`),
]);

/**
 * Every credential the API hands out (access, refresh, e-mail verification, reminder, unlock, mfa),
 * stored only as a SHA-256 hash of a random secret. Refresh tokens share a family so that reuse of a
 * rotated one revokes the whole family.
 */
export const auth_tokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  token_hash: text('token_hash').notNull(),
  family: text('family'),
  data: jsonb('data'),
  expires_at: ts('expires_at').notNull(),
  used_at: ts('used_at'),
  revoked_at: ts('revoked_at'),
  created_at: created(),
}, (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.token_hash), index('auth_tokens_user_idx').on(t.user_id, t.kind)]);

export const login_histories = pgTable('login_histories', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  ip: text('ip'),
  user_agent: text('user_agent'),
  succeeded: boolean('succeeded').notNull(),
  created_at: created(),
}, (t) => [index('login_histories_user_idx').on(t.user_id, t.created_at)]);

/** Cards are tokenised by the payment provider; only the token and a masked number are stored. */
export const user_cards = pgTable('user_cards', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull().default('test'),
  token: text('token').notNull(),
  token_key: text('token_key').notNull(),
  name: text('name').notNull(),
  masked_number: text('masked_number').notNull(),
  expiration: text('expiration').notNull(),
  is_main: boolean('is_main').notNull().default(false),
  created_at: created(),
}, (t) => [index('user_cards_user_idx').on(t.user_id)]);

export const user_addresses = pgTable('user_addresses', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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
}, (t) => [index('user_addresses_user_idx').on(t.user_id)]);

/**
 * A member's memorial day (spec 3 "User memorial"): whose day (target_user_name), its kind
 * (division_ct, contracts/memorials.ts), its name and the day of the year it falls on (month, date:
 * a real day in some year, so 2/29 is allowed and 2/30 is not). `call`: the member wants a reminder
 * e-mail before the day (services/memorial-reminders/); `reminded_for_year`: the year of the last
 * occurrence reminded of, so each year's day is mailed once. Erased with the member (withdrawal).
 */
export const user_memorials = pgTable('user_memorials', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  target_user_name: text('target_user_name').notNull(),
  division_ct: smallint('division_ct').notNull(),
  name: text('name').notNull(),
  month: smallint('month').notNull(),
  date: smallint('date').notNull(),
  call: boolean('call').notNull().default(false),
  reminded_for_year: smallint('reminded_for_year'),
  created_at: created(),
  updated_at: updated(),
}, (t) => [
  index('user_memorials_user_idx').on(t.user_id),
  // The reminder sweep looks up the days coming up by (month, date), among those that want a mail.
  index('user_memorials_reminder_idx').on(t.month, t.date).where(sql`${t.call}`),
  check('user_memorials_month_range', sql`${t.month} between 1 and 12`),
  check('user_memorials_date_range', sql`${t.date} between 1 and 31`),
]);

/**
 * The member's name embroidery (名入れ刺繍): the text stitched on embroiderable goods, with the font
 * and thread colour chosen from the fixed lists in contracts/memorials.ts. One per member; erased
 * with the member (withdrawal). (users.embroidery, from the first schema, is not used.)
 */
export const user_name_embroideries = pgTable('user_name_embroideries', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  font: text('font').notNull(),
  color: text('color').notNull(),
  created_at: created(),
  updated_at: updated(),
});

/** Body measurements: one row per measurement, grouped by purpose. */
export const timeseries = pgTable('timeseries', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  values: jsonb('values').notNull(),
  measured_at: ts('measured_at').notNull().defaultNow(),
}, (t) => [index('timeseries_user_idx').on(t.user_id, t.purpose)]);

// ---------------------------------------------------------------- catalogue
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  parent_id: integer('parent_id'),
  table_name: text('table_name').notNull().default('products'),
  key: text('key').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
}, (t) => [uniqueIndex('categories_table_key_uq').on(t.table_name, t.key), index('categories_parent_idx').on(t.parent_id)]);

export const makers = pgTable('makers', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  name_kana: text('name_kana').notNull().default(''),
  description: text('description').notNull().default(''),
  image: text('image'),
  sort: integer('sort').notNull().default(0),
  updated_at: updated(),
});

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  maker_id: integer('maker_id').references(() => makers.id),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const stylists = pgTable('stylists', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  profile: text('profile').notNull().default(''),
  image: text('image'),
  updated_at: updated(),
});

/** A product model groups the variants (size, colour) sold as separate products. */
export const product_models = pgTable('product_models', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
});

export const product_model_categories = pgTable('product_model_categories', {
  product_model_id: integer('product_model_id').notNull().references(() => product_models.id, { onDelete: 'cascade' }),
  category_id: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.product_model_id, t.category_id] }), index('pmc_category_idx').on(t.category_id)]);

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  product_model_id: integer('product_model_id').references(() => product_models.id),
  brand_id: integer('brand_id').references(() => brands.id),
  maker_id: integer('maker_id').references(() => makers.id),
  /** Tax-exclusive unit price in yen. */
  product_price: integer('product_price').notNull(),
  before_price: integer('before_price'),
  /** Consumption tax rate in percent: 10, or 8 for the reduced rate. */
  tax_rate: smallint('tax_rate').notNull().default(10),
  image: text('image'),
  images: jsonb('images').notNull().default(sql`'[]'::jsonb`),
  stock: integer('stock').notNull().default(0),
  /**
   * The product's words normalised for Japanese-aware search (NFKC, katakana → hiragana, lower case,
   * long-vowel marks dropped; see the search service): name, code, model, brand and maker. Matched
   * with LIKE through the pg_trgm GIN index below.
   */
  search_text: text('search_text').notNull().default(''),
  /** Variant attributes within a product model: colour name and swatch, size label and its order. */
  color: text('color'),
  color_code: text('color_code'),
  size: text('size'),
  size_order: smallint('size_order'),
  /** 人気順: sales and views, refreshed by the catalogue service. */
  popularity: integer('popularity').notNull().default(0),
  /** Business days this product needs on top of the shop's base lead time (made to order, …). */
  lead_days: smallint('lead_days').notNull().default(0),
  /**
   * 名入れ刺繍 can be ordered on this product (towels, shirts, bags, …): the add-to-cart call then
   * accepts an embroidery for the line. No fee column: the embroidery is free of charge for now.
   */
  embroiderable: boolean('embroiderable').notNull().default(false),
  is_published: boolean('is_published').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /**
   * The channels the product is sold on, sorted: a copy of its product_channels rows kept by triggers
   * on that table (migration 0013), so a list or a search count checks the channel on the row it
   * already reads instead of joining product_channels for every match. Never written by the app.
   */
  channel_ids: text('channel_ids').array().notNull().default(sql`'{}'::text[]`),
  created_at: created(),
  updated_at: updated(),
}, (t) => [
  check('products_stock_nonneg', sql`${t.stock} >= 0`),
  check('products_tax_rate', sql`${t.tax_rate} in (8, 10)`),
  index('products_model_idx').on(t.product_model_id),
  index('products_maker_idx').on(t.maker_id),
  index('products_created_idx').on(t.created_at),
  // The product list walks one of these in its sort order and stops after a page (catalog.ts orderOf):
  // no sort of every published product per request.
  index('products_list_default_idx').on(t.sort, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.is_published}`),
  index('products_list_new_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.is_published}`),
  index('products_list_price_idx').on(sql`(${t.product_price} * (100 + ${t.tax_rate}))`, t.id).where(sql`${t.is_published}`),
  index('products_brand_idx').on(t.brand_id),
  index('products_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  index('products_list_popular_idx').on(t.popularity.desc(), t.id.desc()).where(sql`${t.is_published}`),
  // A model's variants in representative rank (in stock first, size order, seed order; all ascending so
  // a row comparison is one index range): a grouped list asks "does a better-ranked variant of this
  // model match too?" and reads at most a few entries (catalog.ts representative).
  index('products_model_rank_idx').on(t.product_model_id, sql`(${t.stock} <= 0)`, sql`coalesce(${t.size_order}, 32767)`, t.sort, t.id)
    .where(sql`${t.is_published}`),
]);

export const product_channels = pgTable('product_channels', {
  product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  channel_id: text('channel_id').notNull().references(() => channels.id),
}, (t) => [
  primaryKey({ columns: [t.channel_id, t.product_id] }),
  // By product: the channel copy's trigger (products.channel_ids) and a product's cascade delete.
  index('product_channels_product_idx').on(t.product_id),
]);

export const product_accessories = pgTable('product_accessories', {
  product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  accessory_id: integer('accessory_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.product_id, t.accessory_id] })]);

export const product_reviews = pgTable('product_reviews', {
  id: serial('id').primaryKey(),
  product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  nickname: text('nickname').notNull(),
  rating: smallint('rating').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  created_at: created(),
}, (t) => [index('product_reviews_product_idx').on(t.product_id, t.created_at)]);

/**
 * Review count and rating sum per review scope: a product model (group_id = model id), or a product
 * without a model (group_id = -product id), kept by triggers on product_reviews (migration 0009), so
 * a product list reads one row per card instead of aggregating every review.
 */
export const review_stats = pgTable('review_stats', {
  group_id: integer('group_id').primaryKey(),
  review_count: integer('review_count').notNull(),
  rating_sum: integer('rating_sum').notNull(),
});

export const product_likes = pgTable('product_likes', {
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  created_at: created(),
}, (t) => [primaryKey({ columns: [t.user_id, t.product_id] })]);

/** Browsing history for members (user_id) and guests (guest_token). */
export const product_histories = pgTable('product_histories', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  guest_token: text('guest_token'),
  product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  viewed_at: ts('viewed_at').notNull().defaultNow(),
}, (t) => [index('product_histories_user_idx').on(t.user_id, t.viewed_at), index('product_histories_guest_idx').on(t.guest_token, t.viewed_at)]);

export const product_search_histories = pgTable('product_search_histories', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  word: text('word').notNull(),
  created_at: created(),
}, (t) => [index('product_search_histories_user_idx').on(t.user_id, t.created_at)]);

export const product_requests = pgTable('product_requests', {
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
}, (t) => [
  index('product_requests_pending_idx').on(t.product_id).where(sql`${t.notified_at} is null`),
  uniqueIndex('product_requests_confirm_token_uq').on(t.confirm_token_hash),
  // The member's 再入荷のお知らせ history, newest first.
  index('product_requests_user_created_idx').on(t.user_id, t.created_at, t.id),
]);

export const user_lists = pgTable('user_lists', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  created_at: created(),
}, (t) => [index('user_lists_user_created_idx').on(t.user_id, t.created_at, t.id)]);

export const user_list_items = pgTable('user_list_items', {
  user_list_id: integer('user_list_id').notNull().references(() => user_lists.id, { onDelete: 'cascade' }),
  table_name: text('table_name').notNull(),
  item_id: integer('item_id').notNull(),
  created_at: created(),
}, (t) => [primaryKey({ columns: [t.user_list_id, t.table_name, t.item_id] })]);

/**
 * E-commerce events (POST /v1/ecommerce_events: recommendation clicks and the like), kept for the
 * analytics export: who (member or the cart-cookie token), what (name, args), which recommendation.
 */
export const ecommerce_events = pgTable('ecommerce_events', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull(),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  args: jsonb('args').notNull(),
  token: text('token'),
  logreco_rcmd_ct: text('logreco_rcmd_ct'),
  created_at: created(),
}, (t) => [index('ecommerce_events_created_idx').on(t.created_at), index('ecommerce_events_name_idx').on(t.name, t.created_at)]);

export const bookmarks = pgTable('bookmarks', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  title: text('title').notNull(),
  created_at: created(),
}, (t) => [index('bookmarks_user_created_idx').on(t.user_id, t.created_at, t.id)]);

// ---------------------------------------------------------------- points and coupons
export const point_histories = pgTable('point_histories', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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
}, (t) => [
  index('point_histories_user_idx').on(t.user_id),
  index('point_histories_pending_idx').on(t.order_id).where(sql`${t.status} = 'pending'`),
  uniqueIndex('point_histories_request_key_uq').on(t.request_key).where(sql`${t.request_key} is not null`),
]);

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

export const user_coupons = pgTable('user_coupons', {
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  coupon_id: integer('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
  used_at: ts('used_at'),
  /** The order that used it (one use per member); cleared again when that order is cancelled. */
  order_id: integer('order_id'),
  granted_at: ts('granted_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.user_id, t.coupon_id] })]);

/**
 * One use of a coupon per person: the mailbox (api/src/lib/mailbox.ts mailboxKey of the buyer's
 * e-mail) of each order that used it, so guests and members with one address share one use.
 * Inserted with the use in the decision's transaction; deleted when that order is cancelled.
 */
export const coupon_mailbox_uses = pgTable('coupon_mailbox_uses', {
  coupon_id: integer('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
  mailbox: text('mailbox').notNull(),
  order_id: integer('order_id'),
  used_at: ts('used_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.coupon_id, t.mailbox] }), index('coupon_mailbox_uses_order_idx').on(t.order_id)]);

// ---------------------------------------------------------------- payments, carts, orders
/**
 * Provider callbacks already applied, by the provider's event id (its signature when it sends none),
 * inserted in the transaction of the callback's effect: a replay finds its row and changes nothing.
 */
export const payment_callback_events = pgTable('payment_callback_events', {
  provider: text('provider').notNull(),
  event_id: text('event_id').notNull(),
  received_at: ts('received_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.provider, t.event_id] })]);

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

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  token: text('token').notNull().unique(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
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
}, (t) => [
  // A member's open cart is looked up at every signed-in init (restore and merge at login).
  index('carts_user_channel_idx').on(t.user_id, t.channel_id, t.updated_at),
]);

export const cart_shippings = pgTable('cart_shippings', {
  id: serial('id').primaryKey(),
  cart_id: integer('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
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

export const cart_items = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  cart_id: integer('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  product_id: integer('product_id').notNull().references(() => products.id),
  cart_shipping_id: integer('cart_shipping_id').references(() => cart_shippings.id, { onDelete: 'set null' }),
  quantity: integer('quantity').notNull(),
  accessories: jsonb('accessories').notNull().default(sql`'[]'::jsonb`),
  /**
   * The line's 名入れ刺繍 { text, font, color } (contracts/embroidery.ts), or null for none. Lines of one
   * product with different embroideries are different lines; only an equal one (or none) is merged into.
   */
  embroidery: jsonb('embroidery'),
  created_at: created(),
}, (t) => [uniqueIndex('cart_items_cart_key_uq').on(t.cart_id, t.key), check('cart_items_qty_pos', sql`${t.quantity} > 0`)]);

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  order_no: text('order_no').notNull().unique(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** One order per cart, enforced by the database. */
  cart_id: integer('cart_id').notNull().unique(),
  status: text('status').notNull().default('ordered'), // ordered | shipped | cancelled
  payment_id: integer('payment_id').notNull().references(() => payment_methods.id),
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
}, (t) => [
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
  index('orders_payment_attention_idx').on(t.channel_id)
    .where(sql`${t.payment_status} in ('failed', 'fraud_suspected') or (${t.others}->>'cancel_only_ecd_key') is not null`),
]);

export const order_items = pgTable('order_items', {
  id: serial('id').primaryKey(),
  order_id: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
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
}, (t) => [index('order_items_order_idx').on(t.order_id)]);

/**
 * Gift wrapping choices (packing add/modify): a key, a name and a fee (tax included) per channel.
 */
export const packings = pgTable('packings', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  key: text('key').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  fee: integer('fee').notNull().default(0),
  is_active: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
}, (t) => [uniqueIndex('packings_channel_key_uq').on(t.channel_id, t.key)]);

/** Extra delivery days by prefecture (islands, Hokkaido, Okinawa) on top of the products' lead time. */
export const leadtime_regions = pgTable('leadtime_regions', {
  prefecture: text('prefecture').primaryKey(),
  days: smallint('days').notNull(),
});

/**
 * One payment attempt with a provider (card authorisation, 3-D Secure, deferred or konbini
 * registration). Holds the provider's references only: never a card number.
 */
export const payment_transactions = pgTable('payment_transactions', {
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
}, (t) => [
  index('payment_transactions_cart_idx').on(t.cart_id),
  index('payment_transactions_order_idx').on(t.order_id),
  uniqueIndex('payment_transactions_ref_uq').on(t.provider, t.provider_ref),
  // Charges a person must look at: a failed void, refund or capture, or a claim left by a crash.
  index('payment_transactions_attention_idx').on(t.order_id)
    .where(sql`${t.status} like '%\\_failed' or ${t.status} in ('capturing', 'voiding', 'refunding', 'reauthorizing')`),
]);

/** A gift sent by link: the receiver enters the address and delivery date (spec "Social gift"). */
export const social_gifts = pgTable('social_gifts', {
  id: serial('id').primaryKey(),
  /** Only a hash of the link's secret is stored. */
  token_hash: text('token_hash').notNull().unique(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  order_id: integer('order_id').notNull().unique().references(() => orders.id, { onDelete: 'cascade' }),
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
  channel_id: text('channel_id').notNull().references(() => channels.id),
  catalog_id: integer('catalog_id'),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  payload: jsonb('payload').notNull(),
  created_at: created(),
});

/** Every e-mail the shop sends goes here first; a worker delivers to SMTP when configured. */
export const outbox_emails = pgTable('outbox_emails', {
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
  /** mailboxKey(to_address) for the kinds a client can trigger (capped per hour, services/mail-cap.ts); else null. */
  mailbox: text('mailbox'),
  created_at: created(),
}, (t) => [
  index('outbox_emails_due_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null`),
  index('outbox_emails_mailbox_idx').on(t.mailbox, t.created_at).where(sql`${t.mailbox} is not null`),
]);

/** School keys a member may enter (POST {provider-prefix}/v1/schools/check). */
export const school_keys = pgTable('school_keys', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  key: text('key').notNull(),
  name: text('name').notNull(),
  is_active: boolean('is_active').notNull().default(true),
  created_at: created(),
}, (t) => [uniqueIndex('school_keys_channel_key_uq').on(t.channel_id, t.key)]);

// ---------------------------------------------------------------- content (CMS)
export const blogs = pgTable('blogs', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  key: text('key').notNull(),
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull().default(''),
  body: text('body').notNull(),
  image: text('image'),
  tags: jsonb('tags').notNull().default(sql`'[]'::jsonb`),
  stylist_id: integer('stylist_id').references(() => stylists.id),
  published_at: ts('published_at').notNull(),
  updated_at: updated(),
}, (t) => [uniqueIndex('blogs_channel_key_uq').on(t.channel_id, t.key)]);

export const news = pgTable('news', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  key: text('key').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  is_important: boolean('is_important').notNull().default(false),
  published_at: ts('published_at').notNull(),
  updated_at: updated(),
}, (t) => [uniqueIndex('news_channel_key_uq').on(t.channel_id, t.key)]);

export const news_readables = pgTable('news_readables', {
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  news_id: integer('news_id').notNull().references(() => news.id, { onDelete: 'cascade' }),
  read_at: ts('read_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.user_id, t.news_id] })]);

export const qa_categories = pgTable('qa_categories', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const qas = pgTable('qas', {
  id: serial('id').primaryKey(),
  qa_category_id: integer('qa_category_id').notNull().references(() => qa_categories.id, { onDelete: 'cascade' }),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const static_pages = pgTable('static_pages', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  url: text('url').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updated_at: updated(),
}, (t) => [uniqueIndex('static_pages_channel_url_uq').on(t.channel_id, t.url)]);

export const landing_pages = pgTable('landing_pages', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  key: text('key').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updated_at: updated(),
}, (t) => [uniqueIndex('landing_pages_channel_key_uq').on(t.channel_id, t.key)]);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  area: text('area').notNull(),
  title: text('title').notNull(),
  image: text('image'),
  link: text('link'),
  is_show: boolean('is_show').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const popups = pgTable('popups', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  title: text('title').notNull(),
  body: text('body').notNull(),
  is_show: boolean('is_show').notNull().default(true),
});

export const free_areas = pgTable('free_areas', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  code: text('code').notNull(),
  body: text('body').notNull(),
}, (t) => [uniqueIndex('free_areas_channel_code_uq').on(t.channel_id, t.code)]);

/** Shop-wide notices (spec: GET /v1/messages); shown until dismissed at this updated_at. */
export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  code: text('code').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updated_at: updated(),
}, (t) => [uniqueIndex('messages_channel_code_uq').on(t.channel_id, t.code)]);

/** Per-member notices (my-page message centre). */
export const system_messages = pgTable('system_messages', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  body: text('body').notNull(),
  read_at: ts('read_at'),
  created_at: created(),
}, (t) => [
  // The message centre lists a member's messages newest first (created_at desc, id desc: this index read
  // backwards) and counts them; ascending, because DESC NULLS LAST would not match ORDER BY … DESC.
  index('system_messages_user_created_idx').on(t.user_id, t.created_at, t.id),
]);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
});

export const catalogs = pgTable('catalogs', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  name: text('name').notNull(),
  image: text('image'),
  pages: jsonb('pages').notNull().default(sql`'[]'::jsonb`),
});

export const business_dates = pgTable('business_dates', {
  date: date('date').primaryKey(),
  is_holiday: boolean('is_holiday').notNull(),
  /** The public holiday's name (元日, 春分の日, …) or the reason the shop is closed. */
  name: text('name'),
});

export const postal_codes = pgTable('postal_codes', {
  code: text('code').notNull(),
  prefecture: text('prefecture').notNull(),
  city: text('city').notNull(),
  town: text('town').notNull().default(''),
}, (t) => [index('postal_codes_code_idx').on(t.code)]);

export const inquiries = pgTable('inquiries', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  category_id: integer('category_id'),
  payload: jsonb('payload').notNull(),
  created_at: created(),
});

export const upload_files = pgTable('upload_files', {
  id: serial('id').primaryKey(),
  dir: text('dir').notNull().default(''),
  filename: text('filename').notNull(),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  content: text('content').notNull(), // base64
  created_at: created(),
});

// ---------------------------------------------------------------- shared process state
/**
 * Rate-limit counters shared by every API process (sliding window approximated by fixed windows).
 * With REDIS_URL set, Redis holds them instead; this table is the default so any number of
 * processes on one PostgreSQL agree without more infrastructure.
 */
export const rate_limits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  reset_at: ts('reset_at').notNull(),
}, (t) => [index('rate_limits_reset_idx').on(t.reset_at)]);

// ---------------------------------------------------------------- content version

/**
 * One row: bumped by statement triggers (migration 0015) in the same transaction as any change to
 * the content the pre-rendered pages are built from (posts, pages, FAQ, makers, brands, stylists,
 * banners, popups, free areas, messages, tags, catalogs, settings, colour schemes, channels), by
 * whatever writes it: the editor API, a seed, a script or psql. The storefront polls it
 * (GET /v1/content-state) to know when to sync and rebuild.
 */
export const content_state = pgTable('content_state', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changed_at: ts('changed_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------- catalogue counts

/**
 * One row: bumped (by triggers, migration 0003) in the same transaction as any change that can move
 * a product list's total (products published/moved, channels, model categories, categories).
 */
export const catalog_version = pgTable('catalog_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Product list totals by filter, valid only while `version` equals catalog_version's: x-total stays
 * exact without counting every matching product on each request.
 */
export const product_list_counts = pgTable('product_list_counts', {
  key: text('key').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  total: integer('total').notNull(),
});

// ---------------------------------------------------------------- editors (CMS accounts)

/**
 * The people who change CMS content through /admin/v1. Apart from members on purpose: an editor is
 * not a shopper of any channel, and a member's token must never open the editor API (nor the
 * reverse), so neither shares a table or a token with the other. `login` is stored normalised
 * (NFKC, lower case). Failed logins in a row lock the account for a while, like a member's.
 */
export const editors = pgTable('editors', {
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
}, (t) => [check('editors_role', sql`${t.role} in ('editor', 'staff', 'admin')`)]);

/** An editor's login session: only the SHA-256 of the bearer secret is stored; it expires and is revoked at logout. */
export const editor_sessions = pgTable('editor_sessions', {
  id: serial('id').primaryKey(),
  editor_id: integer('editor_id').notNull().references(() => editors.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull(),
  expires_at: ts('expires_at').notNull(),
  revoked_at: ts('revoked_at'),
  /** Last call made with it (written at most once a minute): a staff or admin session ends after STAFF_IDLE_SECONDS unused. */
  last_used_at: ts('last_used_at').notNull().defaultNow(),
  created_at: created(),
}, (t) => [uniqueIndex('editor_sessions_hash_uq').on(t.token_hash), index('editor_sessions_editor_idx').on(t.editor_id)]);

/**
 * Every action of the shop's people through /admin/v1 (who, what, when, on what, before and after),
 * written in the transaction of the change itself (services/admin/audit.ts). Append-only: a trigger
 * (migration 0025) refuses UPDATE, DELETE and TRUNCATE, so no code path of the shop can rewrite
 * history. No foreign key: an entry outlives the account it names.
 */
export const staff_audit_log = pgTable('staff_audit_log', {
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
}, (t) => [
  index('staff_audit_log_at_idx').on(t.at.desc(), t.id.desc()),
  index('staff_audit_log_target_idx').on(t.target_type, t.target_id),
  index('staff_audit_log_editor_idx').on(t.editor_id, t.at),
]);

/**
 * An order's history as staff and the shopper see it on the order's staff screen: each action on it
 * (入金確認, 発送, キャンセル, 金額変更, a note), by whom (the staff member's name at the time, or
 * null for the customer or the system) and when, with the action's details.
 */
export const order_histories = pgTable('order_histories', {
  id: serial('id').primaryKey(),
  order_id: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  at: ts('at').notNull().defaultNow(),
  editor_id: integer('editor_id'),
  editor_name: text('editor_name'),
  action: text('action').notNull(),
  /** One Japanese line a person reads (「発送しました（ヤマト運輸 1234-5678-9012）」). */
  message: text('message').notNull(),
  detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
}, (t) => [index('order_histories_order_idx').on(t.order_id, t.at)]);

/**
 * The shipment of one of an order's deliveries (orders.shippings[shipping_index]): carrier, tracking
 * number, when and by whom. One row per delivery at most (the unique index), so two staff shipping
 * the same delivery at once ship it once.
 */
export const order_shipments = pgTable('order_shipments', {
  id: serial('id').primaryKey(),
  order_id: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  shipping_index: smallint('shipping_index').notNull(),
  /** yamato | sagawa | japanpost | other (contracts/admin-orders.ts CARRIERS). */
  carrier: text('carrier').notNull(),
  tracking_no: text('tracking_no').notNull(),
  shipped_at: ts('shipped_at').notNull().defaultNow(),
  editor_id: integer('editor_id'),
  editor_name: text('editor_name'),
}, (t) => [uniqueIndex('order_shipments_order_index_uq').on(t.order_id, t.shipping_index)]);

// ---------------------------------------------------------------- page layouts and collections (issue 10)

/**
 * A front page's layout (GET /v1/layouts/{page}, GET /v1/pages/front/layout/{id}): the ordered blocks
 * an editor arranges (banner areas, product collections, news, category tiles, free areas). The
 * storefront's screens render each block type; the layout says which, in what order, with what data.
 */
export const layouts = pgTable('layouts', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  page: text('page').notNull(),
  title: text('title').notNull().default(''),
  blocks: jsonb('blocks').notNull().default(sql`'[]'::jsonb`),
  updated_at: updated(),
}, (t) => [uniqueIndex('layouts_channel_page_uq').on(t.channel_id, t.page)]);

/**
 * A named product selection (GET /v1/collections/{alias}): the product-list filters (category,
 * maker, sort, …) an editor saved under an alias; the products are read fresh on each call.
 */
export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  alias: text('alias').notNull(),
  title: text('title').notNull(),
  params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
  updated_at: updated(),
}, (t) => [uniqueIndex('collections_channel_alias_uq').on(t.channel_id, t.alias)]);

/** The file a banner offers for download (GET /v1/banners/{id}/download), one per banner at most. */
export const banner_files = pgTable('banner_files', {
  banner_id: integer('banner_id').primaryKey().references(() => banners.id, { onDelete: 'cascade' }),
  upload_file_id: integer('upload_file_id').notNull().references(() => upload_files.id, { onDelete: 'cascade' }),
});

/**
 * A file sent with POST /v1/upload-files (issue 11): the bytes live outside the database and the web
 * root (UPLOAD_DIR on disk, or the S3 bucket), under `object_key` = <dir>/<key>; `key` is the random
 * name the public URL carries (GET /v1/upload-files/{key}). The type is the one read from the bytes.
 */
export const uploaded_files = pgTable('uploaded_files', {
  id: serial('id').primaryKey(),
  key: text('key').notNull(),
  channel_id: text('channel_id').notNull().references(() => channels.id),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  client_ip: text('client_ip'),
  dir: text('dir').notNull().default(''),
  storage: text('storage').notNull(),
  object_key: text('object_key').notNull(),
  original_name: text('original_name').notNull(),
  content_type: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** Set when an inquiry takes the file as its attachment; an unattached file is deleted after UPLOAD_RETENTION_HOURS. */
  attached_at: ts('attached_at'),
  created_at: created(),
}, (t) => [
  uniqueIndex('uploaded_files_key_uq').on(t.key),
  index('uploaded_files_unattached_idx').on(t.created_at).where(sql`${t.attached_at} is null`),
]);

// ---------------------------------------------------------------- maintenance switch

/**
 * One row (id 1): the shop's maintenance switch as editors set it (PUT /admin/v1/maintenance), with
 * the title and message the 503 answers and /maintenance/ show (null: the defaults of
 * contracts/maintenance.ts). Its own table rather than a setting: writes to `settings` move the
 * content version and would rebuild the site. MAINTENANCE=1 in the environment turns maintenance on
 * as well, whatever this row says (api/src/services/maintenance).
 */
export const maintenance = pgTable('maintenance', {
  id: integer('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  title: text('title'),
  message: text('message'),
  updated_by: integer('updated_by').references(() => editors.id, { onDelete: 'set null' }),
  updated_at: updated(),
}, () => [check('maintenance_one_row', sql`id = 1`)]);
