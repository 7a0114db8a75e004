/**
 * Product queries and the wire shape of a Product. The list is the busiest endpoint of the shop, so
 * any read of products (a page, a detail, a cart's lines) is a single prepared SQL statement (see
 * queryProducts), and a list's total comes from a versioned count cache (see countProducts).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  type CategoryRef,
  LOW_STOCK_MAX,
  type Product,
  type ProductFacets,
  type ProductSort,
  type ProductVariant,
  type StockStatus,
} from '#contracts/products.ts';
import type { Db, Tx } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import {
  brands,
  catalog_version,
  categories,
  makers,
  product_likes,
  product_list_counts,
  product_model_categories,
  product_models,
  products,
  review_stats,
} from '../../db/schema/index.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import { buildCategoryTree, type CategoryTreeNode, categoryTree } from '../categories/index.ts';
import { priceWithTax } from '../tax/index.ts';
import {
  type CatalogueIndex,
  CatalogueIndexHolder,
  countWithIndex,
  type FacetRow,
  facetRowsWithIndex,
  idsOf,
  pageWithIndex,
  rowsOfIds,
} from './catalog-index.ts';
import { containsPattern, searchWords } from './search/normalize.ts';

type Conn = Db | Tx;

/** Shown when a product has no image of its own. */
export const FALLBACK_IMAGE = '/images/products/noimage.svg';

/** One product row as the product query returns it: brand, maker, model, variants and categories joined. */
export interface ProductRow {
  id: number;
  key: string;
  code: string;
  name: string;
  description: string;
  product_price: number;
  before_price: number | null;
  tax_rate: number;
  image: string | null;
  images: unknown;
  stock: number;
  created_at: Date | string;
  color: string | null;
  color_code: string | null;
  size: string | null;
  product_model_id: number | null;
  brand_id: number | null;
  brand_key: string | null;
  brand_name: string | null;
  maker_id: number | null;
  maker_key: string | null;
  maker_name: string | null;
  model_key: string | null;
  model_name: string | null;
  /** json: [{id, key, name, product_price, tax_rate, stock, color, color_code, size, image}] of the model's published variants; null when not read. */
  variants: unknown;
  /** json: [{id, key, name}] of the model's categories. */
  categories: unknown;
  liked: boolean;
  /** Reviews of the product's model (or of the product alone without a model). */
  review_avg: number | string | null;
  review_count: number | string;
  embroiderable: boolean;
}

interface VariantRow {
  id: number;
  key: string;
  name: string;
  product_price: number;
  tax_rate: number;
  stock: number;
  color: string | null;
  color_code: string | null;
  size: string | null;
  image: string | null;
}

/** json columns arrive parsed from both drivers, but tolerate a string too. */
const jsonArray = <T>(v: unknown): T[] => (typeof v === 'string' ? JSON.parse(v) : Array.isArray(v) ? v : []) as T[];

/** 在庫あり / 残りわずか (1–5 left) / 在庫なし. */
export function stockStatusOf(stock: number): StockStatus {
  if (stock <= 0) return 'out';
  return stock <= LOW_STOCK_MAX ? 'low' : 'in_stock';
}

/** Percent off the price before the sale, rounded down; null when not on sale. */
export function discountRateOf(price: number, before: number | null): number | null {
  if (before == null || before <= price || before <= 0) return null;
  return Math.floor(((before - price) * 100) / before);
}

/**
 * Runs a read. Structural lists (category, maker, brand) run as named prepared statements whose
 * generic plan fits every value; a query whose best plan depends on its values (search words, price
 * range, stock, sale) is planned for its own values each time: a generic plan cannot tell a rare
 * word from a common one and may scan the wrong index.
 */
