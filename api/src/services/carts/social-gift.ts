/**
 * The sender's side on the cart (PATCH /v1/carts/social/receiver): the cart becomes a gift bought
 * by link. A gift cart has no delivery address (the receiver enters it), so any chosen address is
 * dropped; 代金引換 cannot pay for it (the receiver would be asked to pay at the door), so a chosen
 * 代金引換 is unset and cannot be chosen again while the cart is a gift.
 */
import { eq, sql } from 'drizzle-orm';
import type { CartSocialGift, SocialReceiverRequest } from '#contracts/social-gift.ts';
import type { Tx } from '../../db/client.ts';
import { cart_shippings, carts } from '../../db/schema/index.ts';
import { unprocessable } from '../../lib/errors.ts';
import { type PaymentRow, paymentById } from '../payments/index.ts';
import { settingsOf } from '../payments/methods.ts';
import type { CartRow } from './types.ts';

/** Where the gift's sender name and message wait on the cart until the decision. */
const ORDER_INPUT_KEY = 'social_gift';

export const giftErrors = {
  paymentRefused: (name: string) =>
    unprocessable(
      `ソーシャルギフトのご注文では${name}をご利用いただけません。別のお支払い方法を選択してください。`,
      'social_gift.payment.not_available',
    ),
};

/**
 * A method whose settings say `social_gift: false` cannot pay for a gift: the receiver would be asked
 * to pay (代金引換 at the door, 後払い's invoice). The setting is the one rule; the payment list
 * (unavailableReason) reads it too.
 */
const refusesGifts = (payment: Pick<PaymentRow, 'settings'>) => settingsOf(payment).social_gift === false;

/** Sets or clears the gift choice on the locked cart. */
export async function setSocialReceiver(tx: Tx, cart: CartRow, input: Omit<SocialReceiverRequest, 'token'>) {
  if (!input.is_social_gift) {
    await tx
      .update(carts)
      .set({ is_social_gift: false, order_input: sql`${carts.order_input} - ${ORDER_INPUT_KEY}` })
      .where(eq(carts.id, cart.id));
    return;
  }
  const gift: CartSocialGift = { sender_name: input.sender_name ?? '', message: input.message ?? '' };
  const payment = cart.payment_id != null ? await paymentById(tx, cart.payment_id) : null;
  await tx
    .update(carts)
    .set({
      is_social_gift: true,
      // Merged into order_input, so the cart's other inputs there stay as they are.
      order_input: sql`${carts.order_input} || jsonb_build_object(${ORDER_INPUT_KEY}::text, ${JSON.stringify(gift)}::jsonb)`,
      ...(payment && refusesGifts(payment) ? { payment_id: null } : {}),
    })
    .where(eq(carts.id, cart.id));
  await tx.delete(cart_shippings).where(eq(cart_shippings.cart_id, cart.id));
}

/** The gift choice of a cart row, or null for an ordinary cart. */
export function cartSocialGift(cart: Pick<CartRow, 'is_social_gift' | 'order_input'>): CartSocialGift | null {
  if (!cart.is_social_gift) return null;
  const stored = (cart.order_input as Record<string, unknown> | null)?.[ORDER_INPUT_KEY] as Partial<CartSocialGift> | undefined;
  return {
    sender_name: typeof stored?.sender_name === 'string' ? stored.sender_name : '',
    message: typeof stored?.message === 'string' ? stored.message : '',
  };
}

/** Refuses a payment method a gift cart cannot use (the decision and choosing a method call this). */
export function assertGiftPayment(cart: Pick<CartRow, 'is_social_gift'>, payment: Pick<PaymentRow, 'name' | 'settings'>) {
  if (cart.is_social_gift && refusesGifts(payment)) throw giftErrors.paymentRefused(payment.name);
}
