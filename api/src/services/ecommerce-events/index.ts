/**
 * E-commerce events (POST /v1/ecommerce_events: recommendation clicks and the like), stored in
 * ecommerce_events for the analytics export: the member or the cart-cookie token, the event's name
 * and arguments, and which recommendation (logreco_rcmd_ct) was clicked.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ecommerce_events } from '../../db/schema/index.ts';

export interface NewEvent {
  name: string;
  args: Record<string, unknown>;
  token: string | null;
  logreco_rcmd_ct: string | number | null;
  channel_id: string;
  user_id: number | null;
}

/** Stores one event. */
export async function recordEvent(db: Db, e: NewEvent): Promise<void> {
  await db.insert(ecommerce_events).values({
    channel_id: e.channel_id,
    user_id: e.user_id,
    name: e.name,
    args: e.args,
    token: e.token,
    logreco_rcmd_ct: e.logreco_rcmd_ct === null ? null : String(e.logreco_rcmd_ct),
  });
}

/** The newest events of a channel, newest first (for the export and tests). */
export function recentEvents(db: Db, channelId: string, limit = 100) {
  return db
    .select()
    .from(ecommerce_events)
    .where(eq(ecommerce_events.channel_id, channelId))
    .orderBy(desc(ecommerce_events.id))
    .limit(limit);
}
