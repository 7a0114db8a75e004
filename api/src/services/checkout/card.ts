/**
 * The card decision. The card is authorised BEFORE the decision's transaction takes any stock, so
 * no stock is held while the shopper is in 3-D Secure; the authorisation is then attached to the
 * order inside that transaction (its amount must equal the order's total). If the transaction fails
 * (stock gone, total changed) the authorisation is voided, so a failed or abandoned card payment
 * never leaves a charge without an order nor stock taken without one. A repeated or concurrent
 * decision still yields one order (the cart lock and orders.cart_id): a second authorisation that
 * did not become the order's is voided.
 */
import { and, eq } from 'drizzle-orm';
import type { CartDecisionAction, ThreeDsReturnRequest } from '#contracts/card-payments.ts';
import type { Db } from '../../db/client.ts';
import { orders, payment_transactions, user_cards } from '../../db/schema/index.ts';
import { ApiError, notFound, unprocessable } from '../../lib/errors.ts';
import { findCart, ownedBy } from '../carts/access.ts';
import { cartErrors } from '../carts/errors.ts';
import { paymentChoiceOf, setTransactionError, transactionErrorOf } from '../carts/payment-choice.ts';
import { assertCartSelling } from '../carts/selling.ts';
import type { CartRow, CartScope } from '../carts/types.ts';
import { buildCart } from '../carts/view.ts';
import { paymentById } from '../payments/index.ts';
import { cardMailLines, unavailableReason } from '../payments/methods.ts';
import type { CardSummary, PaymentProvider } from '../payments/provider.ts';
import { paymentProvider } from '../payments/registry.ts';
import type { Decision } from './decision.ts';
import { paymentErrors, type Settle, settleOffline } from './settle.ts';

/** Runs the decision's transaction with this way of settling the payment. */
export type Decide = (settle: Settle) => Promise<Decision>;

/** Where the provider's 3-D Secure page sends the shopper back (the storefront's return page). */
export const threeDsReturnUrl = (siteUrl: string) => `${siteUrl.replace(/\/+$/, '')}/cart/payment/return/`;

interface Authorisation {
  id: number;
  ref: string;
  amount: number;
  card: CardSummary;
}

const cardOf = (detail: unknown): CardSummary => {
  const d = (detail ?? {}) as Record<string, unknown>;
  return { brand: String(d.brand ?? ''), last4: String(d.last4 ?? ''), expiry: String(d.expiry ?? ''), name: String(d.name ?? '') };
};

async function ownCart(s: CartScope, token: string): Promise<CartRow> {
  const cart = await findCart(s.db, s.channel.id, token);
  if (!cart || !ownedBy(cart, s.user)) throw notFound('カート');
  return cart;
}

/** The token or saved-card reference to charge, from the cart's payment details. */
async function cardSource(db: Db, cart: CartRow, userId: number): Promise<{ source: string; user_card_id: number | null }> {
  const choice = paymentChoiceOf(cart);
  if (choice.user_card_id != null) {
    const [saved] = await db
      .select({ token: user_cards.token })
      .from(user_cards)
      .where(and(eq(user_cards.id, choice.user_card_id), eq(user_cards.user_id, userId)))
      .limit(1);
    if (!saved) throw paymentErrors.cardRequired();
    return { source: saved.token, user_card_id: choice.user_card_id };
  }
  if (choice.card?.token) return { source: choice.card.token, user_card_id: null };
  throw paymentErrors.cardRequired();
}

/** POST /v1/carts/{token}/decision: an order, or (card with 3-D Secure) where to send the shopper. */
export async function decideWithPayment(s: CartScope, token: string, decide: Decide): Promise<Decision | CartDecisionAction> {
  const cart = await ownCart(s, token);
  await assertCartSelling(s.db, cart); // before any card is charged
  const payment =
    cart.payment_row !== undefined ? cart.payment_row : cart.payment_id != null ? await paymentById(s.db, cart.payment_id) : null;
  // Already ordered, or not a card: the decision's own checks and the offline settlement.
  if (cart.order_id != null || payment?.code !== 'card' || !payment.is_active) return decide(settleOffline);

  const view = await buildCart(s.db, cart, s.channel.id, s.user);
  if (!view.detail.products.length) throw cartErrors.empty();
  if (view.flags.needs_shipping) throw cartErrors.noShipping();
  const provider = paymentProvider(s.env);
  const total = view.detail.order.total_payment;
  const reason = unavailableReason(
    payment,
    { amountBeforeFee: total - view.detail.order.total_fee, isSocialGift: cart.is_social_gift, hasLines: true },
    provider.publicSettings() != null,
  );
  if (reason) throw paymentErrors.notAvailable(reason);
  const { source, user_card_id } = await cardSource(s.db, cart, s.user!.id);

  const result = await provider.authorize({
    source,
    amount: total,
    orderRef: `cart-${cart.id}`,
    returnUrl: threeDsReturnUrl(s.env.SITE_URL),
  });
  if (result.status === 'failed') {
    await s.db.insert(payment_transactions).values({
      cart_id: cart.id,
      provider: provider.code,
      method: 'card',
      provider_ref: null,
      status: 'failed',
      amount: total,
      detail: { code: result.code, reason: result.reason, user_card_id },
    });
    const error = paymentErrors.declined(result.reason);
    await setTransactionError(s.db, cart.id, { message: error.message, code: error.code! });
    throw error;
  }
  const { ref, status, ...rest } = result;
  const card: CardSummary = { brand: rest.brand, last4: rest.last4, expiry: rest.expiry, name: rest.name };
  const [row] = await s.db
    .insert(payment_transactions)
    .values({
      cart_id: cart.id,
      provider: provider.code,
      method: 'card',
      provider_ref: ref,
      status,
      amount: total,
      detail: { ...card, user_card_id },
    })
    .returning({ id: payment_transactions.id });
  if (result.status === 'requires_action') return { status: 'requires_action', redirect_url: result.redirectUrl };
  return finishAuthorised(s, provider, cart.id, { id: row.id, ref, amount: total, card }, decide);
}

