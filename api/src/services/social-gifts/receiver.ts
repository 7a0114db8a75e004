/**
 * The receiver's calls (/v1/social-gifts/…, /v1/shipping-leadtime/input/{token}). The link's secret
 * is the only credential: it is hashed and looked up per channel. An unknown link is 404; a link
 * already used, expired or of a cancelled order is 410, each with its own code and a Japanese
 * message the receiver's page shows as is. No answer carries the receiver's address: whoever holds
 * the link (the sender too) can never read it back.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DeliveryAddress } from '#contracts/addresses.ts';
import { formatJstDateTime } from '#contracts/datetimes.ts';
import {
  SOCIAL_GIFT_STATUS_LABELS,
  type SocialGiftAddress,
  type SocialGiftAddressCheck,
  type SocialGiftComplete,
  type SocialGiftDelivery,
  type SocialGiftDeliveryCheckRequest,
  type SocialGiftInput,
  type SocialGiftLeadtime,
  type SocialGiftProduct,
  type SocialGiftShipping,
} from '#contracts/social-gift.ts';
import type { ChannelRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { order_items, orders, products, social_gifts } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/errors.ts';
import { queueMail, siteName } from '../mail/index.ts';
import { formatPostalCode } from '../user-addresses/index.ts';
import { checkGiftAddress, knownPrefecture } from './address.ts';
import { giftChoices, isChoosable, timezoneLabel } from './delivery.ts';
import { giftReceivedText } from './mails.ts';
import { hashGiftSecret } from './secret.ts';
import { giftStatus, type SocialGiftRow } from './status.ts';

type Conn = Db | Tx;

export const receiverErrors = {
  notFound: () =>
    new ApiError(404, 'ギフトのURLが正しくないか、このギフトは存在しません。お送りいただいたURLをご確認ください。', {
      code: 'social_gift.not_found',
    }),
  expired: (at: Date) =>
    new ApiError(
      410,
      `このギフトのお受け取り期限（${formatJstDateTime(at)}）を過ぎたため、お届け先を入力できません。贈り主さまにお問い合わせください。`,
      { code: 'social_gift.expired' },
    ),
  received: () =>
    new ApiError(410, 'このギフトはすでにお届け先が入力され、お受け取りの手続きが完了しています。', { code: 'social_gift.received' }),
  cancelled: () => new ApiError(410, 'このギフトのご注文は取り消されたため、お受け取りいただけません。', { code: 'social_gift.cancelled' }),
  waiting: () => new ApiError(409, 'このギフトのお届け先はまだ入力されていません。', { code: 'social_gift.waiting' }),
  delivery: (field: 'delivery_date' | 'delivery_timezone', message: string) =>
    new ApiError(422, message, { code: 'social_gift.delivery.not_available', errors: { [field]: [message] } }),
};

interface GiftWithOrder {
  gift: SocialGiftRow;
  orderStatus: string;
}

/**
 * The gift of a link on this channel (any status), or 404. With `lock`, the order row and then the
 * gift row are locked and read again, in the order the cancellation takes them (orders/cancel.ts:
 * the order, then its gift): a receiver's PUT and the sender's cancel at once wait for each other
 * instead of deadlocking, and whichever comes second sees what the first committed.
 */
async function findGift(conn: Conn, channelId: string, key: string, lock = false): Promise<GiftWithOrder> {
  const [row] = await conn
    .select({ gift: social_gifts, orderStatus: orders.status })
    .from(social_gifts)
    .innerJoin(orders, eq(orders.id, social_gifts.order_id))
    .where(and(eq(social_gifts.token_hash, hashGiftSecret(key)), eq(social_gifts.channel_id, channelId)))
    .limit(1);
  if (!row) throw receiverErrors.notFound();
  if (!lock) return row;
  const [order] = await conn.select({ status: orders.status }).from(orders).where(eq(orders.id, row.gift.order_id)).for('update');
  const [gift] = await conn.select().from(social_gifts).where(eq(social_gifts.id, row.gift.id)).for('update');
  return { gift, orderStatus: order.status };
}

/** Throws the Japanese refusal unless the gift still waits for its address. */
function assertOpen({ gift, orderStatus }: GiftWithOrder, now = new Date()) {
  if (orderStatus === 'cancelled' || gift.status === 'cancelled') throw receiverErrors.cancelled();
  const status = giftStatus(gift, now);
  if (status === 'received') throw receiverErrors.received();
  if (status === 'expired') throw receiverErrors.expired(gift.expires_at);
}

