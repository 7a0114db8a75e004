/**
 * The provider's callbacks: POST /v1/{provider}/receive/fraud-detection. The raw body's signature is
 * checked with the provider's secret before anything is read from it (401 otherwise); a fraud or
 * review verdict marks the payment transaction and its order (payment_status fraud_suspected and
 * payment_detail.fraud), so the shop holds the shipment.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import { orders, payment_transactions } from '../../db/schema.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { paymentProvider } from './provider.ts';

const invalidSignature = () => new ApiError(401, '署名を確認できませんでした。', { code: 'payment.callback.invalid_signature' });

/** Verifies and applies a fraud-detection callback; answers whether it was recorded. */
export async function receiveFraudDetection(db: Db, env: ApiEnv, providerCode: string, rawBody: string,
  headers: Record<string, string | undefined>): Promise<{ received: boolean }> {
  const provider = paymentProvider(env);
  if (providerCode !== provider.code) throw notFound('決済代行会社');
  const event = provider.verifyCallback(rawBody, headers);
  if (!event) throw invalidSignature();
  const suspicious = event.result === 'fraud' || event.result === 'review';
  const fraud = { result: event.result.slice(0, 40), reason: event.reason?.slice(0, 500) ?? null, at: new Date().toISOString() };
  return db.transaction(async (tx) => {
    const [txn] = await tx.select().from(payment_transactions)
      .where(and(eq(payment_transactions.provider, provider.code), eq(payment_transactions.provider_ref, event.ref))).limit(1).for('update');
    if (!txn) throw notFound('お支払いの取引');
    await tx.update(payment_transactions).set({
      ...(suspicious ? { status: 'fraud_suspected' } : {}),
      detail: sql`${payment_transactions.detail} || ${JSON.stringify({ fraud })}::jsonb`, updated_at: new Date(),
    }).where(eq(payment_transactions.id, txn.id));
    if (txn.order_id != null) {
      await tx.update(orders).set({
        ...(suspicious ? { payment_status: 'fraud_suspected' } : {}),
        payment_detail: sql`${orders.payment_detail} || ${JSON.stringify({ fraud })}::jsonb`,
      }).where(eq(orders.id, txn.order_id));
    }
    return { received: true };
  });
}
