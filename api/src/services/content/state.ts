/** GET /v1/content-state: the content version (migration 0015) and the channel's next scheduled publish time. */
import { sql } from 'drizzle-orm';
import type { ContentState } from '#contracts/content.ts';
import type { Db } from '../../db/client.ts';
import { blogs, content_state, news } from '../../db/schema/index.ts';

export async function getContentState(db: Db, channelId: string): Promise<ContentState> {
  const result = await db.execute(sql`
    select s.version, s.changed_at,
      (select min(t) from (
        select min(published_at) as t from ${blogs} where channel_id = ${channelId} and published_at > now()
        union all select min(published_at) from ${news} where channel_id = ${channelId} and published_at > now()
      ) future) as next_publish_at
    from ${content_state} s where s.id = 1`);
  const [row] = (
    result as unknown as { rows: { version: number | string; changed_at: Date | string; next_publish_at: Date | string | null }[] }
  ).rows;
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    version: Number(row?.version ?? 0),
    changed_at: row ? iso(row.changed_at) : new Date(0).toISOString(),
    next_publish_at: row?.next_publish_at ? iso(row.next_publish_at) : null,
  };
}
