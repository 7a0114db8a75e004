/**
 * Product queries and the wire shape of a Product. The list is the busiest endpoint of the shop, so
 * any read of products (a page, a detail, a cart's lines) is a single prepared SQL statement (see
 * queryProducts), and a list's total comes from a versioned count cache (see countProducts).
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import {
  brands, catalog_version, categories, makers, product_channels, product_likes, product_list_counts, product_model_categories,
  product_models, products,
} from '../db/schema.ts';
import type { CategoryRef, Product, ProductSort, ProductVariant } from '#contracts/products.ts';
import { priceWithTax } from './tax.ts';

type Conn = Db | Tx;

/** Shown when a product has no image of its own. */
export const FALLBACK_IMAGE = '/images/products/noimage.svg';

/** One product row as the product query returns it: brand, maker, model, variants and categories joined. */
export interface ProductRow {
  id: number; key: string; code: string; name: string; description: string;
  product_price: number; before_price: number | null; tax_rate: number;
  image: string | null; images: unknown; stock: number; created_at: Date | string;
  product_model_id: number | null;
  brand_id: number | null; brand_key: string | null; brand_name: string | null;
  maker_id: number | null; maker_key: string | null; maker_name: string | null;
  model_key: string | null; model_name: string | null;
  /** json: [{id, key, name, product_price, tax_rate, stock}] of the model's published variants. */
  variants: unknown;
  /** json: [{id, key, name}] of the model's categories. */
  categories: unknown;
  liked: boolean;
  /** The list's cached total when still valid (see countProducts), else null. */
  cached_total?: number | null;
}

interface VariantRow { id: number; key: string; name: string; product_price: number; tax_rate: number; stock: number }

/** json columns arrive parsed from both drivers, but tolerate a string too. */
const jsonArray = <T>(v: unknown): T[] => (typeof v === 'string' ? JSON.parse(v) : Array.isArray(v) ? v : []) as T[];

/** The product is sold on the channel (product_channels). */
function inChannel(channelId: string, alias: SQL = sql`products`): SQL {
  return sql`exists (select 1 from ${product_channels} pc where pc.product_id = ${alias}.id and pc.channel_id = ${channelId})`;
}

/**
 * The one statement behind every product read. The inner query filters, orders and pages product
 * ids alone: with a list index in the sort order (migration 0002) it reads one page of the index
 * and stops, whatever the catalogue's size. Only that page is then joined to its product, brand,
 * maker and model, and its variants, categories and like flag come from correlated subqueries.
 * One round trip per page, as a named prepared statement.
 */
async function queryProducts(db: Conn, opts: {
  where: SQL; order?: SQL; limit?: number; offset?: number; channelId?: string; userId?: number | null; countKey?: string;
}): Promise<ProductRow[]> {
  const order = opts.order ?? sql`products.id`;
  const variantChannel = opts.channelId ? sql`and ${inChannel(opts.channelId, sql`v`)}` : sql``;
  const liked = opts.userId
    ? sql`exists (select 1 from ${product_likes} l where l.user_id = ${opts.userId} and l.product_id = p.id)`
    : sql`false`;
  const page = opts.limit != null ? sql`limit ${opts.limit} offset ${opts.offset ?? 0}` : sql``;
  return executePrepared<ProductRow>(db, 'products', sql`
    select p.id, p.key, p.code, p.name, p.description, p.product_price, p.before_price, p.tax_rate, p.image, p.images,
      p.stock, p.created_at, p.product_model_id,
      b.id as brand_id, b.key as brand_key, b.name as brand_name,
      m.id as maker_id, m.key as maker_key, m.name as maker_name,
      pm.key as model_key, pm.name as model_name,
      (select coalesce(json_agg(json_build_object('id', v.id, 'key', v.key, 'name', v.name, 'product_price', v.product_price,
          'tax_rate', v.tax_rate, 'stock', v.stock) order by v.sort, v.id), '[]'::json)
        from ${products} v where v.product_model_id = p.product_model_id and v.is_published ${variantChannel}) as variants,
      (select coalesce(json_agg(json_build_object('id', c.id, 'key', c.key, 'name', c.name) order by c.sort, c.id), '[]'::json)
        from ${product_model_categories} pmc join ${categories} c on c.id = pmc.category_id
        where pmc.product_model_id = p.product_model_id) as categories,
      ${liked} as liked${opts.countKey ? sql`, (${cachedTotal(opts.countKey)}) as cached_total` : sql``}
    from (
      select products.id, row_number() over (order by ${order}) as rn
      from ${products} where ${opts.where} order by ${order} ${page}
    ) hit
    join ${products} p on p.id = hit.id
    left join ${brands} b on b.id = p.brand_id
    left join ${makers} m on m.id = p.maker_id
    left join ${product_models} pm on pm.id = p.product_model_id
    order by hit.rn`);
}

