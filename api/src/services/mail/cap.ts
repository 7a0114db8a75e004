/**
 * At most MAIL_PER_MAILBOX_PER_HOUR (default 5) mails an hour to one mailbox (lib/mailbox.ts: plus
 * tags and case folded) of the kinds any client can trigger: verification, welcome, reminders, login
 * codes, unlock links, restock notices, inquiry and catalogue acknowledgements, and any kind added
 * later. Mails a shopper paid for or an operator set up (order confirmation, cancellation, shipment,
 * amount change, social gift links, memorial reminders) and mails to the shop itself are never capped. A mail over the cap
 * is dropped and logged; the caller's answer is unchanged, so it tells the client nothing.
 * Counted in outbox_emails itself (the `mailbox` column), under a per-mailbox advisory lock, so
 * concurrent requests from any process cannot exceed it and a rolled-back mail never counted.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { outbox_emails } from '../../db/schema/index.ts';

/** Kinds never capped: paid for, set up by the member for themselves, or addressed to the shop. */
export const UNCAPPED_TEMPLATES: ReadonlySet<string> = new Set([
  'order_confirmation',
  'order_cancellation',
  'order_shipped',
  'order_amount_changed',
  'social_gift_link',
  'social_gift_received',
  'memorial_reminder',
  'inquiry_shop',
  'inquiry_business_shop',
  'catalog_order_shop',
]);

/** Whether mails of `template` count against (and are held to) the per-mailbox cap. */
export const isCapped = (template: string) => !UNCAPPED_TEMPLATES.has(template);

/** MAIL_PER_MAILBOX_PER_HOUR (validated at start-up by env.ts); read per call, as the outbox has no env. */
export function mailCapPerHour(value = process.env.MAIL_PER_MAILBOX_PER_HOUR): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : 5;
}

// Advisory-lock class of the per-mailbox count (the second key is the mailbox's hash).
const MAILBOX_LOCK = 21_008;

/**
 * Whether one more capped mail to `mailbox` fits this hour. Takes the mailbox's lock for the rest of
 * the caller's transaction, so a concurrent mail to it waits for this one to be written or dropped.
 */
export async function mailboxHasRoom(tx: Tx, mailbox: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MAILBOX_LOCK}, hashtext(${mailbox}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(outbox_emails)
    .where(and(eq(outbox_emails.mailbox, mailbox), gt(outbox_emails.created_at, sql`now() - interval '1 hour'`)));
  return Number(row.n) < mailCapPerHour();
}
