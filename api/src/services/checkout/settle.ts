/**
 * How the decision's transaction records the payment of the order it writes: `Settle` runs inside
 * that transaction once the order is priced and numbered, checks the method's rules against the
 * final total, and answers orders.payment_status / payment_detail and the mail's lines. Throwing
 * rolls the whole decision back (no stock taken, no order).
 */
import type { Tx } from '../../db/client.ts';
import { unprocessable } from '../../lib/errors.ts';
import { paymentChoiceOf } from '../carts/payment-choice.ts';
import type { CartRow } from '../carts/types.ts';
import type { PaymentRow } from '../payments/index.ts';
import { offlineOutcome, type PaymentOutcome, unavailableReason } from '../payments/methods.ts';

export interface SettleInput {
  cart: CartRow;
  payment: PaymentRow;
  orderId: number;
  orderNo: string;
  /** The order's total and the fee in it, yen, tax included. */
  total: number;
  fee: number;
  at: Date;
}
export type Settle = (tx: Tx, input: SettleInput) => Promise<PaymentOutcome>;

export const paymentErrors = {
  notAvailable: (reason: string) => unprocessable(reason, 'cart.payment.not_available'),
  konbiniStoreRequired: () =>
    unprocessable('お支払いになるコンビニを選択してください。', 'cart.payment.konbini_store_required', {
      konbini_store: ['お支払いコンビニを選択してください。'],
    }),
  cardRequired: () =>
    unprocessable('カード情報を入力するか、登録済みのカードを選択してください。', 'cart.payment.card_required', {
      card_token: ['カード情報を入力してください。'],
    }),
  declined: (reason: string) =>
    unprocessable(`${reason}別のカードをお試しいただくか、他のお支払い方法をお選びください。`, 'cart.payment.declined'),
  threeDsFailed: () =>
    unprocessable(
      '本人認証（3-Dセキュア）が完了しませんでした。もう一度お試しいただくか、他のお支払い方法をお選びください。',
      'cart.payment.3ds_failed',
    ),
  amountChanged: () =>
    unprocessable('お支払い金額が変わりました。ご注文内容をご確認のうえ、もう一度お手続きください。', 'cart.payment.amount_changed'),
};

/** Settles an order paid other than by card: the method's rules, then its pending payment detail. */
export const settleOffline: Settle = async (_tx, { cart, payment, orderNo, total, fee, at }) => {
  // A card order reaches the decision only through its authorisation (services/checkout/card.ts).
  if (payment.code === 'card') throw paymentErrors.cardRequired();
  const reason = unavailableReason(payment, { amountBeforeFee: total - fee, isSocialGift: cart.is_social_gift, hasLines: true });
  if (reason) throw paymentErrors.notAvailable(reason);
  const store = paymentChoiceOf(cart).konbini_store ?? null;
  if (payment.code === 'konbini' && !store) throw paymentErrors.konbiniStoreRequired();
  return offlineOutcome(payment, { orderNo, total, fee, at, konbiniStore: store });
};
