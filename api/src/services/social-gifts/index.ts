/**
 * Social gift (spec 7 "Social gift"): the sender's choice on the cart, the link opened at the
 * decision (create.ts, called from cart/decision.ts) and the receiver's calls (receiver.ts).
 */
import type { Cart } from '#contracts/cart.ts';
import type { SocialReceiverRequest } from '#contracts/social-gift.ts';
import type { CartScope } from '../carts/index.ts';
import { mutateCart } from '../carts/access.ts';
import { buildCart } from '../carts/view.ts';
import { setSocialReceiver } from '../carts/social-gift.ts';

export { checkGiftDelivery, checkGiftShipping, giftComplete, giftLeadtime, giftProducts, giftShipping, receiveGift } from './receiver.ts';

/** PATCH /v1/carts/social/receiver: buy the cart as a social gift (or not), with the sender's name and message. */
export async function setCartSocialReceiver(s: CartScope, { token, ...input }: SocialReceiverRequest): Promise<Cart> {
  const cart = await mutateCart(s.db, s.env, s.channel.id, s.user, token, (tx, row) => setSocialReceiver(tx, row, input));
  return buildCart(s.db, cart, s.channel.id, s.user);
}