async function run<T>(db: Conn, prefix: string, query: SQL, prepared: boolean): Promise<T[]> {
  if (prepared) return executePrepared<T>(db, prefix, query);
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The filter's plan depends on its values (see run). */
const valueDependent = (f: ProductFilter) =>
  searchWords(f.keyword).length > 0 || f.price_min != null || f.price_max != null || !!f.in_stock || !!f.on_sale;

/**
 * The product is sold on the channel: its product_channels rows, as copied onto the row by triggers
 * (products.channel_ids, migration 0013). A search or a count checks it on the rows it reads anyway;
 * the join to product_channels it replaces cost a hash of the whole table per count.
 */
export function inChannel(channelId: string, alias: SQL = sql`products`): SQL {
  return sql`${alias}.channel_ids @> array[${channelId}]::text[]`;
}

/** How a product read picks its rows: a filtered, ordered page of ids, or given ids in their order. */
type Hit = { where: SQL; order?: SQL; limit?: number; offset?: number; source?: SQL } | { ids: number[] };

/**
 * The one statement behind every product read. The `hit` relation picks the page's product ids in
 * order: either the filter itself (with a list index in the sort order, migration 0002, it reads one
 * page of the index and stops, whatever the catalogue's size) or ids chosen before (a cached page,
 * a search's page, a cart's lines). Only those rows are joined to product, brand, maker and model;
 * categories, the like flag and (on a product page) the variants come from correlated subqueries,
 * and the review summary from review_stats (migration 0009). Always a named prepared statement: a
 * filter whose plan depends on its values picks its ids before (pageIds).
 */
async function queryProducts(
  db: Conn,
  hit: Hit,
  opts: {
    channelId?: string;
    userId?: number | null;
    /** The model's variants (the product page's swatches and sizes); lists and carts leave them out. */
    variants?: boolean;
  },
): Promise<ProductRow[]> {
  const variantChannel = opts.channelId ? sql`and ${inChannel(opts.channelId, sql`v`)}` : sql``;
  const liked = opts.userId
    ? sql`exists (select 1 from ${product_likes} l where l.user_id = ${opts.userId} and l.product_id = p.id)`
    : sql`false`;
  const variants = opts.variants
    ? sql`(select coalesce(json_agg(json_build_object('id', v.id, 'key', v.key, 'name', v.name, 'product_price', v.product_price,
          'tax_rate', v.tax_rate, 'stock', v.stock, 'color', v.color, 'color_code', v.color_code, 'size', v.size, 'image', v.image)
          order by v.sort, v.size_order nulls last, v.id), '[]'::json)
        from ${products} v where v.product_model_id = p.product_model_id and v.is_published ${variantChannel})`
    : sql`null::json`;
  let from: SQL;
  if ('ids' in hit) {
    from = sql`unnest(${`{${hit.ids.join(',')}}`}::int[]) with ordinality as hit(id, rn)`;
  } else {
    const order = hit.order ?? sql`products.id`;
    const page = hit.limit != null ? sql`limit ${hit.limit} offset ${hit.offset ?? 0}` : sql``;
    from = sql`(
      select products.id, row_number() over (order by ${order}) as rn
      from ${hit.source ?? products} where ${hit.where} order by ${order} ${page}
    ) hit`;
  }
  return run<ProductRow>(
    db,
    'products',
    sql`
    select p.id, p.key, p.code, p.name, p.description, p.product_price, p.before_price, p.tax_rate, p.image, p.images,
      p.stock, p.created_at, p.product_model_id, p.color, p.color_code, p.size, p.embroiderable,
      b.id as brand_id, b.key as brand_key, b.name as brand_name,
      m.id as maker_id, m.key as maker_key, m.name as maker_name,
      pm.key as model_key, pm.name as model_name,
      ${variants} as variants,
      (select coalesce(json_agg(json_build_object('id', c.id, 'key', c.key, 'name', c.name) order by c.sort, c.id), '[]'::json)
        from ${product_model_categories} pmc join ${categories} c on c.id = pmc.category_id
        where pmc.product_model_id = p.product_model_id) as categories,
      round(rs.rating_sum::numeric / nullif(rs.review_count, 0), 1)::float8 as review_avg, coalesce(rs.review_count, 0) as review_count,
      ${liked} as liked
    from ${from}
    join ${products} p on p.id = hit.id
    left join ${brands} b on b.id = p.brand_id
    left join ${makers} m on m.id = p.maker_id
    left join ${product_models} pm on pm.id = p.product_model_id
    left join ${review_stats} rs on rs.group_id = coalesce(p.product_model_id, -p.id)
    order by hit.rn`,
    true,
  );
}

/** The wire Product for a row of the product query (pure). */
export function serializeProduct(row: ProductRow): Product {
  const image = row.image ?? FALLBACK_IMAGE;
  const images = Array.isArray(row.images) && row.images.length ? (row.images as string[]) : [image];
  const modelId = row.product_model_id;
  const price = Number(row.product_price);
  const before = row.before_price == null ? null : Number(row.before_price);
  const rate = Number(row.tax_rate) === 8 ? 8 : 10;
  const stock = Number(row.stock);
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    code: row.code,
    description: row.description,
    product_price: price,
    before_price: before,
    product_price_with_tax: priceWithTax(price, rate),
    tax_rate: rate,
    brand: row.brand_id != null ? { id: row.brand_id, key: row.brand_key!, name: row.brand_name! } : null,
    maker: row.maker_id != null ? { id: row.maker_id, key: row.maker_key!, name: row.maker_name! } : null,
    product_model:
      modelId != null && row.model_key != null
        ? {
            id: modelId,
            key: row.model_key,
            name: row.model_name!,
            categories: jsonArray<CategoryRef>(row.categories),
            ...(row.variants == null
              ? {}
              : {
                  products: jsonArray<VariantRow>(row.variants).map(
                    (v): ProductVariant => ({
                      id: v.id,
                      key: v.key,
                      name: v.name,
                      product_price_with_tax: priceWithTax(v.product_price, v.tax_rate),
                      is_stock_available: v.stock > 0,
                      color: v.color ?? null,
                      color_code: v.color_code ?? null,
                      size: v.size ?? null,
                      image: v.image ?? FALLBACK_IMAGE,
                      stock_status: stockStatusOf(Number(v.stock)),
                    }),
                  ),
                }),
          }
        : null,
    image,
    images,
    is_stock_available: stock > 0,
    is_favorite: row.liked === true,
    created_at: new Date(row.created_at).toISOString(),
    color: row.color ?? null,
    color_code: row.color_code ?? null,
    size: row.size ?? null,
    stock_status: stockStatusOf(stock),
    discount_rate: discountRateOf(price, before),
    review_avg: row.review_avg == null ? null : Math.round(Number(row.review_avg) * 10) / 10,
    review_count: Number(row.review_count ?? 0),
    embroiderable: row.embroiderable === true,
  };
}

