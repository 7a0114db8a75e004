/**
 * The gift link, opened at the decision of a gift cart (inside the decision's transaction, so an
 * order never exists without its link nor a link without its order): the social_gifts row with the
 * hash of a new secret, and the link mailed to the sender.
 */

import { type CartSocialGift, SOCIAL_GIFT_EXPIRE_DAYS } from '#contracts/social-gift.ts';
import type { Tx } from '../../db/client.ts';
import { social_gifts } from '../../db/schema/index.ts';
import { channelSetting } from '../account/common.ts';
import { queueMail } from '../mail/index.ts';
import { giftLinkText } from './mails.ts';
import { hashGiftSecret, newGiftSecret } from './secret.ts';

/** The channel setting that overrides how many days a link stays valid. */
export const EXPIRE_DAYS_SETTING = 'SOCIAL_GIFT.EXPIRE_DAYS';

/** Days a new link of the channel stays valid (SOCIAL_GIFT.EXPIRE_DAYS, 1–365, else 14). */
export async function giftExpireDays(tx: Tx, channelId: string): Promise<number> {
  const raw = Number(await channelSetting(tx, channelId, EXPIRE_DAYS_SETTING));
  return Number.isInteger(raw) && raw >= 1 && raw <= 365 ? raw : SOCIAL_GIFT_EXPIRE_DAYS;
}

/** The storefront's receiver page for a secret: `${SITE_URL}/social-gift/{secret}/`. */
export function giftUrl(siteUrl: string, secret: string): string {
  return new URL(`social-gift/${encodeURIComponent(secret)}/`, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
}

export interface OpenGift {
  channelId: string;
  orderId: number;
  orderNo: string;
  gift: CartSocialGift;
  siteUrl: string;
  siteName: string;
  senderEmail: string;
  customerName: string;
  items: { name: string; quantity: number }[];
  now: Date;
}

/** Creates the gift of a just-placed order and queues the link mail; returns the link (shown once). */
export async function openSocialGift(tx: Tx, g: OpenGift): Promise<{ url: string; expires_at: Date }> {
  const secret = newGiftSecret();
  const expiresAt = new Date(g.now.getTime() + (await giftExpireDays(tx, g.channelId)) * 86_400_000);
  await tx.insert(social_gifts).values({
    token_hash: hashGiftSecret(secret),
    channel_id: g.channelId,
    order_id: g.orderId,
    sender_name: g.gift.sender_name,
    message: g.gift.message,
    status: 'waiting',
    expires_at: expiresAt,
    created_at: g.now,
  });
  const url = giftUrl(g.siteUrl, secret);
  const { subject, body } = giftLinkText({
    siteName: g.siteName,
    customerName: g.customerName,
    orderNo: g.orderNo,
    url,
    expiresAt,
    items: g.items,
  });
  await queueMail(tx, { channelId: g.channelId, to: g.senderEmail, template: 'social_gift_link', subject, body });
  return { url, expires_at: expiresAt };
}
