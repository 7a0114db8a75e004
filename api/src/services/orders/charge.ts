/**
 * An order's card charge (its payment_transactions row, attached at the decision) as the back office
 * and the cancellation move it through the provider. A provider call never runs while rows are
 * locked, and each change is CLAIMED first: under the order's row lock the row's status becomes
 * capturing | voiding | refunding | reauthorizing with `claimed_at` and `claim_amount`, that commits,
 * the provider is called, and a second transaction records the outcome (settleClaim). While a claim
 * is fresh every other action on the order answers 409 (someone is at it), so two staff members
 * never capture, refund or re-authorise twice. A claim older than CLAIM_STALE_MS is a crashed
 * action's: the next action takes it over and repeats its call (every provider change is idempotent,
 * docs/payments.md), so no crash leaves an order stuck.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, payment_transactions } from '../../db/schema.ts';
import type { ApiEnv } from '../../env.ts';
import { ApiError } from '../../lib/errors.ts';
import { paymentProvider, type ChargeChange } from '../payments/provider.ts';

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
  const [row] = await conn.select().from(payment_transactions)
    .where(and(eq(payment_transactions.order_id, orderId), eq(payment_transactions.method, 'card'))).orderBy(desc(payment_transactions.id)).limit(1);
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
  const [row] = await tx.update(payment_transactions).set({ status: claim, claimed_at: now, claim_amount: amount, updated_at: now })
    .where(and(eq(payment_transactions.id, c.id), eq(payment_transactions.status, c.status))).returning();
  if (!row) throw busy();
  return row;
}

/** The idempotency key of a refund: the same on a repeat of this refund, another for a later one. */
export const refundKey = (c: ChargeRow) => `refund-${c.id}-${c.refunded_amount}-${c.claim_amount}`;

/**
 * Makes the claimed call. `recover`: a crashed action's claim, repeated so that the provider and the
 * shop agree again: a re-authorisation is put back to the amount the shop still records.
 */
export async function runClaim(env: ApiEnv, c: ChargeRow, recover = false): Promise<ChargeChange> {
  const provider = paymentProvider(env);
  const ref = c.provider_ref ?? '';
  try {
    switch (c.status) {
      case 'capturing': return await provider.capture(ref, c.claim_amount ?? c.amount);
      case 'voiding': return await provider.void(ref);
      case 'refunding': return await provider.refund(ref, c.claim_amount ?? 0, refundKey(c));
      case 'reauthorizing': return await provider.changeAmount(ref, recover ? c.amount : c.claim_amount ?? c.amount);
      default: return { ok: false, reason: `claim ${c.status}`, code: 'invalid_state' };
    }
  } catch {
    return { ok: false, reason: 'カード決済サービスに接続できませんでした。', code: 'unavailable' };
  }
}

/** orders.others with `cancel_only_ecd_key` set or removed. */
export function othersWith(others: unknown, key: string | null): Record<string, unknown> {
  const { cancel_only_ecd_key: _drop, ...rest } = (others ?? {}) as Record<string, unknown>;
  return key ? { ...rest, cancel_only_ecd_key: key } : rest;
}

/**
 * Records the outcome of the call `c` claimed, in the caller's transaction (the order row locked
 * first). Answers false when the claim is no longer `c`'s (a later action took it over).
 * - capturing: captured (the order's payment_status too), or back to authorized;
 * - voiding / refunding: voided / refunded (the order's payment cancelled / refunded, its warning
 *   key cleared), or void_failed / refund_failed (the warning stays: an operator must look);
 * - reauthorizing: the new amount (recover: the old one again), or back to authorized unchanged.
 * A failure keeps the provider's reason in detail.last_error.
 */
export async function settleClaim(tx: Tx, c: ChargeRow, r: ChargeChange, recover = false, now = new Date()): Promise<boolean> {
  const base = { claimed_at: null, claim_amount: null, updated_at: now };
  const failed = r.ok ? {} : { detail: sql`${payment_transactions.detail} || ${JSON.stringify({ last_error: { action: c.status, reason: r.reason, code: r.code ?? null, at: now.toISOString() } })}::jsonb` };
  let set: Partial<ChargeRow> & Record<string, unknown>;
  let order: Record<string, unknown> | null = null;
  const amount = c.claim_amount ?? 0;
  switch (c.status) {
    case 'capturing':
      set = r.ok ? { status: 'captured', captured_amount: amount } : { status: 'authorized' };
      if (r.ok) order = { payment_status: 'captured' };
      break;
    case 'voiding':
      set = { status: r.ok ? 'voided' : 'void_failed' };
      if (r.ok) order = { payment_status: 'cancelled' };
      break;
    case 'refunding': {
      const refunded = c.refunded_amount + amount;
      set = r.ok ? { status: refunded >= c.captured_amount ? 'refunded' : 'captured', refunded_amount: refunded } : { status: 'refund_failed' };
      if (r.ok) order = { payment_status: refunded >= c.captured_amount ? 'refunded' : 'captured' };
      break;
    }
    default:
      set = r.ok && !recover ? { status: 'authorized', amount } : { status: 'authorized' };
  }
  const [row] = await tx.update(payment_transactions).set({ ...set, ...base, ...failed })
    .where(and(eq(payment_transactions.id, c.id), eq(payment_transactions.status, c.status),
      c.claimed_at ? eq(payment_transactions.claimed_at, c.claimed_at) : isNull(payment_transactions.claimed_at)))
    .returning({ order_id: payment_transactions.order_id });
  if (!row) return false;
  if (order && row.order_id != null) {
    const [o] = await tx.select({ others: orders.others, status: orders.status }).from(orders).where(eq(orders.id, row.order_id)).for('update');
    const others = o?.status === 'cancelled' ? { others: othersWith(o.others, null) } : {};
    await tx.update(orders).set({ ...order, ...others }).where(eq(orders.id, row.order_id));
  }
  return true;
}

/** Makes the call `c` claimed and records it (after the claim committed). Answers the provider's answer. */
export async function completeClaim(db: Db, env: ApiEnv, c: ChargeRow, recover = false): Promise<ChargeChange> {
  const r = await runClaim(env, c, recover);
  await db.transaction(async (tx) => {
    if (c.order_id != null) await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, c.order_id)).for('update');
    await settleClaim(tx, c, r, recover);
  });
  return r;
}

/** Takes over a crashed action's claim on the order's charge and repeats its call, so the next action starts clean. */
export async function recoverStaleClaim(db: Db, env: ApiEnv, orderId: number): Promise<void> {
  const now = new Date();
  const taken = await db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const c = await orderCharge(tx, orderId);
    if (!c || claimStateOf(c, now) !== 'stale') return null;
    const [row] = await tx.update(payment_transactions).set({ claimed_at: now, updated_at: now })
      .where(and(eq(payment_transactions.id, c.id), eq(payment_transactions.status, c.status))).returning();
    return row ?? null;
  });
  if (taken) await completeClaim(db, env, taken, true);
}

/** Runs `action`; when it met a crashed action's claim, recovers it and runs `action` once more. */
export async function withRecovery<T>(db: Db, env: ApiEnv, orderId: number, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    if (!(err instanceof StaleClaim)) throw err;
  }
  await recoverStaleClaim(db, env, orderId);
  try {
    return await action();
  } catch (err) {
    if (err instanceof StaleClaim) throw busy();
    throw err;
  }
}
