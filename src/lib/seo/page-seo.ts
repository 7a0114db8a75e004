/**
 * The SEO props of each page type (canonical, description, share image, JSON-LD), so the page files
 * only pass them on to the layout. Crumbs follow the pages' visible breadcrumbs.
 */

import { listPageHref, listPageTitle } from '#content-sync/paging.ts';
import type { Blog, Maker, News, StaticPage } from '#contracts/content.ts';
import type { CategoryNode, Product } from '#contracts/products.ts';
import { paths, productDetailPath } from '../routes.ts';
import type { OgType } from './head.ts';
import { articleJsonLd, breadcrumbJsonLd, type Crumb, type JsonLd, organizationJsonLd, webSiteJsonLd } from './json-ld.ts';
import { siteOrigin } from './site.ts';
import { metaDescription } from './text.ts';

export interface PageSeo {
  canonical?: string;
  description?: string;
  image?: string | null;
  ogType?: OgType;
  jsonLd: JsonLd[];
}

const HOME: Crumb = { name: 'ホーム', path: paths.home };
const PRODUCTS: Crumb = { name: '商品一覧', path: paths.productList() };

/** Home: the shop as Organization and the site with its product search. */
export function homeSeo(siteName: string, origin = siteOrigin()): PageSeo {
  return { jsonLd: [organizationJsonLd(siteName, origin), webSiteJsonLd(siteName, origin)] };
}

/** Product detail: canonical without ?review_page, the product's text and image; crumbs as on the page. */
export function productSeo(product: Product, origin = siteOrigin()): PageSeo {
  const category = product.product_model?.categories[0];
  return {
    canonical: productDetailPath(product.key),
    description: metaDescription([product.description], product.name),
    image: product.image || null,
    ogType: 'product',
    jsonLd: [
      breadcrumbJsonLd(
        [
          HOME,
          PRODUCTS,
          ...(category ? [{ name: category.name, path: paths.productList({ category: category.key }) }] : []),
          { name: product.name, path: productDetailPath(product.key) },
        ],
        origin,
      ),
    ],
  };
}

/** Product list: crumbs down the category path (or to the maker or brand) it shows. */
export function productListSeo(
  subject: { categoryPath: CategoryNode[]; maker?: { key: string; name: string }; brand?: { key: string; name: string } },
  origin = siteOrigin(),
): PageSeo {
  const crumbs: Crumb[] = [HOME, PRODUCTS];
  for (const node of subject.categoryPath) crumbs.push({ name: node.name, path: paths.productList({ category: node.key }) });
  if (subject.maker) crumbs.push({ name: subject.maker.name, path: paths.productList({ maker: subject.maker.key }) });
  if (subject.brand) crumbs.push({ name: subject.brand.name, path: paths.productList({ brand: subject.brand.key }) });
  return { jsonLd: [breadcrumbJsonLd(crumbs, origin)] };
}

/** A news or blog list page (page n has its own path). */
export function postListSeo(kind: 'news' | 'blog', page: number, origin = siteOrigin()): PageSeo {
  const list = kind === 'news' ? { name: 'お知らせ', path: paths.news } : { name: 'ブログ', path: paths.blog };
  const crumbs: Crumb[] = [HOME, list];
  if (page > 1) crumbs.push({ name: listPageTitle(list.name, page), path: listPageHref(list.path, page) });
  return { jsonLd: [breadcrumbJsonLd(crumbs, origin)] };
}

/** A news item (NewsArticle) or a blog post (BlogPosting, with its image). */
export function postSeo(kind: 'news' | 'blog', item: News | Blog, siteName: string, origin = siteOrigin()): PageSeo {
  const path = kind === 'news' ? paths.newsDetail(item.key) : paths.blogDetail(item.key);
  const image = 'image' in item ? item.image : null;
  const description = metaDescription(['excerpt' in item ? item.excerpt : null, item.body], item.title);
  const list = kind === 'news' ? { name: 'お知らせ', path: paths.news } : { name: 'ブログ', path: paths.blog };
  return {
    description,
    image,
    ogType: 'article',
    jsonLd: [
      articleJsonLd(
        {
          type: kind === 'news' ? 'NewsArticle' : 'BlogPosting',
          headline: item.title,
          description,
          path,
          publishedAt: item.published_at,
          image,
          siteName,
        },
        origin,
      ),
      breadcrumbJsonLd([HOME, list, { name: item.title, path }], origin),
    ],
  };
}

/** The maker list. */
export function makerListSeo(origin = siteOrigin()): PageSeo {
  return { jsonLd: [breadcrumbJsonLd([HOME, { name: 'メーカー一覧', path: paths.maker }], origin)] };
}

/** One maker: its description and image. */
export function makerSeo(maker: Maker, origin = siteOrigin()): PageSeo {
  return {
    description: metaDescription([maker.description], `${maker.name}の商品とブランドのご紹介です。`),
    image: maker.image,
    jsonLd: [
      breadcrumbJsonLd(
        [HOME, { name: 'メーカー一覧', path: paths.maker }, { name: maker.name, path: paths.makerDetail(maker.key) }],
        origin,
      ),
    ],
  };
}

/** A CMS static page: its text as description. */
export function staticPageSeo(page: StaticPage, path: string, origin = siteOrigin()): PageSeo {
  return {
    description: metaDescription([page.body], page.title),
    jsonLd: [breadcrumbJsonLd([HOME, { name: page.title, path }], origin)],
  };
}
