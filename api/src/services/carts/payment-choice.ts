/**
 * The payment details a shopper saves on the cart with PATCH /v1/carts/order/modify: a card token
 * (described by the provider, so the cart shows the brand and last 4 it really stands for), a saved
 * card, or the konbini store. Kept in carts.order_input.payment; the token never leaves the server
 * again, and no card number is ever accepted (contracts/card-payments.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CartPaymentInput, CartTransactionError } from '#contracts/card-payments.ts';
import type { UserRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { carts, payment_methods, user_cards } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { unprocessable } from '../../lib/errors.ts';
import { settingsOf } from '../payments/methods.ts';
import { paymentProvider } from '../payments/registry.ts';
import type { CartChanges } from './access.ts';
import type { CartRow } from './types.ts';

type Conn = Db | Tx;

/** The payment choices the shopper saved on the cart (PATCH /v1/carts/order/modify), in carts.order_input.payment. */
export interface PaymentChoice {
  card?: { token: string; brand: string; last4: string; expiry: string; name: string } | null;
  user_card_id?: number | null;
  konbini_store?: string | null;
}

export function paymentChoiceOf(cart: Pick<CartRow, 'order_input'>): PaymentChoice {
  const input = cart.order_input as { payment?: PaymentChoice } | null;
  return input?.payment && typeof input.payment === 'object' ? input.payment : {};
}

export interface PaymentChoiceInput {
  card_token?: string | null;
  user_card_id?: number | null;
  konbini_store?: string | null;
}

/** Checks the details against the provider and the member's cards (outside the cart's transaction). */
export async function resolvePaymentChoice(db: Db, env: ApiEnv, user: UserRow | null, input: PaymentChoiceInput): Promise<PaymentChoice> {
  const choice: PaymentChoice = { card: null, user_card_id: null, konbini_store: null };
  if (input.card_token) {
    const card = await paymentProvider(env).describe(input.card_token);
    if (!card)
      throw unprocessable('カード情報の有効期限が切れています。もう一度入力してください。', 'cart.payment.invalid_card_token', {
        card_token: ['カード情報の有効期限が切れています。もう一度入力してください。'],
      });
    choice.card = { token: input.card_token, ...card };
  }
  if (input.user_card_id != null) {
    const [own] = user
      ? await db
          .select({ id: user_cards.id })
          .from(user_cards)
          .where(and(eq(user_cards.id, input.user_card_id), eq(user_cards.user_id, user.id)))
          .limit(1)
      : [];
    if (!own)
      throw unprocessable('登録済みのカードが見つかりません。', 'cart.payment.user_card_not_found', {
        user_card_id: ['登録済みのカードが見つかりません。'],
      });
    choice.user_card_id = own.id;
  }
  if (input.konbini_store) {
    const [konbini] = await db
      .select({ settings: payment_methods.settings })
      .from(payment_methods)
      .where(eq(payment_methods.code, 'konbini'))
      .limit(1);
    const stores = konbini ? (settingsOf(konbini).stores ?? []) : [];
    if (!stores.some((s) => s.code === input.konbini_store)) {
      throw unprocessable('お支払いコンビニの選択が正しくありません。', 'cart.payment.invalid_konbini_store', {
        konbini_store: ['お支払いコンビニを一覧から選択してください。'],
      });
    }
    choice.konbini_store = input.konbini_store;
  }
  return choice;
}

/** The cart's order_input with its payment details replaced: set by the cart's own UPDATE (mutateCart). */
export function paymentChoiceChange(choice: PaymentChoice): CartChanges {
  return { order_input: sql`coalesce(${carts.order_input}, '{}'::jsonb) || ${JSON.stringify({ payment: choice })}::jsonb` };
}

/** The details as the wire Cart shows them: never the token. */
export function paymentInputView(cart: Pick<CartRow, 'order_input'>): CartPaymentInput | null {
  const c = paymentChoiceOf(cart);
  if (!c.card && c.user_card_id == null && !c.konbini_store) return null;
  return {
    card: c.card ? { brand: c.card.brand, last4: c.card.last4, expiry: c.card.expiry, name: c.card.name } : null,
    user_card_id: c.user_card_id ?? null,
    konbini_store: c.konbini_store ?? null,
  };
}

/** The cart's last payment failure, or null. */
export function transactionErrorOf(cart: Pick<CartRow, 'transaction_error'>): CartTransactionError | null {
  const e = cart.transaction_error as { message?: unknown; code?: unknown } | null;
  return e && typeof e.message === 'string'
    ? { message: e.message, code: typeof e.code === 'string' ? e.code : 'cart.payment.failed' }
    : null;
}

/** Records a payment failure on the cart (its own statement: the decision's transaction rolled back). */
export async function setTransactionError(db: Conn, cartId: number, error: CartTransactionError | null): Promise<void> {
  await db.update(carts).set({ transaction_error: error }).where(eq(carts.id, cartId));
}
