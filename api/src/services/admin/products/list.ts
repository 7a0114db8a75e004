/**
 * The staff's product search (GET /admin/v1/products, and the rows of export.csv): every variant,
 * published or not and on any channel, filtered by words, maker, stock level and selling state, in
 * code order (an exact code first, then codes starting with the words). Words are matched as the
 * storefront matches them (products/search/normalize.ts over products.search_text, which holds the name,
 * code, model, brand and maker), so the trigram GIN index serves them; a code given exactly is
 * found through the unique index on code even when search_text lags. Figures on 100,000 products
 * are in docs/api.md "Back office".
 */
import { and, asc, desc, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import { ADMIN_LOW_STOCK_MAX, ADMIN_PRODUCTS_PER_PAGE, type AdminProduct, type AdminProductQuery } from '#contracts/admin-products.ts';
import { makers, products } from '../../../db/schema/index.ts';
import { pageOf } from '../../../lib/pagination.ts';
import type { PageResult } from '../../../lib/respond.ts';
import { containsPattern, searchWords } from '../../products/search/normalize.ts';
import { type Conn, type Row, selectRows, serializeRow } from './rows.ts';

type Filter = Omit<AdminProductQuery, 'page'>;

function wordsCondition(q: string): SQL | undefined {
  const words = searchWords(q);
  const exact = eq(products.code, q);
  if (!words.length) return exact;
  return or(and(...words.map((w) => sql`${products.search_text} like ${containsPattern(w)}`)), exact);
}

function makerCondition(maker: string): SQL {
  if (/^\d{1,9}$/.test(maker)) return eq(products.maker_id, Number(maker));
  return sql`${products.maker_id} in (select ${makers.id} from ${makers} where ${makers.key} = ${maker} or ${makers.name} like ${containsPattern(maker)})`;
}

function stockCondition(level: NonNullable<Filter['stock']>): SQL {
  if (level === 'out') return lte(products.stock, 0);
  if (level === 'low') return and(gt(products.stock, 0), lte(products.stock, ADMIN_LOW_STOCK_MAX))!;
  return gt(products.stock, ADMIN_LOW_STOCK_MAX);
}

/** The SQL condition of a filter (undefined: every product). */
export function filterCondition(f: Filter): SQL | undefined {
  const parts: SQL[] = [];
  const q = f.q?.trim();
  if (q) parts.push(wordsCondition(q)!);
  const maker = f.maker?.trim();
  if (maker) parts.push(makerCondition(maker));
  if (f.stock) parts.push(stockCondition(f.stock));
  if (f.published) parts.push(eq(products.is_published, f.published === '1'));
  return parts.length ? and(...parts) : undefined;
}

/** Code order; with words, the exact code first, then the codes that start with what was typed. */
function orderOf(f: Filter): SQL[] {
  const q = f.q?.trim();
  if (!q) return [asc(products.code)];
  return [desc(sql`${products.code} = ${q}`), desc(sql`starts_with(lower(${products.code}), ${q.toLowerCase()})`), asc(products.code)];
}

/** One page (ADMIN_PRODUCTS_PER_PAGE rows) of the search and its total. */
export async function searchProducts(conn: Conn, query: AdminProductQuery): Promise<PageResult<AdminProduct>> {
  const page = pageOf({ page: query.page }, ADMIN_PRODUCTS_PER_PAGE, ADMIN_PRODUCTS_PER_PAGE)!;
  const where = filterCondition(query);
  const [rows, [count]] = await Promise.all([
    selectRows(conn)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(page.per)
      .offset(page.offset),
    conn.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { items: rows.map(serializeRow), total: Number(count?.n ?? 0), page };
}

/** Every row of the search up to `limit` (the export), in the list's order. */
export async function searchRows(conn: Conn, f: Filter, limit: number): Promise<Row[]> {
  return selectRows(conn)
    .where(filterCondition(f))
    .orderBy(...orderOf(f))
    .limit(limit);
}

/** The makers, for the search form's choice. */
export async function listMakers(conn: Conn) {
  return conn.select({ id: makers.id, key: makers.key, name: makers.name }).from(makers).orderBy(asc(makers.sort), asc(makers.id));
}
