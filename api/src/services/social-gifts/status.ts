/** A gift's status as the sender and the receiver see it (pure). */
import { type OrderSocialGift, SOCIAL_GIFT_STATUS_LABELS, type SocialGiftStatus } from '#contracts/social-gift.ts';
import type { social_gifts } from '../../db/schema/index.ts';

export type SocialGiftRow = typeof social_gifts.$inferSelect;

/** 'expired' is not stored: a waiting gift past its expiry is expired from that moment on. */
export function giftStatus(row: Pick<SocialGiftRow, 'status' | 'expires_at'>, now = new Date()): SocialGiftStatus {
  if (row.status === 'waiting' && row.expires_at <= now) return 'expired';
  return (row.status in SOCIAL_GIFT_STATUS_LABELS ? row.status : 'waiting') as SocialGiftStatus;
}

/** The gift in the sender's order: status and expiry only (never the receiver's address). */
export function orderGiftView(row: Pick<SocialGiftRow, 'status' | 'expires_at'>, now = new Date()): OrderSocialGift {
  const status = giftStatus(row, now);
  return { status, status_label: SOCIAL_GIFT_STATUS_LABELS[status], expires_at: row.expires_at.toISOString() };
}
