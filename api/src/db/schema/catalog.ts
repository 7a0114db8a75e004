/**
 * The catalogue: categories, makers, brands, stylists, product models and products with their channels,
 * accessories and reviews, and the catalogue version with the product-list counts it keys.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { created, updated } from './columns.ts';
import { users } from './users.ts';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id'),
    table_name: text('table_name').notNull().default('products'),
    key: text('key').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_table_key_uq').on(t.table_name, t.key), index('categories_parent_idx').on(t.parent_id)],
);

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

export const product_model_categories = pgTable(
  'product_model_categories',
  {
    product_model_id: integer('product_model_id')
      .notNull()
      .references(() => product_models.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.product_model_id, t.category_id] }), index('pmc_category_idx').on(t.category_id)],
);

export const products = pgTable(
  'products',
  {
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
  },
  (t) => [
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
    index('products_model_rank_idx')
      .on(t.product_model_id, sql`(${t.stock} <= 0)`, sql`coalesce(${t.size_order}, 32767)`, t.sort, t.id)
      .where(sql`${t.is_published}`),
  ],
);

export const product_channels = pgTable(
  'product_channels',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
  },
  (t) => [
    primaryKey({ columns: [t.channel_id, t.product_id] }),
    // By product: the channel copy's trigger (products.channel_ids) and a product's cascade delete.
    index('product_channels_product_idx').on(t.product_id),
  ],
);

export const product_accessories = pgTable(
  'product_accessories',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    accessory_id: integer('accessory_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.accessory_id] })],
);

export const product_reviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    nickname: text('nickname').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    created_at: created(),
  },
  (t) => [index('product_reviews_product_idx').on(t.product_id, t.created_at)],
);

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

/**
 * One row: bumped (by triggers, migration 0003) in the same transaction as any change that can move
 * a product list's total (products published/moved, channels, model categories, categories).
 */
export const catalog_version = pgTable('catalog_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * One row: bumped (by deferred triggers, migration 0028) when a transaction that changed anything a
 * guest's product list or detail answer shows commits: products (stock and price too), channels,
 * models, categories, brands, makers, review figures. Keys the API's answer cache (services/products/answer-cache.ts).
 */
export const answer_version = pgTable('answer_version', {
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