/**
 * Products by id as wire Products, keyed by id, whatever their published state (a cart must still
 * describe a product that was withdrawn). Variants are limited to `channelId` when given.
 */
export async function loadProductsByIds(
  db: Conn,
  ids: number[],
  opts: { channelId?: string; userId?: number | null } = {},
): Promise<Map<number, Product>> {
  const out = new Map<number, Product>();
  const unique = [...new Set(ids)].filter((id) => Number.isInteger(id));
  if (!unique.length) return out;
  const rows = await queryProducts(db, { ids: unique }, { channelId: opts.channelId, userId: opts.userId });
  for (const row of rows) out.set(row.id, serializeProduct(row));
  return out;
}

/** Escapes LIKE wildcards so a shopper's `%` or `_` matches literally. */
export function likePattern(term: string): string {
  return containsPattern(term);
}

/** Search words of plain text fields (FAQ): split on half- and full-width spaces, at most 5. */
export function keywordTerms(keyword: string | undefined): string[] {
  return (keyword ?? '')
    .split(/[\s\u3000]+/)
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 5);
}

export interface ProductFilter {
  channelId: string;
  category?: string;
  child?: boolean;
  maker?: string;
  brand?: string;
  /** Words narrow (AND), each matched Japanese-aware against products.search_text. */
  keyword?: string;
  /** Tax-inclusive yen. */
  price_min?: number;
  price_max?: number;
  in_stock?: boolean;
  on_sale?: boolean;
  /** One product per model (default true). */
  group?: boolean;
  sort?: ProductSort;
}

/** The filters a facet can leave out when counting its own choices. */
type Facet = 'category' | 'maker' | 'brand' | 'price' | 'in_stock' | 'on_sale';

/** A column of `alias` (`products` for the list itself, `v` for a variant subquery). */
const col = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/** The tax-inclusive price times 100 (indexed: products_list_price_idx). */
const priceTimes100 = (alias: string) => sql`(${col(alias, 'product_price')} * (100 + ${col(alias, 'tax_rate')}))`;

function categoryCondition(f: ProductFilter, alias: string): SQL | null {
  if (!f.category) return null;
  // With child, the category and all its descendants (any depth; `union` stops on a cycle) match.
  const ids = f.child
    ? sql`(with recursive tree(id) as (
        select id from ${categories} where table_name = 'products' and key = ${f.category}
        union select c.id from ${categories} c join tree on c.parent_id = tree.id
      ) select id from tree)`
    : sql`(select id from ${categories} where table_name = 'products' and key = ${f.category})`;
  return sql`${col(alias, 'product_model_id')} in (select product_model_id from ${product_model_categories} where category_id in ${ids})`;
}

/** Conditions that hold for every row of the list: published, on the channel, every search word. */
function baseConditions(f: ProductFilter, alias: string): SQL[] {
  const where: SQL[] = [sql`${col(alias, 'is_published')}`, inChannel(f.channelId, sql.raw(alias))];
  for (const word of searchWords(f.keyword)) where.push(sql`${col(alias, 'search_text')} like ${containsPattern(word)}`);
  return where;
}

