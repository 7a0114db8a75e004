/**
 * The member's system messages (message centre). Every read is scoped to the member: another
 * member's message is as good as missing (404). Opening a message marks it read once: read_at keeps
 * the first opening.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { SYSTEM_MESSAGES_PER_PAGE, type SystemMessage } from '#contracts/system-messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { system_messages } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';

type Conn = Db | Tx;
type Row = typeof system_messages.$inferSelect;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function serializeSystemMessage(row: Row): SystemMessage {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    is_read: row.read_at != null,
    read_at: row.read_at == null ? null : iso(row.read_at),
    created_at: iso(row.created_at),
  };
}

/** One page of the member's messages, newest first (10 per page by default). */
export async function listSystemMessages(
  db: Conn,
  userId: number,
  query: { page?: number; per?: number },
): Promise<PageResult<SystemMessage>> {
  const page = pageOf(query, SYSTEM_MESSAGES_PER_PAGE)!;
  const mine = eq(system_messages.user_id, userId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(system_messages)
      .where(mine)
      .orderBy(desc(system_messages.created_at), desc(system_messages.id))
      .limit(page.per)
      .offset(page.offset),
    db.select({ n: count() }).from(system_messages).where(mine),
  ]);
  return { items: rows.map(serializeSystemMessage), total: Number(n), page };
}

/** How many of the member's messages are still unread. */
export async function countUnreadSystemMessages(db: Conn, userId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(system_messages)
    .where(and(eq(system_messages.user_id, userId), isNull(system_messages.read_at)));
  return Number(n);
}

/** One of the member's messages, marked read on the first opening (read_at is never moved later). */
export async function openSystemMessage(db: Conn, userId: number, id: number): Promise<SystemMessage> {
  const mine = and(eq(system_messages.id, id), eq(system_messages.user_id, userId));
  const [marked] = await db
    .update(system_messages)
    .set({ read_at: new Date() })
    .where(and(mine, isNull(system_messages.read_at)))
    .returning();
  if (marked) return serializeSystemMessage(marked);
  const [row] = await db.select().from(system_messages).where(mine).limit(1);
  if (!row) throw notFound('メッセージ');
  return serializeSystemMessage(row);
}