/** A gift that still waits for its address, or the refusal. */
async function openGift(conn: Conn, channelId: string, key: string): Promise<SocialGiftRow> {
  const found = await findGift(conn, channelId, key);
  assertOpen(found);
  return found.gift;
}

async function giftLines(conn: Conn, orderId: number) {
  return conn
    .select({
      product_id: order_items.product_id,
      name: order_items.name,
      code: order_items.code,
      image: order_items.image,
      quantity: order_items.quantity,
      key: products.key,
      color: products.color,
      size: products.size,
    })
    .from(order_items)
    .leftJoin(products, eq(products.id, order_items.product_id))
    .where(eq(order_items.order_id, orderId))
    .orderBy(asc(order_items.id));
}

/** GET /v1/social-gifts/{token}/products: what the gift is (no prices). */
export async function giftProducts(db: Db, channelId: string, key: string): Promise<SocialGiftProduct[]> {
  const gift = await openGift(db, channelId, key);
  return (await giftLines(db, gift.order_id)).map((l) => ({
    product_info: { id: l.product_id, key: l.key, name: l.name, code: l.code, image: l.image, color: l.color, size: l.size },
    quantity: l.quantity,
  }));
}

/** GET /v1/social-gifts/{token}/shipping: the gift's delivery slot and who sent it. */
export async function giftShipping(db: Db, channel: ChannelRow, key: string): Promise<SocialGiftShipping> {
  const gift = await openGift(db, channel.id, key);
  const status = giftStatus(gift);
  return {
    id: gift.id,
    status,
    status_label: SOCIAL_GIFT_STATUS_LABELS[status],
    sender_name: gift.sender_name,
    message: gift.message,
    expires_at: gift.expires_at.toISOString(),
    shop_name: await siteName(db, channel.id, channel.name),
  };
}

/** POST /v1/social-gifts/check/shipping: the address as it would be stored, or 422 by field. */
export function checkGiftShipping(input: SocialGiftAddress): SocialGiftAddressCheck {
  const a = checkGiftAddress(input);
  return {
    address: {
      last_name: a.last_name,
      first_name: a.first_name,
      last_name_kana: a.last_name_kana,
      first_name_kana: a.first_name_kana,
      postal_code: a.postal_code,
      formatted_postal_code: formatPostalCode(a.postal_code),
      prefecture: a.prefecture,
      city: a.city,
      address1: a.address1,
      address2: a.address2 ?? '',
      phone_number: a.phone_number,
      full_address: fullAddress(a),
    },
  };
}

function fullAddress(a: SocialGiftAddress): string {
  return `〒${formatPostalCode(a.postal_code)} ${a.prefecture}${a.city}${a.address1}${a.address2 ? ` ${a.address2}` : ''}`;
}

/** GET /v1/shipping-leadtime/input/{token}: the dates and time slots for the gift to this region. */
export async function giftLeadtime(
  db: Db,
  channelId: string,
  key: string,
  region: { prefecture: string | null },
): Promise<SocialGiftLeadtime> {
  const gift = await openGift(db, channelId, key);
  return giftChoices(
    db,
    channelId,
    (await giftLines(db, gift.order_id)).map((l) => l.product_id),
    region.prefecture,
  );
}

async function checkedDelivery(
  conn: Conn,
  channelId: string,
  gift: SocialGiftRow,
  prefecture: string,
  date: string | null,
  timezone: string | null,
): Promise<SocialGiftDelivery> {
  const choices = await giftChoices(
    conn,
    channelId,
    (await giftLines(conn, gift.order_id)).map((l) => l.product_id),
    prefecture,
  );
  if (timezone != null && !choices.timezones.some((t) => t.code === timezone)) {
    throw receiverErrors.delivery('delivery_timezone', '選択されたお届け時間帯は指定できません。');
  }
  if (!isChoosable(choices, date, timezone)) {
    throw receiverErrors.delivery('delivery_date', 'お届け希望日は選択できる日付からお選びください。');
  }
  return { delivery_date: date, delivery_timezone: timezone, delivery_timezone_label: timezoneLabel(timezone) };
}

/** POST /v1/social-gifts/check/delivery: is the date and slot choosable for the gift to that prefecture? */
export async function checkGiftDelivery(db: Db, channelId: string, input: SocialGiftDeliveryCheckRequest): Promise<SocialGiftDelivery> {
  const gift = await openGift(db, channelId, input.token);
  return checkedDelivery(db, channelId, gift, knownPrefecture(input.prefecture), input.delivery_date, input.delivery_timezone);
}

