/** Static pages by URL (会社概要, 特定商取引法に基づく表記, ...) and landing pages by key. */
import { createRoute } from '@hono/zod-openapi';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { contentListQuerySchema, landingPageSchema, staticPageSchema, staticPageUrlSchema } from '#contracts/content.ts';
import { keyParamSchema } from '#contracts/common.ts';
import { landing_pages, static_pages } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { normalisePageUrl, toLandingPage } from '../../services/content.ts';
import { invalidResponse, json, notFoundResponse, paged, withPage } from './shared.ts';

const listUrls = createRoute({
  method: 'get', path: '/static-pages/urls', tags: ['content'], summary: "URLs and titles of the channel's static pages",
  responses: { 200: json(z.array(staticPageUrlSchema), 'Static page URLs') },
});
/** Documented as {path}; served by a regex route because the path spans several segments. */
const getByUrl = createRoute({
  method: 'get', path: '/static-pages/url/{path}', tags: ['content'],
  summary: 'A static page by its URL, e.g. /v1/static-pages/url/company/ for /company/',
  request: { params: z.object({ path: z.string().min(1).max(300) }) },
  responses: { 200: json(staticPageSchema, 'The page'), 404: notFoundResponse },
});
const listLp = createRoute({
  method: 'get', path: '/lp', tags: ['content'], summary: 'Landing pages (per default 10, per=all)',
  request: { query: contentListQuerySchema },
  responses: { 200: json(z.array(landingPageSchema), 'Landing pages'), 422: invalidResponse },
});
const getLp = createRoute({
  method: 'get', path: '/lp/{key}', tags: ['content'], summary: 'One landing page by key',
  request: { params: keyParamSchema },
  responses: { 200: json(landingPageSchema, 'The landing page'), 404: notFoundResponse },
});

const router = createRouter();
router.openAPIRegistry.registerPath(getByUrl);

export const pageRoutes = router
  .openapi(listUrls, async (c) => {
    const rows = await c.get('db').select({ url: static_pages.url, title: static_pages.title }).from(static_pages)
      .where(eq(static_pages.channel_id, c.get('channel').id)).orderBy(asc(static_pages.id));
    return c.json(rows, 200);
  })
  .openapi(listLp, async (c) => {
    const db = c.get('db');
    const where = eq(landing_pages.channel_id, c.get('channel').id);
    const items = await paged(c, c.req.valid('query'),
      (p) => withPage(db.select().from(landing_pages).where(where).orderBy(asc(landing_pages.id)).$dynamic(), p),
      () => db.$count(landing_pages, where));
    return c.json(items.map(toLandingPage), 200);
  })
  .openapi(getLp, async (c) => {
    const { key } = c.req.valid('param');
    const [row] = await c.get('db').select().from(landing_pages)
      .where(and(eq(landing_pages.channel_id, c.get('channel').id), eq(landing_pages.key, key))).limit(1);
    if (!row) throw notFound('ページ');
    return c.json(toLandingPage(row), 200);
  });

// Registered after the OpenAPI routes: a plain hono route (see getByUrl above).
pageRoutes.get('/static-pages/url/:path{.+}', async (c) => {
  const path = c.req.param('path');
  if (path.length > 300) throw notFound('ページ');
  const [row] = await c.get('db').select({ url: static_pages.url, title: static_pages.title, body: static_pages.body })
    .from(static_pages).where(and(eq(static_pages.channel_id, c.get('channel').id), eq(static_pages.url, normalisePageUrl(path)))).limit(1);
  if (!row) throw notFound('ページ');
  return c.json(row, 200);
});
