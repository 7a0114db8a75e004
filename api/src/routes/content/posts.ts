/** Blogs and news of the channel: published items only, newest first, by id or key. */
import { createRoute } from '@hono/zod-openapi';
import { and, desc, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import { blogSchema, contentListQuerySchema, idOrKeyParamSchema, newsSchema } from '#contracts/content.ts';
import { blogs, news } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { idOrKey, toBlog, toNews } from '../../services/content.ts';
import { invalidResponse, json, notFoundResponse, paged, withPage } from './shared.ts';

const listBlogs = createRoute({
  method: 'get', path: '/blogs', tags: ['content'], summary: 'Published blog posts, newest first (per default 10, per=all)',
  request: { query: contentListQuerySchema },
  responses: { 200: json(z.array(blogSchema), 'Blog posts; pagination headers'), 422: invalidResponse },
});
const getBlog = createRoute({
  method: 'get', path: '/blogs/{id}', tags: ['content'], summary: 'One blog post by id or key',
  request: { params: idOrKeyParamSchema },
  responses: { 200: json(blogSchema, 'The blog post'), 404: notFoundResponse },
});
const listNews = createRoute({
  method: 'get', path: '/news', tags: ['content'], summary: 'Published news, newest first (per default 10, per=all)',
  request: { query: contentListQuerySchema },
  responses: { 200: json(z.array(newsSchema), 'News; pagination headers'), 422: invalidResponse },
});
const getNews = createRoute({
  method: 'get', path: '/news/{id}', tags: ['content'], summary: 'One news item by id or key',
  request: { params: idOrKeyParamSchema },
  responses: { 200: json(newsSchema, 'The news item'), 404: notFoundResponse },
});

export const postRoutes = createRouter()
  .openapi(listBlogs, async (c) => {
    const db = c.get('db');
    // Scheduled posts (published_at in the future) stay hidden until their time.
    const where = and(eq(blogs.channel_id, c.get('channel').id), lte(blogs.published_at, new Date()));
    const items = await paged(c, c.req.valid('query'),
      (p) => withPage(db.select().from(blogs).where(where).orderBy(desc(blogs.published_at), desc(blogs.id)).$dynamic(), p),
      () => db.$count(blogs, where));
    return c.json(items.map(toBlog), 200);
  })
  .openapi(getBlog, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.get('db').select().from(blogs).where(and(
      eq(blogs.channel_id, c.get('channel').id), lte(blogs.published_at, new Date()), idOrKey(id, blogs.id, blogs.key),
    )).limit(1);
    if (!row) throw notFound('記事');
    return c.json(toBlog(row), 200);
  })
  .openapi(listNews, async (c) => {
    const db = c.get('db');
    const where = and(eq(news.channel_id, c.get('channel').id), lte(news.published_at, new Date()));
    const items = await paged(c, c.req.valid('query'),
      (p) => withPage(db.select().from(news).where(where).orderBy(desc(news.published_at), desc(news.id)).$dynamic(), p),
      () => db.$count(news, where));
    return c.json(items.map(toNews), 200);
  })
  .openapi(getNews, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.get('db').select().from(news).where(and(
      eq(news.channel_id, c.get('channel').id), lte(news.published_at, new Date()), idOrKey(id, news.id, news.key),
    )).limit(1);
    if (!row) throw notFound('お知らせ');
    return c.json(toNews(row), 200);
  });
