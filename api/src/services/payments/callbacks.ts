/**
 * The provider's callbacks: POST /v1/{provider}/receive/fraud-detection. The raw body's signature is
 * checked with the provider's secret before anything is read from it (401 otherwise); a fraud or
 * review verdict marks the payment transaction and its order (payment_status fraud_suspected and
 * payment_detail.fraud), so the shop holds the shipment. Each event applies once: its id is recorded
 * in the effect's transaction (payment_callback_events), so a replay — the same signed request again,
 * or the same event signed anew — answers 200 `{ received: true, duplicate: true }` and changes
 * nothing (a 2xx, so a provider retrying a lost answer stops), and of parallel replays one applies.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, payment_callback_events, payment_transactions } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { paymentProvider } from './registry.ts';

/**
 * Records that `eventId` of `provider` is being applied; false when it already was (or a parallel
 * replay holds it: the unique key makes this wait for that transaction, then see its row).
 */
async function claimCallbackEvent(tx: Tx, provider: string, eventId: string): Promise<boolean> {
  const fresh = await tx
    .insert(payment_callback_events)
    .values({ provider, event_id: eventId })
    .onConflictDoNothing()
    .returning({ id: payment_callback_events.event_id });
  return fresh.length > 0;
}

const invalidSignature = () => new ApiError(401, '署名を確認できませんでした。', { code: 'payment.callback.invalid_signature' });

/** Verifies and applies a fraud-detection callback; answers whether it was recorded. */
export async function receiveFraudDetection(
  db: Db,
  env: ApiEnv,
  providerCode: string,
  rawBody: string,
  headers: Record<string, string | undefined>,
): Promise<{ received: boolean; duplicate?: true }> {
  const provider = paymentProvider(env);
  if (providerCode !== provider.code) throw notFound('決済代行会社');
  const event = provider.verifyCallback(rawBody, headers);
  if (!event) throw invalidSignature();
  const suspicious = event.result === 'fraud' || event.result === 'review';
  const fraud = { result: event.result.slice(0, 40), reason: event.reason?.slice(0, 500) ?? null, at: new Date().toISOString() };
  return db.transaction(async (tx) => {
    if (!(await claimCallbackEvent(tx, provider.code, event.id))) return { received: true, duplicate: true as const };
    const [txn] = await tx
      .select()
      .from(payment_transactions)
      .where(and(eq(payment_transactions.provider, provider.code), eq(payment_transactions.provider_ref, event.ref)))
      .limit(1)
      .for('update');
    if (!txn) throw notFound('お支払いの取引');
    await tx
      .update(payment_transactions)
      .set({
        ...(suspicious ? { status: 'fraud_suspected' } : {}),
        detail: sql`${payment_transactions.detail} || ${JSON.stringify({ fraud })}::jsonb`,
        updated_at: new Date(),
      })
      .where(eq(payment_transactions.id, txn.id));
    if (txn.order_id != null) {
      await tx
        .update(orders)
        .set({
          ...(suspicious ? { payment_status: 'fraud_suspected' } : {}),
          payment_detail: sql`${orders.payment_detail} || ${JSON.stringify({ fraud })}::jsonb`,
        })
        .where(eq(orders.id, txn.order_id));
    }
    return { received: true };
  });
}
