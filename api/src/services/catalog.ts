/**
 * Product queries and the wire shape of a Product. The list is the busiest endpoint of the shop, so
 * a page costs a fixed number of queries whatever its size: one for the rows (brand, maker and
 * model joined, total by window function), then one each for the model variants, the model
 * categories and, for a member, the likes.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  brands, categories, makers, product_channels, product_likes, product_model_categories, product_models, products,
} from '../db/schema.ts';
import type { CategoryRef, Product, ProductSort, ProductVariant } from '../../../contracts/products.ts';
import { priceWithTax } from './tax.ts';

type Conn = Db | Tx;

/** Shown when a product has no image of its own. */
export const FALLBACK_IMAGE = '/images/products/noimage.svg';

const productColumns = {
  id: products.id,
  key: products.key,
  code: products.code,
  name: products.name,
  description: products.description,
  product_price: products.product_price,
  before_price: products.before_price,
  tax_rate: products.tax_rate,
  image: products.image,
  images: products.images,
  stock: products.stock,
  created_at: products.created_at,
  product_model_id: products.product_model_id,
  brand_id: brands.id,
  brand_key: brands.key,
  brand_name: brands.name,
  maker_id: makers.id,
  maker_key: makers.key,
  maker_name: makers.name,
  model_key: product_models.key,
  model_name: product_models.name,
};

/** One product row with its brand, maker and model joined. */
export interface ProductRow {
  id: number; key: string; code: string; name: string; description: string;
  product_price: number; before_price: number | null; tax_rate: number;
  image: string | null; images: unknown; stock: number; created_at: Date;
  product_model_id: number | null;
  brand_id: number | null; brand_key: string | null; brand_name: string | null;
  maker_id: number | null; maker_key: string | null; maker_name: string | null;
  model_key: string | null; model_name: string | null;
}

/** What serializeProduct needs besides the row: model variants, model categories, the member's likes. */
export interface ProductExtras {
  variants: Map<number, ProductVariant[]>;
  categories: Map<number, CategoryRef[]>;
  liked: Set<number>;
}

/** The product is sold on the channel (product_channels). */
function inChannel(channelId: string): SQL {
  return sql`exists (select 1 from ${product_channels} pc where pc.product_id = ${products.id} and pc.channel_id = ${channelId})`;
}

function joinedSelect(db: Conn, extra: Record<string, SQL.Aliased | SQL> = {}) {
  return db.select({ ...productColumns, ...extra }).from(products)
    .leftJoin(brands, eq(brands.id, products.brand_id))
    .leftJoin(makers, eq(makers.id, products.maker_id))
    .leftJoin(product_models, eq(product_models.id, products.product_model_id));
}

/** The wire Product for a joined row (pure). */
export function serializeProduct(row: ProductRow, extras: ProductExtras): Product {
  const image = row.image ?? FALLBACK_IMAGE;
  const images = Array.isArray(row.images) && row.images.length ? (row.images as string[]) : [image];
  const modelId = row.product_model_id;
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    code: row.code,
    description: row.description,
    product_price: row.product_price,
    before_price: row.before_price,
    product_price_with_tax: priceWithTax(row.product_price, row.tax_rate),
    tax_rate: row.tax_rate === 8 ? 8 : 10,
    brand: row.brand_id != null ? { id: row.brand_id, key: row.brand_key!, name: row.brand_name! } : null,
    maker: row.maker_id != null ? { id: row.maker_id, key: row.maker_key!, name: row.maker_name! } : null,
    product_model: modelId != null && row.model_key != null ? {
      id: modelId,
      key: row.model_key,
      name: row.model_name!,
      categories: extras.categories.get(modelId) ?? [],
      products: extras.variants.get(modelId) ?? [],
    } : null,
    image,
    images,
    is_stock_available: row.stock > 0,
    is_favorite: extras.liked.has(row.id),
    created_at: row.created_at.toISOString(),
  };
}