/** The condition of one facet's filter, or null when the query does not set it. */
function facetCondition(f: ProductFilter, facet: Facet, alias: string): SQL | null {
  switch (facet) {
    case 'category':
      return categoryCondition(f, alias);
    case 'maker':
      return f.maker ? sql`${col(alias, 'maker_id')} = (select id from ${makers} where key = ${f.maker})` : null;
    case 'brand':
      return f.brand ? sql`${col(alias, 'brand_id')} = (select id from ${brands} where key = ${f.brand})` : null;
    case 'price': {
      const parts: SQL[] = [];
      // floor(x / 100) >= min  ⇔  x >= min * 100;  floor(x / 100) <= max  ⇔  x <= max * 100 + 99.
      if (f.price_min != null) parts.push(sql`${priceTimes100(alias)} >= ${f.price_min * 100}`);
      if (f.price_max != null) parts.push(sql`${priceTimes100(alias)} <= ${f.price_max * 100 + 99}`);
      return parts.length ? and(...parts)! : null;
    }
    case 'in_stock':
      return f.in_stock ? sql`${col(alias, 'stock')} > 0` : null;
    case 'on_sale':
      return f.on_sale ? onSale(alias) : null;
  }
}

const onSale = (alias: string) =>
  sql`(${col(alias, 'before_price')} is not null and ${col(alias, 'before_price')} > ${col(alias, 'product_price')})`;

const FACETS: Facet[] = ['category', 'maker', 'brand', 'price', 'in_stock', 'on_sale'];

/** Every condition of the filter on `alias`, leaving out the facets in `omit`. */
function filterConditions(f: ProductFilter, alias = 'products', omit: Facet[] = []): SQL[] {
  const where = baseConditions(f, alias);
  for (const facet of FACETS) {
    if (omit.includes(facet)) continue;
    const c = facetCondition(f, facet, alias);
    if (c) where.push(c);
  }
  return where;
}

/** Lists group by model unless `group=0`. */
const grouped = (f: ProductFilter) => f.group !== false;

/**
 * Grouped lists show each model once, by its representative among the variants that match the
 * filter: the first in stock in size order (then seed order), else the first. A product without a
 * model is its own group. A row is the representative when no better-ranked variant of its model
 * matches too: one range of products_model_rank_idx (all ascending, so the rank is a row
 * comparison) that stops at the first match, usually after one entry, instead of sorting the model.
 */
function representative(f: ProductFilter): SQL {
  // Variants of one model are sold on the same channels (the outer row is checked), so the probe
  // skips the channel; the category is the model's, so it holds for every variant.
  const inner = and(...filterConditions(f, 'v', ['category']).slice(2), sql`v.is_published`)!;
  const rep = sql`(products.product_model_id is null or not exists (
    select 1 from ${products} v where v.product_model_id = products.product_model_id and ${inner}
      and (v.stock <= 0, coalesce(v.size_order, 32767), v.sort, v.id)
        < (products.stock <= 0, coalesce(products.size_order, 32767), products.sort, products.id)))`;
  // CASE fixes the order: the cheap row filters first, the per-model probe only for rows that pass
  // them (the planner would otherwise run the probe for every row a price or word index returns).
  const cheap = FACETS.map((x) => facetCondition(f, x, 'products')).filter((c): c is SQL => c !== null);
  return cheap.length ? sql`(case when ${and(...cheap)} then ${rep} else false end)` : rep;
}

function orderOf(sort: ProductSort | undefined): SQL {
  // Price sorts use the tax-inclusive price the shopper sees (8 % and 10 % products mix).
  switch (sort) {
    case 'price_asc':
      return sql`products.product_price * (100 + products.tax_rate) asc, products.id asc`;
    case 'price_desc':
      return sql`products.product_price * (100 + products.tax_rate) desc, products.id desc`;
    case 'new':
      return sql`products.created_at desc, products.id desc`;
    // NULLS LAST as in products_list_popular_idx (the columns are never null), so the index serves it.
    case 'popular':
      return sql`products.popularity desc nulls last, products.id desc nulls last`;
    default:
      return sql`products.sort asc, products.created_at desc, products.id desc`;
  }
}

/** What a list counts: products, or models (a product without a model counts as one). */
const countExpr = (f: ProductFilter) =>
  grouped(f) ? sql`count(distinct coalesce(products.product_model_id, -products.id))::int` : sql`count(*)::int`;

/**
 * How many products (models when grouped) match `where`, cached per filter in product_list_counts
 * under the catalogue version that triggers bump on every change that can move a total (migrations
 * 0003 and 0007: publishing, channels, categories, makers, brands, search words, prices, sale, and
 * stock crossing zero); version and count are read in one statement (one snapshot), so a cached
 * total is exact. A search, price or stock filter is counted once per catalogue version, then read.
 */
