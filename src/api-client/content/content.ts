/** CMS content calls (spec 7 "Content"): blogs, news, makers, brands, tags, popups, categories, static pages, FAQ. */

import type { Pagination } from '#contracts/common.ts';
import {
  type Banner,
  type Blog,
  bannerSchema,
  blogSchema,
  type Collection,
  collectionSchema,
  type FreeArea,
  freeAreaSchema,
  type Layout,
  layoutSchema,
  type Maker,
  makerSchema,
  type News,
  newsSchema,
  type Qa,
  type QaCategory,
  qaCategorySchema,
  qaSchema,
  type StaticPage,
  type StaticPageUrl,
  staticPageSchema,
  staticPageUrlSchema,
} from '#contracts/content.ts';
import { type CategoryNode, categoryHierarchySchema } from '#contracts/products.ts';
import { z } from '#contracts/zod.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { type QueryParams, request } from '../core/http.ts';
import { PER_PAGE, paginationOrSinglePage, readPagination } from '../core/pagination.ts';

/** `page`/`per` of content lists; `per: 'all'` where the spec allows it. */
export interface ContentQuery {
  page?: number;
  per?: number | 'all';
}

export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

/**
 * Content is read on the server (SSR pages, content-sync), never by an island, so it keeps the
 * contract's zod schemas as its parsers; the browser bundles never import this module.
 */
const zodParse =
  <T>(schema: z.ZodType<T>) =>
  (body: unknown): T =>
    schema.parse(body);

async function list<T>(path: string, schema: z.ZodType<T>, query: QueryParams, opts: CallOptions): Promise<Paged<T>> {
  const res = await request('GET', path, { query, parse: zodParse(z.array(schema)), signal: opts.signal });
  const per = typeof query.per === 'number' ? query.per : query.per === 'all' ? Math.max(res.data.length, 1) : PER_PAGE.other;
  return { items: res.data, pagination: paginationOrSinglePage(readPagination(res.headers), res.data.length, per) };
}

async function one<T>(path: string, schema: z.ZodType<T>, opts: CallOptions): Promise<T> {
  return (await request('GET', path, { parse: zodParse(schema), signal: opts.signal })).data;
}

/** GET /v1/blogs (10 per page, per=all allowed). */
export function listBlogs(query: ContentQuery = {}, opts: CallOptions = {}): Promise<Paged<Blog>> {
  return list('/v1/blogs', blogSchema, { ...query }, opts);
}

/** GET /v1/blogs/{id or key}. */
export function getBlog(idOrKey: string | number, opts: CallOptions = {}): Promise<Blog> {
  return one(`/v1/blogs/${seg(idOrKey)}`, blogSchema, opts);
}

/** GET /v1/news (10 per page, per=all allowed). */
export function listNews(query: ContentQuery = {}, opts: CallOptions = {}): Promise<Paged<News>> {
  return list('/v1/news', newsSchema, { ...query }, opts);
}

/** GET /v1/news/{id or key}. */
export function getNews(idOrKey: string | number, opts: CallOptions = {}): Promise<News> {
  return one(`/v1/news/${seg(idOrKey)}`, newsSchema, opts);
}

/** GET /v1/makers (per=all or paged). */
export function listMakers(query: ContentQuery = { per: 'all' }, opts: CallOptions = {}): Promise<Paged<Maker>> {
  return list('/v1/makers', makerSchema, { ...query }, opts);
}

/** GET /v1/makers/{id or key}. */
export function getMaker(idOrKey: string | number, opts: CallOptions = {}): Promise<Maker> {
  return one(`/v1/makers/${seg(idOrKey)}`, makerSchema, opts);
}

// Brands, tags and popups are read by the browser too, with zod-free decoders: see content-lists.ts.
export { getPopup, listBrands, listPopups, listTags } from './content-lists.ts';

/** GET /v1/categories/hierarchy?table=products|inquiries. */
export async function getCategoryHierarchy(table: 'products' | 'inquiries' = 'products', opts: CallOptions = {}): Promise<CategoryNode[]> {
  return (
    await request('GET', '/v1/categories/hierarchy', { query: { table }, parse: zodParse(categoryHierarchySchema), signal: opts.signal })
  ).data;
}

/** GET /v1/static-pages/urls. */
export async function listStaticPageUrls(opts: CallOptions = {}): Promise<StaticPageUrl[]> {
  return (await request('GET', '/v1/static-pages/urls', { parse: zodParse(z.array(staticPageUrlSchema)), signal: opts.signal })).data;
}

/** GET /v1/static-pages/url{path}, e.g. getStaticPage('/privacy'). */
export function getStaticPage(path: string, opts: CallOptions = {}): Promise<StaticPage> {
  const clean = `/${path.replace(/^\/+/, '')}`
    .split('/')
    .map((p) => (p ? seg(p) : p))
    .join('/');
  return one(`/v1/static-pages/url${clean}`, staticPageSchema, opts);
}

/** GET /v1/qas (category filter, keyword, paging). */
export function listQas(
  query: ContentQuery & { qa_category_id?: number; keyword?: string } = { per: 'all' },
  opts: CallOptions = {},
): Promise<Paged<Qa>> {
  return list('/v1/qas', qaSchema, { ...query }, opts);
}

/** GET /v1/qa-categories. */
export async function listQaCategories(opts: CallOptions = {}): Promise<QaCategory[]> {
  return (await request('GET', '/v1/qa-categories', { parse: zodParse(z.array(qaCategorySchema)), signal: opts.signal })).data;
}

/** GET /v1/layouts/{page}: the blocks of a front page (`top`, …), in order. */
export async function getLayout(page: string, opts: CallOptions = {}): Promise<Layout> {
  return one(`/v1/layouts/${seg(page)}`, layoutSchema, opts);
}

/** GET /v1/collections/{alias}: the collection and `per` of its products (max_page_size caps it). */
export async function getCollection(
  alias: string,
  query: { per?: number; page?: number; max_page_size?: number } = {},
  opts: CallOptions = {},
): Promise<Collection> {
  return (
    await request('GET', `/v1/collections/${seg(alias)}`, { query: { ...query }, parse: zodParse(collectionSchema), signal: opts.signal })
  ).data;
}

/** GET /v1/banners?area[]=…&is_show=1: the shown banners of some areas. */
export async function listBanners(areas: string[], opts: CallOptions = {}): Promise<Banner[]> {
  return (
    await request('GET', '/v1/banners', { query: { area: areas, is_show: 1 }, parse: zodParse(z.array(bannerSchema)), signal: opts.signal })
  ).data;
}

/** GET /v1/free-areas?per=all: the editor HTML blocks by code (spec 9: per=all). */
export async function listFreeAreas(opts: CallOptions = {}): Promise<FreeArea[]> {
  return (await request('GET', '/v1/free-areas', { query: { per: 'all' }, parse: zodParse(z.array(freeAreaSchema)), signal: opts.signal }))
    .data;
}
