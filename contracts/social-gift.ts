/**
 * Social gift (spec 3 "Social gift", spec 7 /v1/social-gifts/…, PATCH /v1/carts/social/receiver):
 * a gift bought by a member and sent by link; the receiver enters the address and the delivery
 * date. The receiver's address goes one way only: into the order, never back to the sender (or to
 * anyone who holds the link) — no answer of these calls carries it.
 */

import { addressInputSchema } from './addresses.ts';
// Defined in the zod-free constants so browser code can read them without loading zod.
import { SOCIAL_GIFT_MESSAGE_MAX } from './constants.ts';
import { flag, kana, keyText, phone, text } from './fields.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

export { SOCIAL_GIFT_EXPIRE_DAYS, SOCIAL_GIFT_MESSAGE_MAX } from './constants.ts';

/** waiting 受け取り待ち, received お届け先入力済み, expired 期限切れ, cancelled (the order was cancelled). */
export const socialGiftStatusSchema = z.enum(['waiting', 'received', 'expired', 'cancelled']);
export type SocialGiftStatus = z.infer<typeof socialGiftStatusSchema>;
export const SOCIAL_GIFT_STATUS_LABELS: Record<SocialGiftStatus, string> = {
  waiting: '受け取り待ち',
  received: 'お届け先入力済み',
  expired: '期限切れ',
  cancelled: 'キャンセル',
};

// ------------------------------------------------------------------ the sender's cart
/** The sender's gift choice on the cart (`null` when the cart is an ordinary order). */
export const cartSocialGiftSchema = z
  .object({
    sender_name: z.string(),
    message: z.string(),
  })
  .meta({ id: 'CartSocialGift' });
export type CartSocialGift = z.infer<typeof cartSocialGiftSchema>;

/** PATCH /v1/carts/social/receiver: buy as a social gift (no address; 代金引換 cannot be used). */
export const socialReceiverRequestSchema = z
  .object({
    token: keyText(200, { label: 'カートトークン' }),
    is_social_gift: flag({ label: 'ソーシャルギフト' }),
    sender_name: text(50, { label: '贈り主のお名前' }).optional(),
    message: text(SOCIAL_GIFT_MESSAGE_MAX, { label: 'メッセージ' }).optional(),
  })
  .meta({ id: 'SocialReceiverRequest' });
export type SocialReceiverRequest = z.infer<typeof socialReceiverRequestSchema>;

/** The gift as the sender's order shows it: its status only, never the address. */
export const orderSocialGiftSchema = z
  .object({
    status: socialGiftStatusSchema,
    status_label: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'OrderSocialGift' });
export type OrderSocialGift = z.infer<typeof orderSocialGiftSchema>;

// ------------------------------------------------------------------ the receiver's link
/** The link's secret, as the receiver's calls take it (`/social-gift/{key}/`). */
export const socialGiftKeySchema = keyText(100, { label: 'ギフトのURL' });
export const socialGiftTokenParamSchema = z.object({ token: socialGiftKeySchema });

/**
 * A gift line for the receiver: what it is and how many. No price: a gift does not say what it cost.
 */
export const socialGiftProductSchema = z
  .object({
    product_info: z.object({
      id: z.number().int().nullable(),
      key: z.string().nullable(),
      name: z.string(),
      code: z.string(),
      image: z.string().nullable(),
      color: z.string().nullable(),
      size: z.string().nullable(),
    }),
    quantity: z.number().int().positive(),
  })
  .meta({ id: 'SocialGiftProduct' });
export const socialGiftProductListSchema = z.array(socialGiftProductSchema);
export type SocialGiftProduct = z.infer<typeof socialGiftProductSchema>;

/** GET /v1/social-gifts/{token}/shipping: the gift's delivery slot (id) with who sent it; no address. */
export const socialGiftShippingSchema = z
  .object({
    id: z.number().int().positive(),
    status: socialGiftStatusSchema,
    status_label: z.string(),
    sender_name: z.string(),
    message: z.string(),
    expires_at: z.string(),
    shop_name: z.string(),
  })
  .meta({ id: 'SocialGiftShipping' });
export type SocialGiftShipping = z.infer<typeof socialGiftShippingSchema>;

