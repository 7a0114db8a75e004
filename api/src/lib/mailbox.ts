/**
 * The mailbox an e-mail address reaches, as one key: NFKC (full-width letters folded), trimmed,
 * lower case, and a plus tag dropped (`Hanako+sale@example.jp` is `hanako@example.jp`), so one
 * person's variants of an address count as one: one use of a coupon per person, and the per-mailbox
 * mail cap. The migration that backfilled coupon_mailbox_uses repeats this rule in SQL
 * (`MAILBOX_TAG` below, the same pattern).
 */

/** A plus tag after a non-empty local part: `local+tag@`. */
export const MAILBOX_TAG = /^([^@+]+)\+[^@]*@/;

/** The mailbox key of `email`. */
export function mailboxKey(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase().replace(MAILBOX_TAG, '$1@');
}
