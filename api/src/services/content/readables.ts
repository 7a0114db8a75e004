/** Which news items a member has read (POST /v1/news/readables, GET /v1/news/readables). */
import { and, desc, eq, lte } from 'drizzle-orm';
import type { NewsReadable } from '#contracts/content.ts';
import type { Db } from '../../db/client.ts';
import { news, news_readables } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** Marks a published news item of the channel read; marking it again keeps the first read time. */
export async function markNewsRead(db: Db, channelId: string, userId: number, newsId: number): Promise<NewsReadable> {
  const [item] = await db
    .select({ id: news.id, key: news.key })
    .from(news)
    .where(and(eq(news.id, newsId), eq(news.channel_id, channelId), lte(news.published_at, new Date())))
    .limit(1);
  if (!item) throw notFound('お知らせ');
  await db.insert(news_readables).values({ user_id: userId, news_id: item.id }).onConflictDoNothing();
  const [row] = await db
    .select({ read_at: news_readables.read_at })
    .from(news_readables)
    .where(and(eq(news_readables.user_id, userId), eq(news_readables.news_id, item.id)));
  return { news_id: item.id, key: item.key, read_at: row.read_at.toISOString() };
}

/** The member's read news of the channel, most recently read first. */
export async function listNewsRead(db: Db, channelId: string, userId: number): Promise<NewsReadable[]> {
  const rows = await db
    .select({ news_id: news.id, key: news.key, read_at: news_readables.read_at })
    .from(news_readables)
    .innerJoin(news, eq(news.id, news_readables.news_id))
    .where(and(eq(news_readables.user_id, userId), eq(news.channel_id, channelId)))
    .orderBy(desc(news_readables.read_at), desc(news.id));
  return rows.map((r) => ({ ...r, read_at: r.read_at.toISOString() }));
}
