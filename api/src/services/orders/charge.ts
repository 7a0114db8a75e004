/**
 * An order's card charge (its payment_transactions row, attached at the decision) as the back office
 * and the cancellation move it through the provider. A provider call never runs while rows are
 * locked, and each change is CLAIMED first: under the order's row lock the row's status becomes
 * capturing | voiding | refunding | reauthorizing with `claimed_at` and `claim_amount`, that commits,
 * the provider is called, and a second transaction records the outcome (charge-calls.ts). While a claim
 * is fresh every other action on the order answers 409 (someone is at it), so two staff members
 * never capture, refund or re-authorise twice. A claim older than CLAIM_STALE_MS is a crashed
 * action's: the next action takes it over and repeats its call (every provider change is idempotent,
 * docs/payments.md), so no crash leaves an order stuck.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payment_transactions } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/errors.ts';

export type ChargeRow = typeof payment_transactions.$inferSelect;
export type Claim = 'capturing' | 'voiding' | 'refunding' | 'reauthorizing';
const CLAIMS = new Set<string>(['capturing', 'voiding', 'refunding', 'reauthorizing']);

/** How long a provider call may take before its claim counts as a crashed action's (the client times out at 10 s). */
export const CLAIM_STALE_MS = 2 * 60_000;

/** The order's keys of CANCEL_WARNINGS (contracts/orders.ts) while a cancelled order's charge is not settled. */
export const VOID_PENDING = 'payment_void_pending';
export const REFUND_PENDING = 'payment_refund_pending';

export const busy = () => new ApiError(409, '別の担当者が処理中です。しばらくしてから画面を更新してください。', { code: 'order.busy' });

/** Thrown inside an action's transaction when it meets a crashed action's claim (withRecovery handles it). */
export class StaleClaim extends Error {}

/** The order's card charge, or null (not a card order). */
export async function orderCharge(conn: Db | Tx, orderId: number): Promise<ChargeRow | null> {
  const [row] = await conn
    .select()
    .from(payment_transactions)
    .where(and(eq(payment_transactions.order_id, orderId), eq(payment_transactions.method, 'card')))
    .orderBy(desc(payment_transactions.id))
    .limit(1);
  return row ?? null;
}

/** none: no call in flight; busy: another action's call is; stale: a crashed action's claim. */
export function claimStateOf(c: ChargeRow | null, now = new Date()): 'none' | 'busy' | 'stale' {
  if (!c || !CLAIMS.has(c.status)) return 'none';
  return c.claimed_at && now.getTime() - c.claimed_at.getTime() < CLAIM_STALE_MS ? 'busy' : 'stale';
}

/** Refuses to act while a call is in flight: 409 when busy, StaleClaim when crashed. */
export function assertNoClaim(c: ChargeRow | null, onBusy: () => ApiError = busy): void {
  const state = claimStateOf(c);
  if (state === 'busy') throw onBusy();
  if (state === 'stale') throw new StaleClaim();
}

/** Claims the charge for `claim` of `amount` (the caller holds the order's lock); answers the claimed row. */
export async function claimCharge(tx: Tx, c: ChargeRow, claim: Claim, amount: number, now = new Date()): Promise<ChargeRow> {
  const [row] = await tx
    .update(payment_transactions)
    .set({ status: claim, claimed_at: now, claim_amount: amount, updated_at: now })
    .where(and(eq(payment_transactions.id, c.id), eq(payment_transactions.status, c.status)))
    .returning();
  if (!row) throw busy();
  return row;
}

/** The idempotency key of a refund: the same on a repeat of this refund, another for a later one. */
export const refundKey = (c: ChargeRow) => `refund-${c.id}-${c.refunded_amount}-${c.claim_amount}`;

/** orders.others with `cancel_only_ecd_key` set or removed. */
export function othersWith(others: unknown, key: string | null): Record<string, unknown> {
  const { cancel_only_ecd_key: _drop, ...rest } = (others ?? {}) as Record<string, unknown>;
  return key ? { ...rest, cancel_only_ecd_key: key } : rest;
}