export async function countProducts(db: Conn, f: ProductFilter, where: SQL): Promise<number> {
  const key = countKey(f);
  const counted = sql`select ${countExpr(f)} as total from ${products} where ${where}`;
  const [hit] = await executePrepared<{ total: number | null }>(db, 'count_hit', cachedTotal(key));
  if (hit && hit.total != null) return Number(hit.total);
  const fill = sql`
    with v as (select version from ${catalog_version} where id = 1), n as (${counted})
    insert into ${product_list_counts} (key, version, total) select ${key}, v.version, n.total from v, n
    on conflict (key) do update set version = excluded.version, total = excluded.total
    returning total`;
  const [fresh] = await run<{ total: number }>(db, 'count_fill', fill, !valueDependent(f));
  // Searches make the key space open-ended: now and then drop totals of past versions.
  if (Math.random() < 0.02) {
    await db.execute(sql`delete from ${product_list_counts} where version < (select version from ${catalog_version} where id = 1)`);
  }
  // Only without the catalogue's version row (never after migration 0003): count directly.
  return fresh
    ? Number(fresh.total)
    : Number((await run<{ total: number }>(db, 'count_direct', counted, !valueDependent(f)))[0]?.total ?? 0);
}

/** The count cache key of a filter: every part that can change the total (search words in a fixed order). */
function countKey(f: ProductFilter): string {
  const words = [...searchWords(f.keyword)].sort().join(' ');
  return [
    f.channelId,
    f.category ?? '',
    f.category && f.child ? 'child' : '',
    f.maker ?? '',
    f.brand ?? '',
    grouped(f) ? 'g' : '',
    words,
    f.price_min ?? '',
    f.price_max ?? '',
    f.in_stock ? 's' : '',
    f.on_sale ? 'o' : '',
  ].join('|');
}

/** The cached total of `key` if it was counted under the current catalogue version. */
function cachedTotal(key: string): SQL {
  return sql`select c.total from ${product_list_counts} c join ${catalog_version} v on v.id = 1 and v.version = c.version where c.key = ${key}`;
}

/** The WHERE of a list query (filters and, when grouped, the representative check); for plan tests. */
export function listWhere(f: ProductFilter): SQL {
  const filtered = and(...filterConditions(f))!;
  return grouped(f) ? and(filtered, representative(f))! : filtered;
}

/** How many rows of the sort order a search first looks through (see headOf). */
const HEAD_ROWS = 3000;

/**
 * The first `n` published products in `order`, as a `products` relation. A search looks through
 * these first: a common word fills its page from the head of the list index in a few milliseconds,
 * where the planner, trusting the word index, would fetch and sort every match. When the head does
 * not fill the page, the search runs over the whole table (a rare word: the word index is then the
 * right path). A full page from the head is the true page, since every other row sorts after it.
 */
const headOf = (order: SQL, n: number) =>
  sql`(select * from ${products} where products.is_published order by ${order} limit ${n}) products`;

/** The catalogue version (migration 0003): every change that can move a list's rows or total bumps it. */
async function catalogVersion(db: Conn): Promise<number | null> {
  // Inside a transaction the version may be one that is rolled back and later reused for other
  // data; only committed versions (read outside any transaction) are safe cache keys.
  if (db instanceof PgTransaction) return null;
  const [row] = await executePrepared<{ version: number | string }>(
    db,
    'catalog_version',
    sql`select version from ${catalog_version} where id = 1`,
  );
  return row ? Number(row.version) : null;
}

/** Pages of ids and facet counts already worked out, valid while the catalogue version is unchanged. */
const pageCache = new VersionedCache<{ ids: number[]; total: number }>(5000);
const facetCache = new VersionedCache<ProductFacets>(1000);
const suggestCache = new VersionedCache<SuggestRow[]>(2000);

/** The catalogue index of each database this process serves (tests run several shops in one process). */
const indexHolders = new WeakMap<object, CatalogueIndexHolder>();
const indexOf = (db: Conn, channelId: string, version: number | null): CatalogueIndex | undefined =>
  version == null ? undefined : catalogueIndexHolder(db).get(db, channelId, version);

/** The catalogue index holder of `db`: tests load an index now or wait for the background load. */
export function catalogueIndexHolder(db: Conn): CatalogueIndexHolder {
  let holder = indexHolders.get(db);
  if (!holder) indexHolders.set(db, (holder = new CatalogueIndexHolder()));
  return holder;
}

/**
 * The rows of `ix` whose product holds every search word of the filter: null without words (every
 * row), undefined when the match was read at another catalogue version than the index (count in
 * SQL then). The words are matched by the database (trigram index), once per version; concurrent
 * first searches for the same words share one read.
 */
