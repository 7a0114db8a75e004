/**
 * The provider calls of claimed card charges (charge.ts) and what they leave: `runClaim` makes the
 * call a claim stands for, `settleClaim` records its outcome on the charge and the order,
 * `completeClaim` does both after the claim's commit, and `withRecovery` lets an action meet a
 * crashed action's claim: it takes it over, repeats its (idempotent) call, and runs the action again.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, payment_transactions } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import type { ChargeChange } from '../payments/provider.ts';
import { paymentProvider } from '../payments/registry.ts';
import { busy, type ChargeRow, claimStateOf, orderCharge, othersWith, refundKey, StaleClaim } from './charge.ts';

/**
 * Makes the claimed call. `recover`: a crashed action's claim, repeated so that the provider and the
 * shop agree again: a re-authorisation is put back to the amount the shop still records.
 */
export async function runClaim(env: ApiEnv, c: ChargeRow, recover = false): Promise<ChargeChange> {
  const provider = paymentProvider(env);
  const ref = c.provider_ref ?? '';
  try {
    switch (c.status) {
      case 'capturing':
        return await provider.capture(ref, c.claim_amount ?? c.amount);
      case 'voiding':
        return await provider.void(ref);
      case 'refunding':
        return await provider.refund(ref, c.claim_amount ?? 0, refundKey(c));
      case 'reauthorizing':
        return await provider.changeAmount(ref, recover ? c.amount : (c.claim_amount ?? c.amount));
      default:
        return { ok: false, reason: `claim ${c.status}`, code: 'invalid_state' };
    }
  } catch {
    return { ok: false, reason: 'カード決済サービスに接続できませんでした。', code: 'unavailable' };
  }
}

/**
 * Records the outcome of the call `c` claimed, in the caller's transaction (the order row locked
 * first). Answers false when the claim is no longer `c`'s (a later action took it over).
 * - capturing: captured (the order's payment_status too), or back to authorized;
 * - voiding / refunding: voided / refunded (the order's payment cancelled / refunded, its warning
 *   key cleared), or void_failed / refund_failed (the warning stays: an operator must look);
 * - reauthorizing: the new amount (recover: the old one again), or back to authorized unchanged.
 * A failure keeps the provider's reason in detail.last_error until a later call succeeds.
 */
export async function settleClaim(tx: Tx, c: ChargeRow, r: ChargeChange, recover = false, now = new Date()): Promise<boolean> {
  const base = { claimed_at: null, claim_amount: null, updated_at: now };
  // A failure keeps the provider's reason (the dashboard's "payments failed"); a later success clears it.
  const failed = r.ok
    ? { detail: sql`${payment_transactions.detail} - 'last_error'` }
    : {
        detail: sql`${payment_transactions.detail} || ${JSON.stringify({ last_error: { action: c.status, reason: r.reason, code: r.code ?? null, at: now.toISOString() } })}::jsonb`,
      };
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
      set = r.ok
        ? { status: refunded >= c.captured_amount ? 'refunded' : 'captured', refunded_amount: refunded }
        : { status: 'refund_failed' };
      if (r.ok) order = { payment_status: refunded >= c.captured_amount ? 'refunded' : 'captured' };
      break;
    }
    default:
      set = r.ok && !recover ? { status: 'authorized', amount } : { status: 'authorized' };
  }
  const [row] = await tx
    .update(payment_transactions)
    .set({ ...set, ...base, ...failed })
    .where(
      and(
        eq(payment_transactions.id, c.id),
        eq(payment_transactions.status, c.status),
        c.claimed_at ? eq(payment_transactions.claimed_at, c.claimed_at) : isNull(payment_transactions.claimed_at),
      ),
    )
    .returning({ order_id: payment_transactions.order_id });
  if (!row) return false;
  if (order && row.order_id != null) {
    const [o] = await tx
      .select({ others: orders.others, status: orders.status })
      .from(orders)
      .where(eq(orders.id, row.order_id))
      .for('update');
    const others = o?.status === 'cancelled' ? { others: othersWith(o.others, null) } : {};
    await tx
      .update(orders)
      .set({ ...order, ...others })
      .where(eq(orders.id, row.order_id));
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
    const [row] = await tx
      .update(payment_transactions)
      .set({ claimed_at: now, updated_at: now })
      .where(and(eq(payment_transactions.id, c.id), eq(payment_transactions.status, c.status)))
      .returning();
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