/** The wire Product for a row of the product query (pure). */
export function serializeProduct(row: ProductRow): Product {
  const image = row.image ?? FALLBACK_IMAGE;
  const images = Array.isArray(row.images) && row.images.length ? (row.images as string[]) : [image];
  const modelId = row.product_model_id;
  const price = Number(row.product_price);
  const rate = Number(row.tax_rate) === 8 ? 8 : 10;
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    code: row.code,
    description: row.description,
    product_price: price,
    before_price: row.before_price == null ? null : Number(row.before_price),
    product_price_with_tax: priceWithTax(price, rate),
    tax_rate: rate,
    brand: row.brand_id != null ? { id: row.brand_id, key: row.brand_key!, name: row.brand_name! } : null,
    maker: row.maker_id != null ? { id: row.maker_id, key: row.maker_key!, name: row.maker_name! } : null,
    product_model: modelId != null && row.model_key != null ? {
      id: modelId,
      key: row.model_key,
      name: row.model_name!,
      categories: jsonArray<CategoryRef>(row.categories),
      products: jsonArray<VariantRow>(row.variants).map((v): ProductVariant => ({
        id: v.id, key: v.key, name: v.name, product_price_with_tax: priceWithTax(v.product_price, v.tax_rate), is_stock_available: v.stock > 0,
      })),
    } : null,
    image,
    images,
    is_stock_available: Number(row.stock) > 0,
    is_favorite: row.liked === true,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * Products by id as wire Products, keyed by id, whatever their published state (a cart must still
 * describe a product that was withdrawn). Variants are limited to `channelId` when given.
 */
export async function loadProductsByIds(db: Conn, ids: number[], opts: { channelId?: string; userId?: number | null } = {}): Promise<Map<number, Product>> {
  const out = new Map<number, Product>();
  const unique = [...new Set(ids)].filter((id) => Number.isInteger(id));
  if (!unique.length) return out;
  const rows = await queryProducts(db, { where: inArray(products.id, unique), channelId: opts.channelId, userId: opts.userId });
  for (const row of rows) out.set(row.id, serializeProduct(row));
  return out;
}

/** Escapes LIKE wildcards so a shopper's `%` or `_` matches literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Search words: split on half- and full-width spaces; every word must match name or code. */
export function keywordTerms(keyword: string | undefined): string[] {
  return (keyword ?? '').split(/[\s\u3000]+/).map((t) => t.trim()).filter(Boolean).slice(0, 5);
}

export interface ProductFilter {
  channelId: string;
  category?: string;
  child?: boolean;
  maker?: string;
  brand?: string;
  keyword?: string;
  sort?: ProductSort;
}

function filterConditions(f: ProductFilter): SQL[] {
  const where: SQL[] = [eq(products.is_published, true), inChannel(f.channelId)];
  if (f.category) {
    // With child, the category and all its descendants (any depth; `union` stops on a cycle) match.
    const ids = f.child
      ? sql`(with recursive tree(id) as (
          select id from ${categories} where table_name = 'products' and key = ${f.category}
          union select c.id from ${categories} c join tree on c.parent_id = tree.id
        ) select id from tree)`
      : sql`(select id from ${categories} where table_name = 'products' and key = ${f.category})`;
    where.push(sql`${products.product_model_id} in (select product_model_id from ${product_model_categories} where category_id in ${ids})`);
  }
  if (f.maker) where.push(sql`${products.maker_id} = (select id from ${makers} where key = ${f.maker})`);
  if (f.brand) where.push(sql`${products.brand_id} = (select id from ${brands} where key = ${f.brand})`);
  for (const term of keywordTerms(f.keyword)) {
    const p = likePattern(term);
    where.push(or(sql`${products.name} ilike ${p}`, sql`${products.code} ilike ${p}`)!);
  }
  return where;
}

function orderOf(sort: ProductSort | undefined): SQL {
  // Price sorts use the tax-inclusive price the shopper sees (8 % and 10 % products mix).
  switch (sort) {
    case 'price_asc': return sql`products.product_price * (100 + products.tax_rate) asc, products.id asc`;
    case 'price_desc': return sql`products.product_price * (100 + products.tax_rate) desc, products.id desc`;
    case 'new': return sql`products.created_at desc, products.id desc`;
    default: return sql`products.sort asc, products.created_at desc, products.id desc`;
  }
}

/**
 * How many products match `where`. Without a keyword the total is cached per filter in
 * product_list_counts under the catalogue version that triggers bump on every change that can move
 * it (migration 0003); version and count are read in one statement (one snapshot), so a cached total
 * is exact. Keyword searches are counted each time: their filters are unbounded.
 */
export async function countProducts(db: Conn, f: ProductFilter, where: SQL): Promise<number> {
  const key = countKey(f);
  if (!key) return db.$count(products, where);
  const [hit] = await executePrepared<{ total: number | null }>(db, 'count_hit', cachedTotal(key));
  if (hit && hit.total != null) return Number(hit.total);
  const [fresh] = await executePrepared<{ total: number }>(db, 'count_fill', sql`
    with v as (select version from ${catalog_version} where id = 1), n as (select count(*)::int as total from ${products} where ${where})
    insert into ${product_list_counts} (key, version, total) select ${key}, v.version, n.total from v, n
    on conflict (key) do update set version = excluded.version, total = excluded.total
    returning total`);
  // Only without the catalogue's version row (never after migration 0003): count directly.
  return fresh ? Number(fresh.total) : db.$count(products, where);
}

/** The count cache key of a filter, or null for keyword searches (not cached). */
function countKey(f: ProductFilter): string | null {
  if (keywordTerms(f.keyword).length) return null;
  return [f.channelId, f.category ?? '', f.category && f.child ? 'child' : '', f.maker ?? '', f.brand ?? ''].join('|');
}

/** The cached total of `key` if it was counted under the current catalogue version. */
function cachedTotal(key: string): SQL {
  return sql`select c.total from ${product_list_counts} c join ${catalog_version} v on v.id = 1 and v.version = c.version where c.key = ${key}`;
}

/** One page of the channel's published products matching the filter, with the exact total count. */
export async function listProducts(db: Conn, f: ProductFilter, page: { per: number; offset: number }, userId: number | null): Promise<{ items: Product[]; total: number }> {
  const where = and(...filterConditions(f))!;
  const key = countKey(f);
  const rows = await queryProducts(db, {
    where, order: orderOf(f.sort), limit: page.per, offset: page.offset, channelId: f.channelId, userId, countKey: key ?? undefined,
  });
  // The page carries the cached total when it is valid: one round trip for a typical list request.
  const cached = rows[0]?.cached_total;
  const total = cached != null ? Number(cached) : await countProducts(db, f, where);
  return { items: rows.map(serializeProduct), total };
}

/** A published product of the channel by key, or null. */
export async function getProductByKey(db: Conn, channelId: string, key: string, userId: number | null): Promise<Product | null> {
  const rows = await queryProducts(db, {
    where: and(eq(products.key, key), eq(products.is_published, true), inChannel(channelId))!, limit: 1, channelId, userId,
  });
  return rows.length ? serializeProduct(rows[0]) : null;
}

export interface CategoryTreeNode { id: number; key: string; name: string; children: CategoryTreeNode[] }

/** The category tree of a table ('products' or 'inquiries'), ordered by sort then id. */
export async function categoryTree(db: Conn, table: string): Promise<CategoryTreeNode[]> {
  const rows = await db.select({ id: categories.id, parent_id: categories.parent_id, key: categories.key, name: categories.name })
    .from(categories).where(eq(categories.table_name, table)).orderBy(asc(categories.sort), asc(categories.id));
  const nodes = new Map<number, CategoryTreeNode>(rows.map((r) => [r.id, { id: r.id, key: r.key, name: r.name, children: [] }]));
  const roots: CategoryTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id != null ? nodes.get(r.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