async function wordRows(db: Conn, ix: CatalogueIndex, f: ProductFilter): Promise<Int32Array | null | undefined> {
  const words = searchWords(f.keyword);
  if (!words.length) return null;
  const key = `${f.channelId}|${[...words].sort().join(' ')}`;
  const cached = ix.words.get(ix.version, key);
  if (cached) return cached;
  let load = ix.wordLoads.get(key);
  if (!load) {
    load = (async () => {
      const [row] = await run<{ version: number | string | null; ids: unknown }>(
        db,
        'word_ids',
        sql`
        select (select version from ${catalog_version} where id = 1) as version, string_agg(int4send(products.id), ''::bytea) as ids
        from ${products} where ${and(...baseConditions({ channelId: f.channelId, keyword: f.keyword }, 'products'))}`,
        false,
      );
      if (!row || Number(row.version) !== ix.version) return undefined;
      const rows = rowsOfIds(ix, idsOf(row.ids));
      ix.words.set(ix.version, key, rows);
      return rows;
    })().finally(() => ix.wordLoads.delete(key));
    ix.wordLoads.set(key, load);
  }
  return load;
}

/**
 * The list's total from the catalogue index, and for a filter whose SQL plan depends on its values
 * (a search, a price, stock or sale filter: the queries no cache has seen) the page's ids too; null
 * when the index of this version is not loaded yet. A structural list (category, maker, brand) keeps
 * its page query in SQL: a prepared statement reading one page of a list index, as fast as it gets.
 */
async function pageFromIndex(
  db: Conn,
  f: ProductFilter,
  version: number | null,
  page: { per: number; offset: number },
): Promise<{ ids: number[] | null; total: number } | null> {
  const ix = indexOf(db, f.channelId, version);
  if (!ix) return null;
  const rows = await wordRows(db, ix, f);
  if (rows === undefined) return null;
  const listed = valueDependent(f) ? pageWithIndex(ix, f, rows, f.sort, page.offset, page.per) : null;
  return listed ?? { ids: null, total: countWithIndex(ix, f, rows) };
}

/** The facets from the catalogue index, or null when the index of this version is not loaded yet. */
async function facetsFromIndex(db: Conn, f: ProductFilter, version: number | null): Promise<ProductFacets | null> {
  const ix = indexOf(db, f.channelId, version);
  if (!ix) return null;
  const rows = await wordRows(db, ix, f);
  return rows === undefined ? null : assembleFacets(facetRowsWithIndex(ix, f, rows), buildCategoryTree(ix.categoryList));
}

/**
 * The ids of one page of the list, in order. A value-dependent filter (a search, a price range) is
 * planned for its values and first looks through the head of the sort order (see headOf).
 */
async function pageIds(db: Conn, f: ProductFilter, where: SQL, order: SQL, page: { per: number; offset: number }): Promise<number[]> {
  const custom = valueDependent(f);
  const query = (source: SQL) =>
    run<{ id: number }>(
      db,
      'page_ids',
      sql`select products.id from ${source} where ${where} order by ${order} limit ${page.per} offset ${page.offset}`,
      !custom,
    );
  let rows = custom && page.offset + page.per <= HEAD_ROWS / 10 ? await query(headOf(order, HEAD_ROWS)) : [];
  if (rows.length < page.per) rows = await query(sql`${products}`);
  return rows.map((r) => Number(r.id));
}

/**
 * One page of the channel's published products matching the filter, with the exact total count.
 * Which ids a page holds and the total depend only on data that bumps the catalogue version (the
 * columns a list filters and sorts by, stock crossing zero, publishing, channels, categories), so
 * they are kept per process under that version: a repeated list or search costs one version read
 * and the page's product rows. Prices, stock levels, reviews and the member's likes are always read
 * fresh with the rows. Another process's change is seen at the next request, since the version is
 * read from the database each time.
 */
export async function listProducts(
  db: Conn,
  f: ProductFilter,
  page: { per: number; offset: number },
  userId: number | null,
): Promise<{ items: Product[]; total: number }> {
  const key = `${countKey(f)}|${f.sort ?? ''}|${page.offset}|${page.per}`;
  const version = await catalogVersion(db);
  let entry = pageCache.get(version, key);
  if (!entry) {
    const fast = await pageFromIndex(db, f, version, page);
    if (fast?.ids) entry = { ids: fast.ids, total: fast.total };
    else {
      const filtered = and(...filterConditions(f))!;
      const where = grouped(f) ? and(filtered, representative(f))! : filtered;
      const ids = await pageIds(db, f, where, orderOf(f.sort), page);
      entry = { ids, total: fast?.total ?? (await countProducts(db, f, filtered)) };
    }
    pageCache.set(version, key, entry);
  }
  const rows = entry.ids.length ? await queryProducts(db, { ids: entry.ids }, { channelId: f.channelId, userId }) : [];
  return { items: rows.map(serializeProduct), total: entry.total };
}

