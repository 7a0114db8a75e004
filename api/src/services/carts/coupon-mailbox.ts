/**
 * One use of a coupon per person, across accounts: each guest checkout is its own guest member, so
 * user_coupons alone let one shopper use a coupon once per guest order. The mailbox of the buyer's
 * e-mail (mailboxKey: lower case, plus tag dropped) is recorded with each use in the decision's
 * transaction under a unique key (coupon, mailbox), so a member's address used by a guest, a second
 * guest order, or two guest orders at once with one address get the coupon once.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { coupon_mailbox_uses } from '../../db/schema/index.ts';
import { mailboxKey } from '../../lib/mailbox.ts';

/** Whether someone with the mailbox of `email` has used the coupon (false without an e-mail). */
export async function mailboxUsedCoupon(conn: Db | Tx, couponId: number, email: string | null): Promise<boolean> {
  if (!email) return false;
  const [row] = await conn
    .select({ id: coupon_mailbox_uses.coupon_id })
    .from(coupon_mailbox_uses)
    .where(and(eq(coupon_mailbox_uses.coupon_id, couponId), eq(coupon_mailbox_uses.mailbox, mailboxKey(email))))
    .limit(1);
  return row != null;
}

/**
 * Records the order's use of the coupon for the mailbox of `email`; false when that mailbox has
 * used it already (a concurrent decision with the same mailbox waits on the key, then sees its row).
 */
export async function claimCouponMailbox(
  tx: Tx,
  use: { couponId: number; email: string | null; orderId: number; now: Date },
): Promise<boolean> {
  if (!use.email) return true;
  const fresh = await tx
    .insert(coupon_mailbox_uses)
    .values({ coupon_id: use.couponId, mailbox: mailboxKey(use.email), order_id: use.orderId, used_at: use.now })
    .onConflictDoNothing()
    .returning({ id: coupon_mailbox_uses.coupon_id });
  return fresh.length > 0;
}

/** Frees the mailbox uses of a cancelled order, with its user_coupons use. */
export async function freeCouponMailboxes(tx: Tx, orderId: number): Promise<void> {
  await tx.delete(coupon_mailbox_uses).where(eq(coupon_mailbox_uses.order_id, orderId));
}
