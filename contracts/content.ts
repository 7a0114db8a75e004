/**
 * CMS content contract: makers, brands, blogs, news, static pages, FAQ, messages, banners, popups,
 * free areas, tags and landing pages (spec section 7, "Content"). Bodies are HTML written by
 * editors; the API sanitises every editor-HTML field when it serialises it (api/src/lib/html.ts) and
 * content-sync applies the same policy.
 */

import { pageQuerySchema } from './common.ts';
import { dbId, dbIdNumber, dbIntParam, keyText, pageParam, requiredText, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { productSchema } from './products.ts';
import { z } from './zod.ts';

/** Lists that accept `per=all` (spec section 9) as well as page/per. */
export const contentListQuerySchema = pageQuerySchema;
export type ContentListQuery = z.input<typeof contentListQuerySchema>;

/** Path parameter that is either a numeric id or a key. */
export const idOrKeyParamSchema = z.object({ id: keyText(200, { label: 'ID' }) });

/** GET /v1/messages/{code}. */
export const messageCodeParamSchema = z.object({ code: keyText(200, { label: 'お知らせのコード' }) });

/** GET /v1/static-pages/url{path}: the page's URL path. */
export const staticPagePathParamSchema = z.object({ path: keyText(300) });

export const makerSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    name_kana: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    /** Last edit (ISO 8601): the sitemap's lastmod of /maker/{key}/. Absent from APIs that do not track it. */
    updated_at: z.string().optional(),
  })
  .meta({ id: 'Maker' });
export type Maker = z.infer<typeof makerSchema>;

export const brandSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    maker_id: z.number().int().nullable(),
  })
  .meta({ id: 'Brand' });
export type Brand = z.infer<typeof brandSchema>;

export const blogSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    title: z.string(),
    excerpt: z.string(),
    /** Editor HTML. */
    body: z.string(),
    image: z.string().nullable(),
    tags: z.array(z.string()),
    published_at: z.string(),
    /** The stylist who wrote it (GET /v1/stylists/{id}); absent from APIs that do not link them. */
    stylist_id: z.number().int().nullable().optional(),
  })
  .meta({ id: 'Blog' });
export type Blog = z.infer<typeof blogSchema>;

export const newsSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    title: z.string(),
    /** Editor HTML. */
    body: z.string(),
    is_important: z.boolean(),
    published_at: z.string(),
  })
  .meta({ id: 'News' });
export type News = z.infer<typeof newsSchema>;

export const staticPageUrlSchema = z.object({ url: z.string(), title: z.string() }).meta({ id: 'StaticPageUrl' });
export type StaticPageUrl = z.infer<typeof staticPageUrlSchema>;

export const staticPageSchema = z
  .object({
    url: z.string(),
    title: z.string(),
    body: z.string(),
    /** Last edit of the page (ISO 8601): the sitemap's lastmod. Absent from APIs that do not track it. */
    updated_at: z.string().optional(),
  })
  .meta({ id: 'StaticPage' });
export type StaticPage = z.infer<typeof staticPageSchema>;

export const qaCategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
  })
  .meta({ id: 'QaCategory' });
export type QaCategory = z.infer<typeof qaCategorySchema>;

export const qaSchema = z
  .object({
    id: z.number().int(),
    question: z.string(),
    /** Editor HTML. */
    answer: z.string(),
    qa_category: qaCategorySchema,
  })
  .meta({ id: 'Qa' });
export type Qa = z.infer<typeof qaSchema>;

/** GET /v1/qas query: optional category filter and keyword, plus paging (per=all allowed). */
export const qaListQuerySchema = contentListQuerySchema.extend({
  qa_category_id: dbId().optional(),
  keyword: text(100).optional(),
});
export type QaListQuery = z.input<typeof qaListQuerySchema>;

/** Shop-wide notice; the storefront hides it while `updated_at` equals the dismissed value. */
export const messageSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    body: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

export const bannerSchema = z
  .object({
    id: z.number().int(),
    area: z.string(),
    title: z.string(),
    image: z.string().nullable(),
    link: z.string().nullable(),
    is_show: z.boolean(),
    /** The banner offers a file (GET /v1/banners/{id}/download); absent from APIs without downloads. */
    has_file: z.boolean().optional(),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof bannerSchema>;

/** GET /v1/banners query: `area` may repeat (area=top&area=side) or be `area[]=`. */
export const bannerListQuerySchema = z.object({
  area: z.union([text(100), z.array(text(100)).max(50)], errorFor()).optional(),
  'area[]': z.union([text(100), z.array(text(100)).max(50)], errorFor()).optional(),
  is_show: z.enum(['1', '0'], errorFor()).optional(),
});
export type BannerListQuery = z.input<typeof bannerListQuerySchema>;

export const popupSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    body: z.string(),
    is_show: z.boolean(),
  })
  .meta({ id: 'Popup' });
export type Popup = z.infer<typeof popupSchema>;

export const freeAreaSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    body: z.string(),
  })
  .meta({ id: 'FreeArea' });
export type FreeArea = z.infer<typeof freeAreaSchema>;

export const tagSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
  })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof tagSchema>;

export const landingPageSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    title: z.string(),
    body: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'LandingPage' });
export type LandingPage = z.infer<typeof landingPageSchema>;

export const stylistSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    profile: z.string(),
    image: z.string().nullable(),
  })
  .meta({ id: 'Stylist' });
export type Stylist = z.infer<typeof stylistSchema>;

