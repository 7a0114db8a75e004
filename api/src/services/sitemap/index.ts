/** The sitemap's product URLs: every published product of the channel, key and last change, by id. */
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { SITEMAP_MAX_URLS, type SitemapProducts } from '#contracts/sitemap.ts';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { inChannel } from '../products/catalog.ts';

/**
 * One page of SITEMAP_MAX_URLS products. Ordered by id so a page keeps its products while new ones
 * are added (they land on the last page); two columns per row, so 50,000 rows stay a few MB.
 */
export async function listSitemapProducts(db: Db, channelId: string, page = 1): Promise<SitemapProducts> {
  const where = and(eq(products.is_published, true), inChannel(channelId))!;
  const offset = (page - 1) * SITEMAP_MAX_URLS;
  const [summary] = await db
    .select({ total: sql<number>`count(*)::int`, last: max(products.updated_at) })
    .from(products)
    .where(where);
  const total = Number(summary?.total ?? 0);
  // A page past the last (the storefront asks one for the count alone) reads no rows.
  const rows =
    offset >= total
      ? []
      : await db
          .select({ key: products.key, updated_at: products.updated_at })
          .from(products)
          .where(where)
          .orderBy(asc(products.id))
          .limit(SITEMAP_MAX_URLS)
          .offset(offset);
  return {
    total,
    per: SITEMAP_MAX_URLS,
    page,
    last_updated_at: summary?.last ? new Date(summary.last).toISOString() : null,
    items: rows.map((r) => ({ key: r.key, updated_at: new Date(r.updated_at).toISOString() })),
  };
}
