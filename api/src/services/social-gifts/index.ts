/**
 * Social gift (spec 7 "Social gift"): the link opened at the decision (create.ts, called from
 * checkout/decision.ts) and the receiver's calls (receiver.ts). The sender's choice on the cart is
 * services/carts/social-gift.ts (PATCH /v1/carts/social/receiver).
 */
export { checkGiftDelivery, checkGiftShipping, giftComplete, giftLeadtime, giftProducts, giftShipping, receiveGift } from './receiver.ts';
