/** Static pages by URL (会社概要, 特定商取引法に基づく表記, …) and landing pages by key, with the terms filled in. */
import { and, asc, eq } from 'drizzle-orm';
import type { LandingPage, StaticPage, StaticPageUrl } from '#contracts/content.ts';
import type { Db } from '../../db/client.ts';
import { landing_pages, static_pages } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { PageResult } from '../../lib/respond.ts';
import { toLandingPage, toStaticPage } from './serializers.ts';
import { type ListQuery, listPage, normalisePageUrl, withPage } from './shared.ts';
import { withTerms } from './terms.ts';

/** GET /v1/static-pages/urls. */
export function listStaticPageUrls(db: Db, channelId: string): Promise<StaticPageUrl[]> {
  return db
    .select({ url: static_pages.url, title: static_pages.title })
    .from(static_pages)
    .where(eq(static_pages.channel_id, channelId))
    .orderBy(asc(static_pages.id));
}

/** GET /v1/static-pages/url/{path}: the page whose URL is `path` (slashes optional). */
export async function getStaticPage(db: Db, channelId: string, path: string): Promise<StaticPage> {
  if (path.length > 300) throw notFound('ページ');
  const [row] = await db
    .select({ url: static_pages.url, title: static_pages.title, body: static_pages.body, updated_at: static_pages.updated_at })
    .from(static_pages)
    .where(and(eq(static_pages.channel_id, channelId), eq(static_pages.url, normalisePageUrl(path))))
    .limit(1);
  if (!row) throw notFound('ページ');
  return (await withTerms(db, channelId, [toStaticPage(row)]))[0];
}

/** GET /v1/lp. */
export async function listLandingPages(db: Db, channelId: string, query: ListQuery): Promise<PageResult<LandingPage>> {
  const where = eq(landing_pages.channel_id, channelId);
  const result = await listPage(
    query,
    (p) => withPage(db.select().from(landing_pages).where(where).orderBy(asc(landing_pages.id)).$dynamic(), p),
    () => db.$count(landing_pages, where),
    toLandingPage,
  );
  return { ...result, items: await withTerms(db, channelId, result.items) };
}

/** GET /v1/lp/{key}. */
export async function getLandingPage(db: Db, channelId: string, key: string): Promise<LandingPage> {
  const [row] = await db
    .select()
    .from(landing_pages)
    .where(and(eq(landing_pages.channel_id, channelId), eq(landing_pages.key, key)))
    .limit(1);
  if (!row) throw notFound('ページ');
  return (await withTerms(db, channelId, [toLandingPage(row)]))[0];
}
