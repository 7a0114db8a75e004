/**
 * The home page's blocks from the channel's `top` layout (GET /v1/layouts/top): each layout block
 * names its data (banner areas, a collection alias, a news count, a free-area code) and this module
 * reads it through the API client, one call per kind, in parallel. Without a layout (a backend that
 * has none, or the call failed) the home shows the blocks it always had.
 */

import { listProducts } from '#api-client/catalog/products.ts';
import { getCategoryHierarchy, getCollection, listBanners, listFreeAreas, listNews } from '#api-client/content/content.ts';
import type { Layout, LayoutBlock, News } from '#contracts/content.ts';
import type { CategoryNode, Product } from '#contracts/products.ts';
import type { HomeBlock } from '#themes/slot-props.ts';
import { paths } from './routes.ts';

/** How a block's data is read: `optional` hides a failing block instead of failing the page (loadPage). */
type Optional = <V>(work: Promise<V>, fallback: V) => Promise<V>;

/** The blocks of a home without a layout: hero, category tiles, the 8 newest products, 3 news. */
export function defaultTopBlocks(siteName: string): LayoutBlock[] {
  return [
    {
      type: 'hero',
      title: siteName,
      text: '毎日の暮らしに寄り添う、確かなものを。衣類から台所道具、食品まで、長く使える品をそろえました。',
      link_label: '商品を見る',
      link: paths.productList(),
    },
    { type: 'categories', title: 'カテゴリから探す' },
    { type: 'collection', alias: '', title: '新着アイテム', per: 8 },
    { type: 'news', title: 'お知らせ', count: 3 },
  ];
}

/** Reads the data of every block of `layout` (or the default blocks) and returns them ready to render. */
export async function loadHomeBlocks(layout: Layout | null, siteName: string, optional: Optional): Promise<HomeBlock[]> {
  const blocks = layout?.blocks.length ? layout.blocks : defaultTopBlocks(siteName);
  const areas = [...new Set(blocks.flatMap((b) => (b.type === 'banners' ? [b.area] : [])))];
  const newsCount = Math.max(0, ...blocks.map((b) => (b.type === 'news' ? b.count : 0)));
  const [banners, categories, news, freeAreas] = await Promise.all([
    areas.length ? optional(listBanners(areas), []) : [],
    blocks.some((b) => b.type === 'categories') ? optional(getCategoryHierarchy('products'), []) : [],
    newsCount
      ? optional(
          listNews({ per: newsCount }).then((r) => r.items),
          [],
        )
      : [],
    blocks.some((b) => b.type === 'free_area') ? optional(listFreeAreas(), []) : [],
  ]);
  const resolved = await Promise.all(
    blocks.map(async (b): Promise<HomeBlock | null> => {
      switch (b.type) {
        case 'hero':
          return { type: 'hero', title: b.title, text: b.text, linkLabel: b.link_label, link: b.link };
        case 'banners': {
          const inArea = banners.filter((x) => x.area === b.area);
          return inArea.length ? { type: 'banners', title: b.title, area: b.area, banners: inArea } : null;
        }
        case 'categories':
          return categories.length ? { type: 'categories', title: b.title, categories } : null;
        case 'news':
          return news.length ? { type: 'news', title: b.title, items: news.slice(0, b.count) } : null;
        case 'free_area': {
          const area = freeAreas.find((f) => f.code === b.code);
          return area ? { type: 'free_area', code: b.code, body: area.body } : null;
        }
        case 'collection': {
          // The default home has no collection alias: its new arrivals are the product list's newest.
          if (!b.alias) {
            const products = await optional(
              listProducts({ sort: 'new', per: b.per }).then((r) => r.items),
              [],
            );
            return products.length
              ? { type: 'collection', title: b.title ?? '新着アイテム', alias: '', products, moreHref: paths.productList() }
              : null;
          }
          const collection = await optional(getCollection(b.alias, { per: b.per }), null);
          if (!collection || collection.products.length === 0) return null;
          const query = new URLSearchParams(collection.params).toString();
          return {
            type: 'collection',
            title: b.title ?? collection.title,
            alias: b.alias,
            products: collection.products,
            moreHref: query ? `${paths.productList()}?${query}` : paths.productList(),
          };
        }
      }
    }),
  );
  return resolved.filter((b): b is HomeBlock => b !== null);
}

/** The first categories, collection and news blocks' data (for a theme home with fixed sections). */
export function homeSections(blocks: HomeBlock[]): { categories: CategoryNode[]; products: Product[]; news: News[] } {
  const first = <T extends HomeBlock['type']>(type: T) => blocks.find((b): b is Extract<HomeBlock, { type: T }> => b.type === type);
  return {
    categories: first('categories')?.categories ?? [],
    products: first('collection')?.products ?? [],
    news: first('news')?.items ?? [],
  };
}
