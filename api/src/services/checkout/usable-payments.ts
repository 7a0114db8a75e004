/**
 * Which payment methods suit a cart now (GET /v1/payments/carts/{token}, GET /v1/carts/{token}/
 * payment/{payment_id}/check) and the public settings the browser needs for one method
 * (GET /v1/settings/payment-service/{code}). The rules are the method's own (methods.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import { payment_methods } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { PaymentCheck, PaymentServiceSettings } from '#contracts/card-payments.ts';
import type { Cart } from '#contracts/cart.ts';
import type { PaymentMethod } from '#contracts/payments.ts';
import type { CartRow } from '../carts/access.ts';
import { activePayments, paymentById, serializePayment, type PaymentRow } from '../payments/index.ts';
import { feeFor, settingsOf, unavailableReason, type CartFacts } from '../payments/methods.ts';
import { paymentProvider } from '../payments/provider.ts';

const factsOf = (cart: CartRow, view: Cart): CartFacts => ({
  amountBeforeFee: view.detail.order.total_payment - view.detail.order.total_fee,
  isSocialGift: cart.is_social_gift,
  hasLines: view.detail.products.length > 0,
});

const providerReady = (env: ApiEnv) => paymentProvider(env).publicSettings() != null;

/** The active methods this cart can pay with, each with its fee for this cart. */
export async function usablePayments(db: Db, env: ApiEnv, cart: CartRow, view: Cart): Promise<PaymentMethod[]> {
  const facts = factsOf(cart, view);
  const ready = providerReady(env);
  return (await activePayments(db)).filter((p) => unavailableReason(p, facts, ready) == null)
    .map((p) => ({ ...serializePayment(p), fee: facts.hasLines ? feeFor(p, facts.amountBeforeFee) : p.fee }));
}

/** Whether this cart can pay with this method now, with the Japanese reason when not. */
export async function checkPayment(db: Db, env: ApiEnv, cart: CartRow, view: Cart, paymentId: number): Promise<PaymentCheck> {
  const p = await paymentById(db, paymentId);
  if (!p) throw notFound('お支払い方法');
  const facts = factsOf(cart, view);
  const reason = !facts.hasLines ? 'カートに商品がありません。' : unavailableReason(p, facts, providerReady(env));
  const fee = facts.hasLines ? feeFor(p, facts.amountBeforeFee) : 0;
  return { payment_id: p.id, code: p.code, is_available: reason == null, reason, fee, total_payment: facts.amountBeforeFee + fee };
}

/** The public settings of an active method: the provider's script for card, the stores for konbini, … */
export async function paymentServiceSettings(db: Db, env: ApiEnv, code: string): Promise<PaymentServiceSettings> {
  const [p] = await db.select().from(payment_methods).where(eq(payment_methods.code, code)).limit(1) as PaymentRow[];
  if (!p?.is_active) throw notFound('お支払い方法');
  const s = settingsOf(p);
  const provider = paymentProvider(env);
  const publicProvider = provider.publicSettings();
  return {
    code: p.code,
    name: p.name,
    ...(p.code === 'card' ? { provider: publicProvider ? { code: provider.code, ...publicProvider } : null } : {}),
    ...(s.stores ? { stores: s.stores.map(({ code: c, name }) => ({ code: c, name })) } : {}),
    ...(s.ceiling != null ? { ceiling: s.ceiling } : {}),
    ...(s.fee_bands ? { fee_bands: s.fee_bands } : {}),
    ...(s.notice ? { notice: s.notice } : {}),
    ...(s.deadline_days != null || s.due_days != null ? { deadline_days: s.deadline_days ?? s.due_days } : {}),
  };
}
