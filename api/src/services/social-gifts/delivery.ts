/**
 * The gift's delivery choices, from the shop's one business calendar and lead times
 * (services/delivery/leadtime.ts): the gift's products to the receiver's prefecture.
 */

import { DELIVERY_TIMEZONES, NO_DELIVERY_CHOICE } from '#contracts/delivery-choices.ts';
import type { SocialGiftLeadtime } from '#contracts/social-gift.ts';
import type { Db, Tx } from '../../db/client.ts';
import { deliveryChoices, isChoosableDelivery } from '../delivery/leadtime.ts';

type Conn = Db | Tx;

/** Dates, time slots and the earliest date for these products to `prefecture`. */
export async function giftChoices(
  conn: Conn,
  channelId: string,
  productIds: (number | null)[],
  prefecture: string | null,
): Promise<SocialGiftLeadtime> {
  const ids = productIds.filter((id): id is number => id != null);
  const c = await deliveryChoices(conn, { channelId, productIds: ids, prefecture });
  return { dates: c.dates, timezones: c.timezones, earliest: c.earliest };
}

/** Whether the date and slot (null: 指定なし) can be chosen. */
export const isChoosable = (choices: SocialGiftLeadtime, date: string | null, timezone: string | null): boolean =>
  isChoosableDelivery(choices, date, timezone);

/** The slot's Japanese label (指定なし for none). */
export function timezoneLabel(code: string | null): string {
  if (code == null) return NO_DELIVERY_CHOICE;
  return DELIVERY_TIMEZONES.find((t) => t.code === code)?.label ?? code;
}