/**
 * POST /v1/carts/{token}/payment/3ds: the shopper is back from the provider's 3-D Secure page.
 * Completes the authorisation, then runs the normal decision; a reload or a second tab gets the
 * same order.
 */
export async function returnFrom3ds(s: CartScope, token: string, input: ThreeDsReturnRequest, decide: Decide): Promise<Decision> {
  const cart = await ownCart(s, token);
  const provider = paymentProvider(s.env);
  const [txn] = await s.db
    .select()
    .from(payment_transactions)
    .where(
      and(
        eq(payment_transactions.provider, provider.code),
        eq(payment_transactions.provider_ref, input.payment_ref),
        eq(payment_transactions.cart_id, cart.id),
      ),
    )
    .limit(1);
  if (!txn) throw notFound('お支払いの取引');
  if (cart.order_id != null) return decide(settleOffline); // answers the cart's order
  const card = cardOf(txn.detail);
  if (txn.status === 'requires_action') {
    const r = await provider.complete3ds(input.payment_ref, input.payment_result);
    if (r.status !== 'authorized' && (await voidedMeanwhile(s, txn.id))) throw await voidedReason(s, token);
    if (r.status !== 'authorized') {
      await s.db
        .update(payment_transactions)
        .set({ status: 'failed', detail: { ...card, reason: r.status === 'failed' ? r.reason : '' }, updated_at: new Date() })
        .where(and(eq(payment_transactions.id, txn.id), eq(payment_transactions.status, 'requires_action')));
      const error = paymentErrors.threeDsFailed();
      await setTransactionError(s.db, cart.id, { message: error.message, code: error.code! });
      throw error;
    }
    await s.db
      .update(payment_transactions)
      .set({ status: 'authorized', updated_at: new Date() })
      .where(and(eq(payment_transactions.id, txn.id), eq(payment_transactions.status, 'requires_action')));
  } else if (txn.status === 'voided') {
    throw await voidedReason(s, token);
  } else if (txn.status !== 'authorized') {
    throw paymentErrors.threeDsFailed();
  }
  return finishAuthorised(s, provider, cart.id, { id: txn.id, ref: input.payment_ref, amount: txn.amount, card }, decide);
}

/**
 * A second load of the return page while the first could not place the order (stock gone, total
 * changed) and voided the charge: the reason the first stored on the cart, not a 3-D Secure failure.
 */
async function voidedReason(s: CartScope, token: string): Promise<ApiError> {
  const stored = transactionErrorOf(await ownCart(s, token));
  return stored ? unprocessable(stored.message, stored.code) : paymentErrors.threeDsFailed();
}

async function voidedMeanwhile(s: CartScope, txnId: number): Promise<boolean> {
  const [row] = await s.db
    .select({ status: payment_transactions.status })
    .from(payment_transactions)
    .where(eq(payment_transactions.id, txnId))
    .limit(1);
  return row?.status === 'voided';
}

/** Places the order with this authorisation, voiding it when the order fails or is another's. */
async function finishAuthorised(
  s: CartScope,
  provider: PaymentProvider,
  cartId: number,
  auth: Authorisation,
  decide: Decide,
): Promise<Decision> {
  const settle: Settle = async (tx, { orderId, total }) => {
    if (total !== auth.amount) throw paymentErrors.amountChanged();
    await tx.update(payment_transactions).set({ order_id: orderId, updated_at: new Date() }).where(eq(payment_transactions.id, auth.id));
    return { status: 'authorized', detail: { ...auth.card, ref: auth.ref, amount: total }, mailLines: cardMailLines(auth.card) };
  };
  let decision: Decision;
  try {
    decision = await decide(settle);
  } catch (err) {
    const message = err instanceof ApiError ? err.message : 'ご注文を確定できませんでした。';
    // The reason first: a reload of the 3-D Secure return that finds the charge voided answers it.
    await setTransactionError(s.db, cartId, {
      message: `${message}（カードのご利用分は取り消しました。）`,
      code: (err instanceof ApiError && err.code) || 'cart.payment.failed',
    });
    await voidAuthorisation(s.db, provider, auth);
    throw err;
  }
  if (!decision.created) {
    const [order] = await s.db.select({ detail: orders.payment_detail }).from(orders).where(eq(orders.id, decision.order_id)).limit(1);
    if ((order?.detail as { ref?: string } | undefined)?.ref !== auth.ref) await voidAuthorisation(s.db, provider, auth);
  }
  return decision;
}

async function voidAuthorisation(db: Db, provider: PaymentProvider, auth: Authorisation): Promise<void> {
  const r = await provider.void(auth.ref);
  await db
    .update(payment_transactions)
    .set({ status: r.ok ? 'voided' : 'void_failed', updated_at: new Date() })
    .where(eq(payment_transactions.id, auth.id));
}
