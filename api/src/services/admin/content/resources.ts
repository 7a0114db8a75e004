/**
 * The content types of the editor API, each described once: its table, how it is scoped to the
 * channel, its request schema (contracts/admin.ts), how a valid body becomes column values (every
 * HTML field through the one sanitiser, lib/html.ts, so what is stored is what every reader gets)
 * and which unique index guards which field. services/admin/content/crud.ts runs list/get/create/update/
 * delete over any of them; routes/admin builds one route set per entry.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type AdminResource,
  adminBannerInputSchema,
  adminBlogInputSchema,
  adminLandingPageInputSchema,
  adminMakerInputSchema,
  adminNewsInputSchema,
  adminQaCategoryInputSchema,
  adminQaInputSchema,
  adminStaticPageInputSchema,
  adminStylistInputSchema,
} from '#contracts/admin.ts';
import type { Db } from '../../../db/client.ts';
import { banners, blogs, landing_pages, makers, news, qa_categories, qas, static_pages, stylists } from '../../../db/schema/index.ts';
import { validationFailed } from '../../../lib/errors.ts';
import { sanitizeBody } from '../../../lib/html.ts';
import { normalisePageUrl } from '../../content/shared.ts';

type Values = Record<string, unknown>;

export interface AdminResourceDef {
  name: AdminResource;
  /** What one item is called in Japanese messages (「記事が見つかりません。」). */
  label: string;
  table: PgTable & { id: PgColumn };
  input: z.ZodType;
  /** The rows this channel's editor sees and changes. */
  scope: (channelId: string) => SQL | undefined;
  /** Columns an insert adds for the channel. */
  channelValues: (channelId: string) => Values;
  /** Column values from a parsed body; may check references and answer 422. */
  toValues: (db: Db, channelId: string, input: Values) => Promise<Values>;
  order: () => SQL[];
  /** The field a unique violation is about, and what to say (409). */
  unique?: { field: string; message: string };
  /** The field a foreign-key violation on save is about (422), and what deleting a referenced row says (409). */
  reference?: { field: string; message: string };
  inUseMessage?: string;
  hasUpdatedAt: boolean;
}

const clean = (html: unknown) => sanitizeBody(String(html ?? ''));
const byChannel = (col: PgColumn) => (channelId: string) => eq(col, channelId);
const keyTaken = { field: 'key', message: 'このキーは既に使われています。別のキーを入力してください。' };

/** Passes the parsed body through, with the named HTML fields sanitised. */
const sanitising =
  (...htmlFields: string[]) =>
  async (_db: Db, _channel: string, input: Values) => {
    const out: Values = { ...input };
    for (const f of htmlFields) out[f] = clean(input[f]);
    return out;
  };

const withDate = (inner: (db: Db, c: string, v: Values) => Promise<Values>) => async (db: Db, c: string, v: Values) => {
  const out = await inner(db, c, v);
  out.published_at = new Date(String(v.published_at));
  return out;
};

