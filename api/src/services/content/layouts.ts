/**
 * Page layouts (the blocks a front page shows, in order) and collections (saved product-list
 * filters under an alias, whose products are read fresh on every call).
 */
import { and, eq } from 'drizzle-orm';
import { PAGE_SIZE } from '#contracts/constants.ts';
import { type Collection, type Layout, type LayoutBlock, layoutBlockSchema } from '#contracts/content.ts';
import { type Product, productListQuerySchema } from '#contracts/products.ts';
import type { Db } from '../../db/client.ts';
import { collections, layouts } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { PageResult } from '../../lib/respond.ts';
import { listProductPage } from '../products/index.ts';

type LayoutRow = typeof layouts.$inferSelect;

/**
 * The stored blocks, each checked against the contract: a block an editor saved in a shape this
 * version does not know is left out rather than failing the whole page.
 */
function blocksOf(value: unknown): LayoutBlock[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((b) => {
    const parsed = layoutBlockSchema.safeParse(b);
    return parsed.success ? [parsed.data] : [];
  });
}

const toLayout = (r: LayoutRow): Layout => ({
  id: r.id,
  page: r.page,
  title: r.title,
  blocks: blocksOf(r.blocks),
  updated_at: r.updated_at.toISOString(),
});

/** GET /v1/layouts/{page}: the channel's layout of a page (`top`, …). */
export async function getLayoutByPage(db: Db, channelId: string, page: string): Promise<Layout> {
  const [row] = await db
    .select()
    .from(layouts)
    .where(and(eq(layouts.channel_id, channelId), eq(layouts.page, page)))
    .limit(1);
  if (!row) throw notFound('レイアウト');
  return toLayout(row);
}

/** GET /v1/pages/front/layout/{id}: one layout of the channel by id (another channel's id is 404). */
export async function getLayoutById(db: Db, channelId: string, id: number): Promise<Layout> {
  const [row] = await db
    .select()
    .from(layouts)
    .where(and(eq(layouts.channel_id, channelId), eq(layouts.id, id)))
    .limit(1);
  if (!row) throw notFound('レイアウト');
  return toLayout(row);
}

/** The saved filters as strings (the product list's query form), only the keys the product list knows. */
function paramsOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const known = new Set(Object.keys(productListQuerySchema.shape));
  known.delete('page');
  known.delete('per');
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => known.has(e[0]) && typeof e[1] === 'string'),
  );
}

/**
 * GET /v1/collections/{alias}: the collection and one page of its products (PAGE_SIZE.products by
 * default; `max_page_size` caps `per`). Saved filters that no longer validate (a renamed sort, a
 * bad price) are dropped one by one, so an editor's typo shows more products rather than an error.
 */
export async function getCollection(
  db: Db,
  channelId: string,
  userId: number | null,
  alias: string,
  query: { page?: number; per?: number; max_page_size?: number },
): Promise<PageResult<Product> & { collection: Omit<Collection, 'products'> }> {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.channel_id, channelId), eq(collections.alias, alias)))
    .limit(1);
  if (!row) throw notFound('コレクション');
  const params = paramsOf(row.params);
  const filters: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    const parsed = productListQuerySchema.safeParse({ [name]: value });
    if (parsed.success) Object.assign(filters, parsed.data);
  }
  const per = Math.min(query.per ?? PAGE_SIZE.products, query.max_page_size ?? Number.MAX_SAFE_INTEGER);
  const result = await listProductPage(db, channelId, userId, { ...filters, page: query.page, per });
  return { ...result, collection: { id: row.id, alias: row.alias, title: row.title, params } };
}