/** Loads variants, categories and likes for a set of rows in three batched queries. */
export async function loadExtras(db: Conn, rows: ProductRow[], opts: { channelId?: string; userId?: number | null }): Promise<ProductExtras> {
  const modelIds = [...new Set(rows.map((r) => r.product_model_id).filter((id): id is number => id != null))];
  const extras: ProductExtras = { variants: new Map(), categories: new Map(), liked: new Set() };
  if (!rows.length) return extras;

  const variantWhere: SQL[] = [inArray(products.product_model_id, modelIds), eq(products.is_published, true)];
  if (opts.channelId) variantWhere.push(inChannel(opts.channelId));
  const variantQuery = modelIds.length
    ? db.select({ id: products.id, key: products.key, name: products.name, product_price: products.product_price,
      tax_rate: products.tax_rate, stock: products.stock, model: products.product_model_id })
      .from(products).where(and(...variantWhere)).orderBy(asc(products.sort), asc(products.id))
    : Promise.resolve([]);
  const categoryQuery = modelIds.length
    ? db.select({ model: product_model_categories.product_model_id, id: categories.id, key: categories.key, name: categories.name })
      .from(product_model_categories).innerJoin(categories, eq(categories.id, product_model_categories.category_id))
      .where(inArray(product_model_categories.product_model_id, modelIds)).orderBy(asc(categories.sort), asc(categories.id))
    : Promise.resolve([]);
  const likeQuery = opts.userId
    ? db.select({ id: product_likes.product_id }).from(product_likes)
      .where(and(eq(product_likes.user_id, opts.userId), inArray(product_likes.product_id, rows.map((r) => r.id))))
    : Promise.resolve([]);

  const [variants, cats, likes] = await Promise.all([variantQuery, categoryQuery, likeQuery]);
  for (const v of variants) {
    const list = extras.variants.get(v.model!) ?? [];
    list.push({ id: v.id, key: v.key, name: v.name, product_price_with_tax: priceWithTax(v.product_price, v.tax_rate), is_stock_available: v.stock > 0 });
    extras.variants.set(v.model!, list);
  }
  for (const c of cats) {
    const list = extras.categories.get(c.model) ?? [];
    list.push({ id: c.id, key: c.key, name: c.name });
    extras.categories.set(c.model, list);
  }
  for (const l of likes) extras.liked.add(l.id);
  return extras;
}

/**
 * Products by id as wire Products, keyed by id, whatever their published state (a cart must still
 * describe a product that was withdrawn). Variants are limited to `channelId` when given.
 */
export async function loadProductsByIds(db: Conn, ids: number[], opts: { channelId?: string; userId?: number | null } = {}): Promise<Map<number, Product>> {
  const out = new Map<number, Product>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  const rows = await joinedSelect(db).where(inArray(products.id, unique)) as ProductRow[];
  const extras = await loadExtras(db, rows, opts);
  for (const row of rows) out.set(row.id, serializeProduct(row, extras));
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
  const where: SQL[] = [eq(products.is_published, true)];
  if (f.category) {
    // With child, the category and all its descendants (any depth) match.
    const ids = f.child
      ? sql`(with recursive tree(id) as (
          select id from ${categories} where table_name = 'products' and key = ${f.category}
          union all select c.id from ${categories} c join tree on c.parent_id = tree.id
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

function orderOf(sort: ProductSort | undefined): SQL[] {
  // Price sorts use the tax-inclusive price the shopper sees (8 % and 10 % products mix).
  const shown = sql`(${products.product_price} * (100 + ${products.tax_rate}))`;
  switch (sort) {
    case 'price_asc': return [asc(shown), asc(products.id)];
    case 'price_desc': return [desc(shown), desc(products.id)];
    case 'new': return [desc(products.created_at), desc(products.id)];
    default: return [asc(products.sort), desc(products.created_at), desc(products.id)];
  }
}

/** One page of the channel's published products matching the filter, with the total count. */
export async function listProducts(db: Conn, f: ProductFilter, page: { per: number; offset: number }, userId: number | null): Promise<{ items: Product[]; total: number }> {
  const where = and(...filterConditions(f));
  const rows = await joinedSelect(db, { total: sql<number>`count(*) over()`.mapWith(Number).as('total') })
    .innerJoin(product_channels, and(eq(product_channels.product_id, products.id), eq(product_channels.channel_id, f.channelId)))
    .where(where).orderBy(...orderOf(f.sort)).limit(page.per).offset(page.offset) as (ProductRow & { total: number })[];
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page.offset > 0) {
    // Past the last page the window function has no row to report on; count separately.
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products)
      .innerJoin(product_channels, and(eq(product_channels.product_id, products.id), eq(product_channels.channel_id, f.channelId)))
      .where(where);
    total = c.n;
  }
  const extras = await loadExtras(db, rows, { channelId: f.channelId, userId });
  return { items: rows.map((r) => serializeProduct(r, extras)), total };
}

/** A published product of the channel by key, or null. */
export async function getProductByKey(db: Conn, channelId: string, key: string, userId: number | null): Promise<Product | null> {
  const rows = await joinedSelect(db)
    .innerJoin(product_channels, and(eq(product_channels.product_id, products.id), eq(product_channels.channel_id, channelId)))
    .where(and(eq(products.key, key), eq(products.is_published, true))).limit(1) as ProductRow[];
  if (!rows.length) return null;
  const extras = await loadExtras(db, rows, { channelId, userId });
  return serializeProduct(rows[0], extras);
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