/** A published product of the channel by key, with its model's variants, or null. */
export async function getProductByKey(db: Conn, channelId: string, key: string, userId: number | null): Promise<Product | null> {
  const rows = await queryProducts(
    db,
    { where: and(eq(products.key, key), eq(products.is_published, true), inChannel(channelId))!, limit: 1 },
    { channelId, userId, variants: true },
  );
  return rows.length ? serializeProduct(rows[0]) : null;
}

/** Flags of one facet-counting row: whether the row passes each facet's filter (true when unset). */
function facetFlag(f: ProductFilter, facet: Facet): SQL {
  return facetCondition(f, facet, 'products') ?? sql`true`;
}

/** Every facet flag but `except`, and-ed (facet counts leave their own filter out). */
function othersOk(except: Facet | null): SQL {
  return sql.raw(
    FACETS.filter((x) => x !== except)
      .map((x) => `ok_${x}`)
      .join(' and '),
  );
}

/**
 * GET /v1/products/facets: the counts beside each filter choice. One statement: the rows matching
 * the always-on conditions (published, channel, search words) are read once with a flag per facet
 * filter; each facet then counts with every flag but its own (disjunctive counting). Counts are of
 * models when grouped, like the list's total.
 */
export async function productFacets(db: Conn, f: ProductFilter): Promise<ProductFacets> {
  const version = await catalogVersion(db);
  const key = countKey(f);
  const cached = facetCache.get(version, key);
  if (cached) return cached;
  const facets = (await facetsFromIndex(db, f, version)) ?? (await countFacets(db, f));
  facetCache.set(version, key, facets);
  return facets;
}

/** The facet counts of productFacets, counted. */
async function countFacets(db: Conn, f: ProductFilter): Promise<ProductFacets> {
  const flags = FACETS.map((x) => sql`${facetFlag(f, x)} as ${sql.raw(`ok_${x}`)}`);
  const g = grouped(f) ? sql`coalesce(products.product_model_id, -products.id)` : sql`products.id`;
  const rows = await run<FacetRow>(
    db,
    'facets',
    sql`
    with recursive base as materialized (
      select ${g} as g, products.product_model_id, products.maker_id, products.brand_id, products.stock,
        ${onSale('products')} as sale, ${priceTimes100('products')} / 100 as price, ${sql.join(flags, sql`, `)}
      from ${products} where ${and(...baseConditions(f, 'products'))}
    ), tree(ancestor, id) as (
      select id, id from ${categories} where table_name = 'products'
      union select tree.ancestor, c.id from ${categories} c join tree on c.parent_id = tree.id
    )
    select 'total' as part, null as key, null as name, count(distinct g)::int as n, null::int as lo, null::int as hi from base where ${othersOk(null)}
    union all select 'in_stock', null, null, count(distinct g)::int, null, null from base where ${othersOk('in_stock')} and stock > 0
    union all select 'on_sale', null, null, count(distinct g)::int, null, null from base where ${othersOk('on_sale')} and sale
    union all select 'price', null, null, count(*)::int, min(price)::int, max(price)::int from base where ${othersOk('price')}
    union all (select 'maker', m.key, m.name, count(distinct base.g)::int, m.sort, m.id from base join ${makers} m on m.id = base.maker_id
      where ${othersOk('maker')} group by m.id)
    union all (select 'brand', b.key, b.name, count(distinct base.g)::int, b.sort, b.id from base join ${brands} b on b.id = base.brand_id
      where ${othersOk('brand')} group by b.id)
    union all (select 'category', c.key, c.name, count(distinct base.g)::int, c.sort, c.id
      from base join ${product_model_categories} pmc on pmc.product_model_id = base.product_model_id
      join tree on tree.id = pmc.category_id join ${categories} c on c.id = tree.ancestor
      where ${othersOk('category')} group by c.id)`,
    !valueDependent(f),
  );
  return assembleFacets(rows, await categoryTree(db, 'products'));
}