export const adminResources: Record<AdminResource, AdminResourceDef> = {
  blogs: {
    name: 'blogs',
    label: 'ブログ記事',
    table: blogs,
    input: adminBlogInputSchema,
    scope: byChannel(blogs.channel_id),
    channelValues: (c) => ({ channel_id: c }),
    toValues: withDate(sanitising('body')),
    order: () => [sql`${blogs.published_at} desc`, sql`${blogs.id} desc`],
    unique: keyTaken,
    reference: { field: 'stylist_id', message: '選択されたスタイリストは正しくありません' },
    hasUpdatedAt: true,
  },
  news: {
    name: 'news',
    label: 'お知らせ',
    table: news,
    input: adminNewsInputSchema,
    scope: byChannel(news.channel_id),
    channelValues: (c) => ({ channel_id: c }),
    toValues: withDate(sanitising('body')),
    order: () => [sql`${news.published_at} desc`, sql`${news.id} desc`],
    unique: keyTaken,
    hasUpdatedAt: true,
  },
  'qa-categories': {
    name: 'qa-categories',
    label: 'FAQカテゴリ',
    table: qa_categories,
    input: adminQaCategoryInputSchema,
    scope: byChannel(qa_categories.channel_id),
    channelValues: (c) => ({ channel_id: c }),
    toValues: sanitising(),
    order: () => [sql`${qa_categories.sort}`, sql`${qa_categories.id}`],
    hasUpdatedAt: false,
  },
  qas: {
    name: 'qas',
    label: 'FAQ',
    table: qas,
    input: adminQaInputSchema,
    // A question belongs to the channel of its category.
    scope: (c) =>
      inArray(qas.qa_category_id, sql`(select ${qa_categories.id} from ${qa_categories} where ${qa_categories.channel_id} = ${c})`),
    channelValues: () => ({}),
    toValues: async (db, channelId, input) => {
      const [category] = await db
        .select({ id: qa_categories.id })
        .from(qa_categories)
        .where(and(eq(qa_categories.id, Number(input.qa_category_id)), eq(qa_categories.channel_id, channelId)))
        .limit(1);
      if (!category) throw validationFailed({ qa_category_id: ['選択されたFAQカテゴリは正しくありません'] });
      return sanitising('answer')(db, channelId, input);
    },
    order: () => [sql`${qas.qa_category_id}`, sql`${qas.sort}`, sql`${qas.id}`],
    hasUpdatedAt: false,
  },
  // Makers and stylists are shared by every channel of the shop (as in the public API).
  makers: {
    name: 'makers',
    label: 'メーカー',
    table: makers,
    input: adminMakerInputSchema,
    scope: () => undefined,
    channelValues: () => ({}),
    toValues: sanitising('description'),
    order: () => [sql`${makers.sort}`, sql`${makers.id}`],
    unique: keyTaken,
    inUseMessage: 'このメーカーはブランドや商品で使われているため削除できません。',
    hasUpdatedAt: true,
  },
  stylists: {
    name: 'stylists',
    label: 'スタイリスト',
    table: stylists,
    input: adminStylistInputSchema,
    scope: () => undefined,
    channelValues: () => ({}),
    toValues: sanitising('profile'),
    order: () => [sql`${stylists.id}`],
    unique: keyTaken,
    inUseMessage: 'このスタイリストはブログ記事で使われているため削除できません。',
    hasUpdatedAt: true,
  },
  'landing-pages': {
    name: 'landing-pages',
    label: 'ランディングページ',
    table: landing_pages,
    input: adminLandingPageInputSchema,
    scope: byChannel(landing_pages.channel_id),
    channelValues: (c) => ({ channel_id: c }),
    toValues: sanitising('body'),
    order: () => [sql`${landing_pages.id} desc`],
    unique: keyTaken,
    hasUpdatedAt: true,
  },
  'static-pages': {
    name: 'static-pages',
    label: 'ページ',
    table: static_pages,
    input: adminStaticPageInputSchema,
    scope: byChannel(static_pages.channel_id),
    channelValues: (c) => ({ channel_id: c }),
    // Stored with both slashes, as the public API looks pages up ('/company/').
    toValues: async (db, c, input) => ({ ...(await sanitising('body')(db, c, input)), url: normalisePageUrl(String(input.url)) }),
    order: () => [sql`${static_pages.url}`],
    unique: { field: 'url', message: 'このURLのページは既にあります。別のURLを入力してください。' },
    hasUpdatedAt: true,
  },
  banners: {
    name: 'banners',
    label: 'バナー',
    table: banners,
    input: adminBannerInputSchema,
    scope: byChannel(banners.channel_id),
    channelValues: (c) => ({ channel_id: c }),
    toValues: sanitising(),
    order: () => [sql`${banners.area}`, sql`${banners.sort}`, sql`${banners.id}`],
    hasUpdatedAt: false,
  },
};
