/**
 * Every public URL of the channel that is not a product, with its last change where the data has
 * one: home, product list, categories and brands (as product list filters), makers, news and blog
 * lists (every page) and posts, static pages. Private screens (robots.ts) never appear.
 */

import { listPageHref } from '#content-sync/paging.ts';
import { normalisePagePath } from '#content-sync/snapshot.ts';
import { PAGE_SIZE } from '#contracts/constants.ts';
import type { Blog, Brand, Maker, News, StaticPage } from '#contracts/content.ts';
import type { CategoryNode } from '#contracts/products.ts';
import { paths } from '../routes.ts';
import { newest, type SitemapEntry } from './sitemap.ts';

export interface SitemapContent {
  blogs: Pick<Blog, 'key' | 'published_at'>[];
  news: Pick<News, 'key' | 'published_at'>[];
  makers: Pick<Maker, 'key' | 'updated_at'>[];
  brands: Pick<Brand, 'key'>[];
  pages: Pick<StaticPage, 'url' | 'updated_at'>[];
  categories: CategoryNode[];
  /**
   * When the content snapshot was taken: the last change of a static page or maker whose data carries
   * no `updated_at` (an API without it), since it can have changed at the latest then.
   */
  syncedAt?: string | null;
  /** The newest product change: the last change of the home page, the product list and its filters. */
  productsChangedAt?: string | null;
}

function categoryKeys(nodes: CategoryNode[], out: string[] = []): string[] {
  for (const node of nodes) {
    out.push(node.key);
    categoryKeys(node.children ?? [], out);
  }
  return out;
}

/** Pages 1..n of a pre-rendered list of `items`, each dated by its newest item. */
function listPages(base: string, items: { published_at: string }[]): SitemapEntry[] {
  const per = PAGE_SIZE.default;
  const last = Math.max(1, Math.ceil(items.length / per));
  return Array.from({ length: last }, (_, i) => ({
    loc: listPageHref(base, i + 1),
    lastmod: newest(items.slice(i * per, (i + 1) * per).map((item) => item.published_at)),
  }));
}

/** The sitemap entries of every page but the products. */
export function contentSitemapEntries(c: SitemapContent): SitemapEntry[] {
  const contentChanged = newest([c.syncedAt]);
  const productsChanged = newest([c.productsChangedAt]);
  return [
    { loc: paths.home, lastmod: newest([c.productsChangedAt, ...c.news.map((n) => n.published_at)]) },
    { loc: paths.productList(), lastmod: productsChanged },
    ...categoryKeys(c.categories).map((key) => ({ loc: paths.productList({ category: key }), lastmod: productsChanged })),
    ...c.brands.map((b) => ({ loc: paths.productList({ brand: b.key }), lastmod: productsChanged })),
    {
      loc: paths.maker,
      lastmod: c.makers.every((m) => m.updated_at) ? (newest(c.makers.map((m) => m.updated_at)) ?? contentChanged) : contentChanged,
    },
    ...c.makers.map((m) => ({ loc: paths.makerDetail(m.key), lastmod: newest([m.updated_at]) ?? contentChanged })),
    ...listPages(paths.news, c.news),
    ...c.news.map((n) => ({ loc: paths.newsDetail(n.key), lastmod: n.published_at })),
    ...listPages(paths.blog, c.blogs),
    ...c.blogs.map((b) => ({ loc: paths.blogDetail(b.key), lastmod: b.published_at })),
    ...c.pages
      .map((p) => ({ loc: normalisePagePath(p.url), lastmod: newest([p.updated_at]) ?? contentChanged }))
      .filter((e) => e.loc !== '/'),
  ];
}
