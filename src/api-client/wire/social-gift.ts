/**
 * The social gift as the cart and an order carry it (contracts/social-gift.ts). The receiver's calls
 * have their decoders in social-gift-receiver.ts and the catalogue's in catalog.ts: this module is in
 * the first load of every cart and checkout page, those are not.
 */
import type { CartSocialGift, OrderSocialGift } from '#contracts/social-gift.ts';
import { type Decoder, literal, object, string } from '../core/guard.ts';

/** A gift's status (the order's and the receiver's view of it). */
export const giftStatus = /* @__PURE__ */ literal('waiting', 'received', 'expired', 'cancelled');

export const cartSocialGiftWire: Decoder<CartSocialGift> = /* @__PURE__ */ object({ sender_name: string, message: string });
export const orderSocialGiftWire: Decoder<OrderSocialGift> = /* @__PURE__ */ object({
  status: giftStatus,
  status_label: string,
  expires_at: string,
});
