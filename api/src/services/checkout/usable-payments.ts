/**
 * Which payment methods suit a cart now (GET /v1/payments/carts/{token}, GET /v1/carts/{token}/
 * payment/{payment_id}/check). The rules are the method's own (payments/methods.ts).
 */

import type { PaymentCheck } from '#contracts/card-payments.ts';
import type { Cart } from '#contracts/cart.ts';
import type { PaymentMethod } from '#contracts/payments.ts';
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import { notFound } from '../../lib/errors.ts';
import type { CartRow } from '../carts/types.ts';
import { activePayments, paymentById, serializePayment } from '../payments/index.ts';
import { type CartFacts, feeFor, unavailableReason } from '../payments/methods.ts';
import { paymentProvider } from '../payments/registry.ts';

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
  return (await activePayments(db))
    .filter((p) => unavailableReason(p, facts, ready) == null)
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
