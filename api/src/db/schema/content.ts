/**
 * The CMS-fed content: blogs, news, FAQ, static and landing pages, banners and their files, popups, free
 * areas, notices, tags, layouts and collections, and the content version the storefront polls.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stylists } from './catalog.ts';
import { channels } from './channels.ts';
import { created, ts, updated } from './columns.ts';
import { users } from './users.ts';

export const blogs = pgTable(
  'blogs',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    key: text('key').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull(),
    image: text('image'),
    tags: jsonb('tags').notNull().default(sql`'[]'::jsonb`),
    stylist_id: integer('stylist_id').references(() => stylists.id),
    published_at: ts('published_at').notNull(),
    updated_at: updated(),
  },
  (t) => [uniqueIndex('blogs_channel_key_uq').on(t.channel_id, t.key)],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    is_important: boolean('is_important').notNull().default(false),
    published_at: ts('published_at').notNull(),
    updated_at: updated(),
  },
  (t) => [uniqueIndex('news_channel_key_uq').on(t.channel_id, t.key)],
);

export const news_readables = pgTable(
  'news_readables',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    news_id: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    read_at: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.news_id] })],
);

export const qa_categories = pgTable('qa_categories', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id')
    .notNull()
    .references(() => channels.id),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const qas = pgTable('qas', {
  id: serial('id').primaryKey(),
  qa_category_id: integer('qa_category_id')
    .notNull()
    .references(() => qa_categories.id, { onDelete: 'cascade' }),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const static_pages = pgTable(
  'static_pages',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    url: text('url').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updated_at: updated(),
  },
  (t) => [uniqueIndex('static_pages_channel_url_uq').on(t.channel_id, t.url)],
);

export const landing_pages = pgTable(
  'landing_pages',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updated_at: updated(),
  },
  (t) => [uniqueIndex('landing_pages_channel_key_uq').on(t.channel_id, t.key)],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id')
    .notNull()
    .references(() => channels.id),
  area: text('area').notNull(),
  title: text('title').notNull(),
  image: text('image'),
  link: text('link'),
  is_show: boolean('is_show').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const popups = pgTable('popups', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id')
    .notNull()
    .references(() => channels.id),
  title: text('title').notNull(),
  body: text('body').notNull(),
  is_show: boolean('is_show').notNull().default(true),
});

export const free_areas = pgTable(
  'free_areas',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    code: text('code').notNull(),
    body: text('body').notNull(),
  },
  (t) => [uniqueIndex('free_areas_channel_code_uq').on(t.channel_id, t.code)],
);

/** Shop-wide notices (spec: GET /v1/messages); shown until dismissed at this updated_at. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    code: text('code').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updated_at: updated(),
  },
  (t) => [uniqueIndex('messages_channel_code_uq').on(t.channel_id, t.code)],
);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
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

/**
 * A front page's layout (GET /v1/layouts/{page}, GET /v1/pages/front/layout/{id}): the ordered blocks
 * an editor arranges (banner areas, product collections, news, category tiles, free areas). The
 * storefront's screens render each block type; the layout says which, in what order, with what data.
 */
export const layouts = pgTable(
  'layouts',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    page: text('page').notNull(),
    title: text('title').notNull().default(''),
    blocks: jsonb('blocks').notNull().default(sql`'[]'::jsonb`),
    updated_at: updated(),
  },
  (t) => [uniqueIndex('layouts_channel_page_uq').on(t.channel_id, t.page)],
);

/**
 * A named product selection (GET /v1/collections/{alias}): the product-list filters (category,
 * maker, sort, …) an editor saved under an alias; the products are read fresh on each call.
 */
export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    alias: text('alias').notNull(),
    title: text('title').notNull(),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    updated_at: updated(),
  },
  (t) => [uniqueIndex('collections_channel_alias_uq').on(t.channel_id, t.alias)],
);

/** The file a banner offers for download (GET /v1/banners/{id}/download), one per banner at most. */
export const banner_files = pgTable('banner_files', {
  banner_id: integer('banner_id')
    .primaryKey()
    .references(() => banners.id, { onDelete: 'cascade' }),
  upload_file_id: integer('upload_file_id')
    .notNull()
    .references(() => upload_files.id, { onDelete: 'cascade' }),
});
