/** Blogs and news of the channel: published items only (scheduled ones stay hidden), newest first. */
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Blog, News } from '#contracts/content.ts';
import type { Db } from '../../db/client.ts';
import { blogs, news } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { PageResult } from '../../lib/respond.ts';
import { toBlog, toNews } from './serializers.ts';
import { idOrKey, type ListQuery, listPage, withPage } from './shared.ts';

/** GET /v1/blogs. */
export function listBlogs(db: Db, channelId: string, query: ListQuery): Promise<PageResult<Blog>> {
  const where = and(eq(blogs.channel_id, channelId), lte(blogs.published_at, new Date()));
  return listPage(
    query,
    (p) => withPage(db.select().from(blogs).where(where).orderBy(desc(blogs.published_at), desc(blogs.id)).$dynamic(), p),
    () => db.$count(blogs, where),
    toBlog,
  );
}

/** GET /v1/blogs/{id}: by id or key. */
export async function getBlog(db: Db, channelId: string, id: string): Promise<Blog> {
  const [row] = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.channel_id, channelId), lte(blogs.published_at, new Date()), idOrKey(id, blogs.id, blogs.key)))
    .limit(1);
  if (!row) throw notFound('記事');
  return toBlog(row);
}

/** GET /v1/news. */
export function listNews(db: Db, channelId: string, query: ListQuery): Promise<PageResult<News>> {
  const where = and(eq(news.channel_id, channelId), lte(news.published_at, new Date()));
  return listPage(
    query,
    (p) => withPage(db.select().from(news).where(where).orderBy(desc(news.published_at), desc(news.id)).$dynamic(), p),
    () => db.$count(news, where),
    toNews,
  );
}

/** GET /v1/news/{id}: by id or key. */
export async function getNews(db: Db, channelId: string, id: string): Promise<News> {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.channel_id, channelId), lte(news.published_at, new Date()), idOrKey(id, news.id, news.key)))
    .limit(1);
  if (!row) throw notFound('お知らせ');
  return toNews(row);
}
