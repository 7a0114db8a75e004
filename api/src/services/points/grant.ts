/**
 * Granting the points earned on an order (付与予定 → 付与): the decision writes them as a `pending`
 * point_histories row that the balance does not hold; the shipment or the payment of the order
 * (orders/fulfil.ts) and, for a card order, the end of the shop's cancel window (POINT.GRANT_AFTER_DAYS
 * after the decision, `grantDuePoints`, run by the maintenance timers) grant them: the row becomes
 * `granted` with a year of validity from then, and the balance rises by as much in the same
 * transaction. Idempotent under the order's row lock: a second grant finds no pending row.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, point_histories, settings, users } from '../../db/schema/index.ts';
import { POINT_REASONS, pointExpiryFrom } from './ledger.ts';
import { BENEFIT_SETTING_DEFAULTS, benefitSettingsOf } from './settings.ts';

const DAY = 86_400_000;

/** Payment states of an order paid at once (a card authorised or captured): its points wait only for the cancel window. */
export const PAID_AT_ONCE = ['authorized', 'captured'];

/**
 * Grants the order's pending points; the caller holds the order's row lock (FOR UPDATE), taken
 * before the member's as the cancellation takes them. Answers the points granted (0: none pending).
 */
export async function grantOrderPoints(tx: Tx, orderId: number, now = new Date()): Promise<number> {
  const [row] = await tx
    .select({ id: point_histories.id, user_id: point_histories.user_id, amount: point_histories.amount })
    .from(point_histories)
    .where(
      and(eq(point_histories.order_id, orderId), eq(point_histories.reason, POINT_REASONS.earned), eq(point_histories.status, 'pending')),
    )
    .limit(1)
    .for('update');
  if (!row) return 0;
  await tx
    .update(users)
    .set({ point_balance: sql`${users.point_balance} + ${row.amount}` })
    .where(eq(users.id, row.user_id));
  await tx
    .update(point_histories)
    .set({ status: 'granted', created_at: now, expires_at: pointExpiryFrom(now) })
    .where(eq(point_histories.id, row.id));
  return row.amount;
}

/** Each channel's POINT.GRANT_AFTER_DAYS (a channel without the row: the default). */
async function grantDays(db: Db): Promise<{ of: (channelId: string) => number; least: number }> {
  const rows = await db
    .select({ channel_id: settings.channel_id, value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'POINT.GRANT_AFTER_DAYS'));
  const byChannel = new Map(rows.map((r) => [r.channel_id, benefitSettingsOf({ 'POINT.GRANT_AFTER_DAYS': r.value }).pointGrantAfterDays]));
  const fallback = BENEFIT_SETTING_DEFAULTS['POINT.GRANT_AFTER_DAYS'];
  return { of: (channelId) => byChannel.get(channelId) ?? fallback, least: Math.min(fallback, ...byChannel.values()) };
}

/**
 * Grants the pending points of card orders (not cancelled, not shipped yet) whose cancel window has
 * passed. Each order in its own transaction, its row taken FOR UPDATE SKIP LOCKED: several API
 * processes may run this at once, an order busy elsewhere (a cancellation, a shipment) is left to
 * the next round, and the pending row is re-read under the lock, so nothing is granted twice.
 */
export async function grantDuePoints(db: Db, now = new Date(), batch = 500): Promise<number> {
  const days = await grantDays(db);
  const due = await db
    .select({ id: orders.id, channel_id: orders.channel_id, created_at: orders.created_at })
    .from(point_histories)
    .innerJoin(orders, eq(orders.id, point_histories.order_id))
    .where(
      and(
        eq(point_histories.status, 'pending'),
        eq(point_histories.reason, POINT_REASONS.earned),
        eq(orders.status, 'ordered'),
        inArray(orders.payment_status, PAID_AT_ONCE),
        lte(orders.created_at, new Date(now.getTime() - days.least * DAY)),
      ),
    )
    .orderBy(orders.created_at, orders.id)
    .limit(batch);
  let granted = 0;
  for (const o of due) {
    if (o.created_at.getTime() + days.of(o.channel_id) * DAY > now.getTime()) continue;
    granted += await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, o.id), eq(orders.status, 'ordered'), inArray(orders.payment_status, PAID_AT_ONCE)))
        .for('update', { skipLocked: true });
      return locked ? grantOrderPoints(tx, o.id, now) : 0;
    });
  }
  return granted;
}