/** The receiver's address: names, kana and phone are required (the carrier calls before delivery). */
export const socialGiftAddressSchema = addressInputSchema
  .pick({
    last_name: true,
    first_name: true,
    postal_code: true,
    prefecture: true,
    city: true,
    address1: true,
    address2: true,
  })
  .extend({
    last_name_kana: kana(),
    first_name_kana: kana(),
    phone_number: phone().refine((v) => v.length > 0, { error: () => messages.required('電話番号') }),
  })
  .meta({ id: 'SocialGiftAddress' });
export type SocialGiftAddressInput = z.input<typeof socialGiftAddressSchema>;
export type SocialGiftAddress = z.output<typeof socialGiftAddressSchema>;

/** POST /v1/social-gifts/check/shipping answer: the address as it will be stored. */
export const socialGiftAddressCheckSchema = z
  .object({
    address: z.object({
      last_name: z.string(),
      first_name: z.string(),
      last_name_kana: z.string(),
      first_name_kana: z.string(),
      postal_code: z.string(),
      formatted_postal_code: z.string(),
      prefecture: z.string(),
      city: z.string(),
      address1: z.string(),
      address2: z.string(),
      phone_number: z.string(),
      full_address: z.string(),
    }),
  })
  .meta({ id: 'SocialGiftAddressCheck' });
export type SocialGiftAddressCheck = z.infer<typeof socialGiftAddressCheckSchema>;

const deliveryDate = z.iso.date({ error: () => messages.date('お届け希望日') }).nullable();
const deliveryTimezone = keyText(20, { label: 'お届け時間帯' }).nullable();

/** POST /v1/social-gifts/check/delivery: is this date and time slot choosable for the gift to this prefecture? */
export const socialGiftDeliveryCheckRequestSchema = z
  .object({
    token: socialGiftKeySchema,
    prefecture: addressInputSchema.shape.prefecture,
    delivery_date: deliveryDate,
    delivery_timezone: deliveryTimezone,
  })
  .meta({ id: 'SocialGiftDeliveryCheckRequest' });
export type SocialGiftDeliveryCheckRequest = z.infer<typeof socialGiftDeliveryCheckRequestSchema>;

/** The delivery choice as stored and shown (指定なし is null). */
export const socialGiftDeliverySchema = z
  .object({
    delivery_date: z.string().nullable(),
    delivery_timezone: z.string().nullable(),
    delivery_timezone_label: z.string(),
  })
  .meta({ id: 'SocialGiftDelivery' });
export type SocialGiftDelivery = z.infer<typeof socialGiftDeliverySchema>;

/** GET /v1/shipping-leadtime/input/{token}?postal=&pref=: the delivery choices for the gift to that region. */
export const socialGiftLeadtimeQuerySchema = z.object({
  postal: text(8, { label: '郵便番号' })
    .regex(/^(\d{3}-?\d{4})?$/, { error: () => messages.post('郵便番号') })
    .optional(),
  pref: text(10, { label: '都道府県' }).optional(),
});
export const socialGiftLeadtimeSchema = z
  .object({
    dates: z.array(z.string()),
    timezones: z.array(z.object({ code: z.string(), label: z.string() })),
    earliest: z.string().nullable(),
  })
  .meta({ id: 'SocialGiftLeadtime' });
export type SocialGiftLeadtime = z.infer<typeof socialGiftLeadtimeSchema>;

/** PUT /v1/social-gifts/{token}: the address and delivery choice, accepted once. */
export const socialGiftInputSchema = z
  .object({
    shipping: socialGiftAddressSchema,
    delivery_date: deliveryDate,
    delivery_timezone: deliveryTimezone,
  })
  .meta({ id: 'SocialGiftInput' });
export type SocialGiftInput = z.infer<typeof socialGiftInputSchema>;

/** GET /v1/social-gifts/{token}/complete (and the PUT's answer): done, with the delivery choice; no address. */
export const socialGiftCompleteSchema = z
  .object({
    status: socialGiftStatusSchema,
    status_label: z.string(),
    received_at: z.string().nullable(),
    ...socialGiftDeliverySchema.shape,
  })
  .meta({ id: 'SocialGiftComplete' });
export type SocialGiftComplete = z.infer<typeof socialGiftCompleteSchema>;
