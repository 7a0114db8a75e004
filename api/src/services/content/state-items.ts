/**
 * GET /v1/content-state/items: a revision per published blog post and news item of the channel, so
 * content-sync re-fetches only what moved. The revision is an md5 computed in SQL over every column
 * the public item serialises (serializers.ts toBlog/toNews: id, key, title, excerpt, body, image,
 * tags, stylist_id, published_at; news: id, key, title, body, is_important, published_at). The rows
 * and their order are exactly those of GET /v1/blogs and GET /v1/news (posts.ts): the channel's posts
 * published at or before now, newest first, then by id.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blogs, news } from '../../db/schema.ts';
import type { ContentItemRev, ContentItems } from '#contracts/content.ts';

interface RevRow { kind: 'b' | 'n'; id: number | string; key: string; rev: string }

export async function getContentItems(db: Db, channelId: string): Promise<ContentItems> {
  // The same cut-off as posts.ts (the API's clock, not the database's), so both lists agree.
  const now = new Date().toISOString();
  const result = await db.execute(sql`
    select * from (
      select 'b' as kind, b.id, b.key, left(md5(row(b.id, b.key, b.title, b.excerpt, b.body, b.image, b.tags, b.stylist_id, b.published_at)::text), 16) as rev,
        b.published_at as t
      from ${blogs} b where b.channel_id = ${channelId} and b.published_at <= ${now}::timestamptz
      union all
      select 'n', n.id, n.key, left(md5(row(n.id, n.key, n.title, n.body, n.is_important, n.published_at)::text), 16), n.published_at
      from ${news} n where n.channel_id = ${channelId} and n.published_at <= ${now}::timestamptz
    ) x order by kind, t desc, id desc`);
  const rows = (result as unknown as { rows: RevRow[] }).rows;
  const out: ContentItems = { blogs: [], news: [] };
  for (const r of rows) {
    const item: ContentItemRev = { id: Number(r.id), key: r.key, rev: r.rev };
    (r.kind === 'b' ? out.blogs : out.news).push(item);
  }
  return out;
}