/**
 * GET /v1/content-state: where the content the pre-rendered pages are built from stands. `version`
 * moves with every content write (migration 0015); `next_publish_at` is the earliest publish time
 * still in the future of the channel's posts (ISO 8601, null without one), when pages must change
 * although nothing was written. The storefront polls it to know when to sync and rebuild.
 */
export const contentStateSchema = z
  .object({
    version: z.number().int(),
    changed_at: z.string(),
    next_publish_at: z.string().nullable(),
  })
  .meta({ id: 'ContentState' });
export type ContentState = z.infer<typeof contentStateSchema>;

/** One published post in the revision index: `rev` changes whenever anything the post serialises changes. */
export const contentItemRevSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    rev: z.string(),
  })
  .meta({ id: 'ContentItemRev' });
export type ContentItemRev = z.infer<typeof contentItemRevSchema>;

/**
 * GET /v1/content-state/items: the channel's published blogs and news (the same items as GET /v1/blogs
 * and GET /v1/news, in the same order: newest first) with a revision each, computed in SQL over every
 * column the public item serialises. content-sync fetches only the posts whose revision moved.
 */
export const contentItemsSchema = z
  .object({
    blogs: z.array(contentItemRevSchema),
    news: z.array(contentItemRevSchema),
  })
  .meta({ id: 'ContentItems' });
export type ContentItems = z.infer<typeof contentItemsSchema>;

// ---------------------------------------------------------------- layouts, collections, files (issue 10)

/** GET /v1/layouts/{page}: the page name (`top`, …). */
export const layoutPageParamSchema = z.object({ page: keyText(100, { label: 'ページ' }) });
/** GET /v1/pages/front/layout/{id}. */
export const layoutIdParamSchema = z.object({ id: dbId({ label: 'レイアウトID' }) });
/** GET /v1/collections/{alias}. */
export const collectionAliasParamSchema = z.object({ alias: keyText(100, { label: 'コレクション' }) });

/**
 * One block of a page layout, in the order the page shows them. The layout names the data (a banner
 * area, a collection alias, a free-area code); the storefront's screen renders each type.
 */
export const layoutBlockSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('hero'), title: z.string(), text: z.string(), link_label: z.string(), link: z.string() }),
    z.object({ type: z.literal('banners'), area: z.string(), title: z.string().nullable() }),
    z.object({ type: z.literal('categories'), title: z.string() }),
    z.object({ type: z.literal('collection'), alias: z.string(), title: z.string().nullable(), per: z.number().int().min(1).max(100) }),
    z.object({ type: z.literal('news'), title: z.string(), count: z.number().int().min(1).max(20) }),
    z.object({ type: z.literal('free_area'), code: z.string() }),
  ])
  .meta({ id: 'LayoutBlock' });
export type LayoutBlock = z.infer<typeof layoutBlockSchema>;

export const layoutSchema = z
  .object({
    id: z.number().int(),
    page: z.string(),
    title: z.string(),
    blocks: z.array(layoutBlockSchema),
    updated_at: z.string(),
  })
  .meta({ id: 'Layout' });
export type Layout = z.infer<typeof layoutSchema>;

/** Largest page of a collection's products. */
export const COLLECTION_MAX_PAGE_SIZE = 100;

/**
 * GET /v1/collections/{alias} query: the page of the collection's products, and `max_page_size`
 * capping `per` (the storefront's single-collection call sends max_page_size=1 to ask for the
 * collection itself with at most one product).
 */
export const collectionQuerySchema = z.object({
  page: pageParam().optional(),
  per: dbIntParam({ min: 1, max: COLLECTION_MAX_PAGE_SIZE, label: '表示件数' }).optional(),
  max_page_size: dbIntParam({ min: 1, max: COLLECTION_MAX_PAGE_SIZE, label: '最大表示件数' }).optional(),
});
export type CollectionQuery = z.input<typeof collectionQuerySchema>;

/** A collection: its saved product-list filters (as a product list query) and a page of its products. */
export const collectionSchema = z
  .object({
    id: z.number().int(),
    alias: z.string(),
    title: z.string(),
    params: z.record(z.string(), z.string()),
    products: z.array(productSchema),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof collectionSchema>;

/** GET /v1/files-contents query: the file's URL as the API gave it (`/v1/files/<id>/<name>` form or its path). */
export const filesContentsQuerySchema = z.object({ url: requiredText(500, { label: 'URL' }) });

/** GET /v1/files-contents: a stored text file (SVG, CSV, plain text) as text, to inline it. */
export const fileContentsSchema = z
  .object({
    url: z.string(),
    filename: z.string(),
    mime: z.string(),
    content: z.string(),
  })
  .meta({ id: 'FileContents' });
export type FileContents = z.infer<typeof fileContentsSchema>;

/** POST /v1/news/readables body: the news item the member has read. */
export const newsReadableRequestSchema = z.object({ readable_id: dbIdNumber({ label: 'お知らせ' }) });
export type NewsReadableRequest = z.input<typeof newsReadableRequestSchema>;

/** POST /v1/news/readables answer, and each entry of GET /v1/news/readables (the member's read news). */
export const newsReadableSchema = z
  .object({ news_id: z.number().int(), key: z.string(), read_at: z.string() })
  .meta({ id: 'NewsReadable' });
export type NewsReadable = z.infer<typeof newsReadableSchema>;

/** Header carrying a downloaded file's name (GET /v1/banners/{id}/download). */
export const SUGGESTED_FILENAME_HEADER = 'x-suggested-filename';
