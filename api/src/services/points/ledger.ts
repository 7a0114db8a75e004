/**
 * The point ledger: every move of users.point_balance is a point_histories row written in the same
 * transaction, and the balance is the sum of the member's `granted` rows (a `pending` row, points
 * earned on an order not yet paid or shipped, counts only once granted: points/grant.ts). Points expire POINT_VALID_DAYS (1 year) after they were earned or given back: each
 * positive row is a lot with its own expires_at, and points used are taken from the lots that
 * expire first (FIFO by expiry), so "expiring soon" is what is left of the lots ending within
 * EXPIRING_WITHIN_DAYS. `expirePoints` writes the expiry of lots past their date.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { point_histories, users } from '../../db/schema/index.ts';

/** The reasons as the member's history shows them. */
export const POINT_REASONS = {
  used: 'ご注文でのご利用',
  earned: 'ご注文でのポイント獲得',
  returned: 'ご注文キャンセルによるご利用ポイントの返還',
  revoked: 'ご注文キャンセルによる獲得ポイントの取消',
  expired: 'ポイントの有効期限切れ',
  welcome: '会員登録特典',
  campaign: 'キャンペーン特典',
  adjusted: 'ポイント調整',
} as const;

export const POINT_VALID_DAYS = 365;
export const EXPIRING_WITHIN_DAYS = 30;

/** When points earned (or given back) at `at` expire. */
export const pointExpiryFrom = (at: Date) => new Date(at.getTime() + POINT_VALID_DAYS * 86_400_000);

export interface LedgerRow {
  amount: number;
  expires_at: Date | null;
  created_at: Date;
}
export interface Lot {
  left: number;
  expires_at: Date | null;
}

/**
 * The lots still holding points after every use (pure). Rows are taken in time order; a negative
 * row (a use, an expiry, a take-back) draws on the lots that expire first among those existing then.
 */
export function openLots(rows: LedgerRow[]): Lot[] {
  const lots: Lot[] = [];
  const sorted = [...rows].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  const never = Number.MAX_SAFE_INTEGER;
  for (const r of sorted) {
    if (r.amount > 0) {
      lots.push({ left: r.amount, expires_at: r.expires_at });
      continue;
    }
    let need = -r.amount;
    const byExpiry = lots.filter((l) => l.left > 0).sort((a, b) => (a.expires_at?.getTime() ?? never) - (b.expires_at?.getTime() ?? never));
    for (const lot of byExpiry) {
      if (need <= 0) break;
      const take = Math.min(lot.left, need);
      lot.left -= take;
      need -= take;
    }
  }
  return lots.filter((l) => l.left > 0);
}

/** What of the open lots expires by `until` (and the earliest such date), and what has already expired by `now` (pure). */
export function expiringOf(lots: Lot[], now: Date, until: Date): { expiring: number; expiringAt: Date | null; expired: number } {
  let expiring = 0;
  let expired = 0;
  let expiringAt: Date | null = null;
  for (const l of lots) {
    if (!l.expires_at) continue;
    if (l.expires_at <= now) expired += l.left;
    else if (l.expires_at <= until) {
      expiring += l.left;
      if (!expiringAt || l.expires_at < expiringAt) expiringAt = l.expires_at;
    }
  }
  return { expiring, expiringAt, expired };
}

/** The member's ledger rows that moved the balance (granted ones). */
export const ledgerOf = (conn: Db | Tx, userId: number): Promise<LedgerRow[]> =>
  conn
    .select({ amount: point_histories.amount, expires_at: point_histories.expires_at, created_at: point_histories.created_at })
    .from(point_histories)
    .where(and(eq(point_histories.user_id, userId), eq(point_histories.status, 'granted')))
    .orderBy(asc(point_histories.created_at), asc(point_histories.id));

/**
 * Expires the member's lots past their date: one 'ポイントの有効期限切れ' row and the balance lowered
 * by as much (never below 0), under the member's row lock. Returns the points expired.
 */
export async function expirePointsOf(tx: Tx, userId: number, now = new Date()): Promise<number> {
  const [member] = await tx.select({ balance: users.point_balance }).from(users).where(eq(users.id, userId)).for('update');
  if (!member) return 0;
  const { expired } = expiringOf(openLots(await ledgerOf(tx, userId)), now, now);
  const take = Math.min(expired, member.balance);
  if (take <= 0) return 0;
  await tx
    .update(users)
    .set({ point_balance: sql`${users.point_balance} - ${take}` })
    .where(eq(users.id, userId));
  await tx.insert(point_histories).values({ user_id: userId, amount: -take, reason: POINT_REASONS.expired, created_at: now });
  return take;
}

/** Expires every member's lots past their date (one transaction per member); the maintenance sweep. */
export async function expirePoints(db: Db, now = new Date()): Promise<number> {
  const holders = await db
    .selectDistinct({ id: point_histories.user_id })
    .from(point_histories)
    .innerJoin(users, eq(users.id, point_histories.user_id))
    .where(and(gt(users.point_balance, 0), lte(point_histories.expires_at, now)));
  let total = 0;
  for (const h of holders) total += await db.transaction((tx) => expirePointsOf(tx, h.id, now));
  return total;
}
