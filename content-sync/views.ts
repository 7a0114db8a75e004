/**
 * Pure views of the snapshot for the pre-rendered pages: the FAQ grouped by category, where landing
 * pages are served (spec 2: "Static and landing pages are served by URL") and the /sitemap/ sections.
 */
import type { LandingPage, Qa, QaCategory } from '#contracts/content.ts';
import type { CategoryNode } from '#contracts/products.ts';
import { mypagePaths } from '../src/lib/mypage-routes.ts';
import { paths } from '../src/lib/routes.ts';
import type { FaqGroup, SitemapSection } from '../themes/slot-props.ts';
import type { Snapshot } from './schema.ts';

/** Categories in their order, each with its items in the API's order; categories without items are left out. */
export function groupFaq(categories: QaCategory[], qas: Qa[]): FaqGroup[] {
  const byCategory = new Map<number, Qa[]>();
  for (const qa of qas) byCategory.set(qa.qa_category.id, [...(byCategory.get(qa.qa_category.id) ?? []), qa]);
  // A category the item names but the category list lacks (a stale list) still shows, after the others.
  const known = new Set(categories.map((c) => c.id));
  const extra = [...byCategory.keys()].filter((id) => !known.has(id)).map((id) => byCategory.get(id)![0].qa_category);
  return [...categories, ...extra].flatMap((category) => {
    const items = byCategory.get(category.id) ?? [];
    return items.length ? [{ category, items }] : [];
  });
}

/**
 * First path segments the storefront's own routes use: a landing page or static page there would be
 * shadowed by the route (or shadow it), so such a landing page is not given a URL.
 */
export const RESERVED_SEGMENTS = new Set([
  'blog',
  'cart',
  'catalog-order',
  'contact',
  'ec',
  'faq',
  'flip-book',
  'login',
  'login_sync',
  'maintenance',
  'maker',
  'mypage',
  'news',
  'popup',
  'product',
  'register',
  'reminder',
  'sitemap',
  'social-gift',
  'stylist',
  'verify',
  'v1',
  '_astro',
  'images',
  '404',
  '500',
]);

/** A landing page's URL: /{key}/ (its slug), like a static page. */
export const landingPagePath = (key: string) => `/${encodeURIComponent(key)}/`;

/**
 * The landing pages that get a URL: a plain slug, not a storefront route's first segment and not
 * a static page's URL (the static page keeps its URL).
 */
export function servedLandingPages(landingPages: LandingPage[], staticUrls: string[]): LandingPage[] {
  const taken = new Set(staticUrls);
  return landingPages.filter(
    (lp) =>
      /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(lp.key) && !RESERVED_SEGMENTS.has(lp.key.toLowerCase()) && !taken.has(landingPagePath(lp.key)),
  );
}

/** The product list of a category and everything under it. */
const categoryHref = (key: string) => `${paths.productList({ category: key })}&child=1`;

function categoryLinks(nodes: CategoryNode[], depth = 0): SitemapSection['links'] {
  return nodes.flatMap((n) => [{ href: categoryHref(n.key), label: n.name, depth }, ...categoryLinks(n.children ?? [], depth + 1)]);
}

/**
 * Every public page of the channel for people, one section per kind, in the snapshot's order.
 * `hasRoute` says whether the storefront has a fixed route (/contact/, /catalog-order/, …): a route
 * another issue has not built yet is left out rather than linked to a 404.
 */
export function sitemapSections(s: Snapshot, hasRoute: (path: string) => boolean = () => true): SitemapSection[] {
  const link = (href: string, label: string) => ({ href, label, depth: 0 });
  const route = (href: string, label: string) => (hasRoute(href.split('?')[0]) ? [link(href, label)] : []);
  return [
    {
      heading: 'ショッピング',
      links: [
        link(paths.home, 'トップページ'),
        ...route(paths.productList(), '商品一覧'),
        ...route(paths.flipBook, 'デジタルカタログ'),
        ...route(paths.catalogOrder, 'カタログ請求'),
        ...route(paths.cart, 'カート'),
      ],
    },
    { heading: '商品カテゴリ', links: categoryLinks(s.categories) },
    { heading: 'メーカー', links: [link(paths.maker, 'メーカー一覧'), ...s.makers.map((m) => link(paths.makerDetail(m.key), m.name))] },
    { heading: 'ブランド', links: s.brands.map((b) => link(paths.productList({ brand: b.key }), b.name)) },
    {
      heading: 'スタイリスト',
      links: [link(paths.stylist, 'スタイリスト一覧'), ...s.stylists.map((st) => link(paths.stylistDetail(st.key), st.name))],
    },
    {
      heading: '特集',
      links: servedLandingPages(
        s.landingPages,
        s.pages.map((p) => p.url),
      ).map((lp) => link(landingPagePath(lp.key), lp.title)),
    },
    {
      heading: 'お知らせ・読みもの',
      links: [...route(paths.news, 'お知らせ'), ...route(paths.blog, 'ブログ'), ...route(paths.popup, 'ポップアップのお知らせ')],
    },
    {
      heading: 'ご利用案内',
      links: [
        ...route(paths.faq, 'よくあるご質問'),
        ...s.pages.map((p) => link(p.url, p.title)),
        ...route(paths.contact, 'お問い合わせ'),
        ...route(paths.sitemap, 'サイトマップ'),
      ],
    },
    {
      heading: '会員の方',
      links: [...route(paths.login(), 'ログイン'), ...route(paths.register, '会員登録'), ...route(mypagePaths.top, 'マイページ')],
    },
  ];
}