/** The wire facets of countFacets' rows (from SQL or from the catalogue index). */
function assembleFacets(rows: FacetRow[], tree: CategoryTreeNode[]): ProductFacets {
  const one = (part: string) => rows.find((r) => r.part === part);
  const choices = (part: string) =>
    rows
      .filter((r) => r.part === part)
      .sort((a, b) => Number(a.lo) - Number(b.lo) || Number(a.hi) - Number(b.hi))
      .map((r) => ({ key: r.key!, name: r.name!, count: Number(r.n) }));
  // Categories in the order of the hierarchy (parents before their children).
  const order = new Map<string, number>();
  const walk = (nodes: CategoryTreeNode[]) => {
    for (const n of nodes) {
      order.set(n.key, order.size);
      walk(n.children);
    }
  };
  walk(tree);
  const price = one('price');
  return {
    categories: choices('category').sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0)),
    makers: choices('maker'),
    brands: choices('brand'),
    in_stock: Number(one('in_stock')?.n ?? 0),
    on_sale: Number(one('on_sale')?.n ?? 0),
    price: price && Number(price.n) > 0 ? { min: Number(price.lo), max: Number(price.hi) } : null,
    total: Number(one('total')?.n ?? 0),
  };
}

/** A product suggested while typing, with its model's name (the suggested word). */
export interface SuggestRow {
  id: number;
  key: string;
  name: string;
  image: string | null;
  product_price: number;
  tax_rate: number;
  product_model_id: number | null;
  model_name: string | null;
}

/**
 * The most popular published products of the channel whose search text holds every word; at most
 * `limit` rows, read down the popularity index (products_list_popular_idx) or, for rare words,
 * from the trigram index and sorted.
 */
export async function suggestProducts(db: Conn, channelId: string, keyword: string, limit: number): Promise<SuggestRow[]> {
  // Matches depend on search words, publishing, channels and popularity: all bump the version.
  const version = await catalogVersion(db);
  const key = `${channelId}|${searchWords(keyword).join(' ')}|${limit}`;
  const cached = suggestCache.get(version, key);
  if (cached) return cached;
  const rows = await findSuggestions(db, channelId, keyword, limit);
  suggestCache.set(version, key, rows);
  return rows;
}

async function findSuggestions(db: Conn, channelId: string, keyword: string, limit: number): Promise<SuggestRow[]> {
  const where = and(...baseConditions({ channelId, keyword }, 'products'))!;
  const order = orderOf('popular');
  const query = (source: SQL) =>
    run<SuggestRow>(
      db,
      'suggest',
      sql`
    select products.id, products.key, products.name, products.image, products.product_price, products.tax_rate,
      products.product_model_id, pm.name as model_name
    from ${source} left join ${product_models} pm on pm.id = products.product_model_id
    where ${where} order by ${order} limit ${limit}`,
      false,
    );
  // The most popular products first (see headOf), the whole table when they hold too few matches.
  const head = await query(headOf(order, HEAD_ROWS));
  return head.length >= limit ? head : query(sql`${products}`);
}

/**
 * A list's total and facets counted one given way, for tests that compare them: `sql` counts in the
 * database, `index` reads the catalogue index now and counts from it.
 */
export async function countVia(db: Conn, f: ProductFilter, via: 'sql' | 'index'): Promise<{ total: number; facets: ProductFacets }> {
  if (via === 'sql') {
    const [row] = await run<{ total: number }>(
      db,
      'count_via',
      sql`select ${countExpr(f)} as total from ${products} where ${and(...filterConditions(f))}`,
      false,
    );
    return { total: Number(row.total), facets: await countFacets(db, f) };
  }
  const ix = await catalogueIndexHolder(db).load(db, f.channelId);
  const rows = ix ? await wordRows(db, ix, f) : undefined;
  if (!ix || rows === undefined) throw new Error('the catalogue index could not be read');
  return {
    total: countWithIndex(ix, f, rows),
    facets: assembleFacets(facetRowsWithIndex(ix, f, rows), buildCategoryTree(ix.categoryList)),
  };
}

/** One page's ids worked out one given way (tests compare them): SQL, or the catalogue index read now. */
export async function pageVia(
  db: Conn,
  f: ProductFilter,
  via: 'sql' | 'index',
  page: { offset: number; per: number },
): Promise<number[] | null> {
  if (via === 'sql') return pageIds(db, f, listWhere(f), orderOf(f.sort), page);
  const ix = await catalogueIndexHolder(db).load(db, f.channelId);
  const rows = ix ? await wordRows(db, ix, f) : undefined;
  if (!ix || rows === undefined) throw new Error('the catalogue index could not be read');
  const listed = pageWithIndex(ix, f, rows, f.sort, page.offset, page.per);
  if (listed) invariant(listed.total === countWithIndex(ix, f, rows), 'the page pass and the count agree on the total');
  return listed?.ids ?? null;
}

function invariant(ok: boolean, what: string): void {
  if (!ok) throw new Error(`catalogue index: ${what}`);
}
