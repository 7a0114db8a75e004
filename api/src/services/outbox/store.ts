/**
 * The outbox rows a worker claims and settles. Each call is one autocommitted statement: nothing is
 * held open while a mail is sent (PGlite has a single connection that every request shares).
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox_emails } from '../../db/schema/index.ts';

export interface ClaimedMail {
  id: number;
  channel_id: string | null;
  to_address: string;
  subject: string;
  body: string;
  template: string;
  attempts: number;
  created_at: Date;
}

/**
 * Claims up to `limit` due mails (unsent, next attempt reached, not claimed by a live worker) for
 * `lockMs`. FOR UPDATE SKIP LOCKED lets several processes claim at once without taking the same row:
 * a row another claim is locking is skipped, and one it has just claimed fails the re-checked
 * locked_until condition.
 */
export async function claimDue(db: Db, limit: number, lockMs: number): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: outbox_emails.id })
    .from(outbox_emails)
    .where(
      and(
        isNull(outbox_emails.sent_at),
        lte(outbox_emails.next_attempt_at, sql`now()`),
        or(isNull(outbox_emails.locked_until), lte(outbox_emails.locked_until, sql`now()`)),
      ),
    )
    .orderBy(asc(outbox_emails.next_attempt_at), asc(outbox_emails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox_emails)
    .set({ locked_until: sql`now() + ${lockMs}::double precision * interval '1 millisecond'` })
    .where(inArray(outbox_emails.id, due))
    .returning({
      id: outbox_emails.id,
      channel_id: outbox_emails.channel_id,
      to_address: outbox_emails.to_address,
      subject: outbox_emails.subject,
      body: outbox_emails.body,
      template: outbox_emails.template,
      attempts: outbox_emails.attempts,
      created_at: outbox_emails.created_at,
    });
  return rows.sort((a, b) => a.id - b.id);
}

/** Delivered (or printed: `note` 'console'): never picked again. */
export async function markSent(db: Db, id: number, note: string | null = null): Promise<void> {
  await db.update(outbox_emails).set({ sent_at: sql`now()`, locked_until: null, last_error: note }).where(eq(outbox_emails.id, id));
}

/** A failed attempt: counted, its reason kept, tried again after `delayMs`. */
export async function markFailed(db: Db, id: number, error: string, delayMs: number): Promise<void> {
  await db
    .update(outbox_emails)
    .set({
      attempts: sql`${outbox_emails.attempts} + 1`,
      last_error: error,
      next_attempt_at: sql`now() + ${delayMs}::double precision * interval '1 millisecond'`,
      locked_until: null,
    })
    .where(eq(outbox_emails.id, id));
}

/** Gives claimed but untried rows back at once (a stopping worker), so another process need not wait for the lock to pass. */
export async function release(db: Db, ids: number[]): Promise<void> {
  if (ids.length)
    await db
      .update(outbox_emails)
      .set({ locked_until: null })
      .where(and(inArray(outbox_emails.id, ids), isNull(outbox_emails.sent_at)));
}