/** The receiver's address as the order's delivery address (no label; spec 5). */
function toDeliveryAddress(giftId: number, a: SocialGiftAddress): DeliveryAddress {
  const formatted = formatPostalCode(a.postal_code);
  const combined = `${a.prefecture}${a.city}${a.address1}${a.address2 ? ` ${a.address2}` : ''}`;
  return {
    id: giftId,
    division_ct: 1,
    shipping_name: '',
    last_name: a.last_name,
    first_name: a.first_name,
    last_name_kana: a.last_name_kana,
    first_name_kana: a.first_name_kana,
    postal_code: a.postal_code,
    formatted_postal_code: formatted,
    prefecture: a.prefecture,
    city: a.city,
    address1: a.address1,
    address2: a.address2 ?? '',
    combined_address: combined,
    full_address: `〒${formatted} ${combined}`,
    phone_number: a.phone_number,
    cell_phone_number: null,
    is_default: false,
  };
}

function completeView(gift: SocialGiftRow, delivery: SocialGiftDelivery | null): SocialGiftComplete {
  const status = giftStatus(gift);
  return {
    status,
    status_label: SOCIAL_GIFT_STATUS_LABELS[status],
    received_at: gift.received_at?.toISOString() ?? null,
    delivery_date: delivery?.delivery_date ?? gift.delivery_date ?? null,
    delivery_timezone: delivery?.delivery_timezone ?? gift.delivery_timezone ?? null,
    delivery_timezone_label: delivery?.delivery_timezone_label ?? timezoneLabel(gift.delivery_timezone),
  };
}

/**
 * PUT /v1/social-gifts/{token}: stores the address and delivery choice once, in one transaction:
 * the gift row locked, the conditional update from waiting (so of two PUTs at once exactly one
 * wins; the other sees the used link), the order's delivery filled, the sender told (no address).
 */
export async function receiveGift(db: Db, channel: ChannelRow, key: string, input: SocialGiftInput): Promise<SocialGiftComplete> {
  const address = checkGiftAddress(input.shipping);
  return db.transaction(async (tx) => {
    const found = await findGift(tx, channel.id, key, true);
    const now = new Date();
    assertOpen(found, now);
    const delivery = await checkedDelivery(tx, channel.id, found.gift, address.prefecture, input.delivery_date, input.delivery_timezone);
    const deliveryAddress = toDeliveryAddress(found.gift.id, address);
    const [updated] = await tx
      .update(social_gifts)
      .set({
        status: 'received',
        address: deliveryAddress,
        delivery_date: delivery.delivery_date,
        delivery_timezone: delivery.delivery_timezone,
        received_at: now,
      })
      .where(and(eq(social_gifts.id, found.gift.id), eq(social_gifts.status, 'waiting'), gt(social_gifts.expires_at, now)))
      .returning();
    if (!updated) throw receiverErrors.received();
    const [order] = await tx
      .update(orders)
      .set({
        shippings: sql`${JSON.stringify([{ address: deliveryAddress, delivery_date: delivery.delivery_date, delivery_timezone: delivery.delivery_timezone }])}::jsonb`,
      })
      .where(eq(orders.id, found.gift.order_id))
      .returning({ order_no: orders.order_no, customer: orders.customer });
    const customer = order.customer as { email?: string | null; last_name?: string; first_name?: string; username?: string };
    if (customer.email) {
      const text = giftReceivedText({
        siteName: await siteName(tx, channel.id, channel.name),
        orderNo: order.order_no,
        customerName: `${customer.last_name ?? ''} ${customer.first_name ?? ''}`.trim() || customer.username || 'お客様',
      });
      await queueMail(tx, { channelId: channel.id, to: customer.email, template: 'social_gift_received', ...text });
    }
    return completeView(updated, delivery);
  });
}

/** GET /v1/social-gifts/{token}/complete: the gift's status and delivery choice (never the address). */
export async function giftComplete(db: Db, channelId: string, key: string): Promise<SocialGiftComplete> {
  const found = await findGift(db, channelId, key);
  const { gift } = found;
  if (gift.status !== 'received' || found.orderStatus === 'cancelled') {
    assertOpen(found);
    throw receiverErrors.waiting();
  }
  return completeView(gift, {
    delivery_date: gift.delivery_date,
    delivery_timezone: gift.delivery_timezone,
    delivery_timezone_label: timezoneLabel(gift.delivery_timezone),
  });
}
