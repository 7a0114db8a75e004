/**
 * Card and provider payments (spec 7): payment-service settings, the per-cart payment check, the
 * 3-D Secure return, saved cards (/v1/me/user-cards) and the decision's "requires action" answer.
 * Only provider tokens and references travel here: a field that looks like a card number is refused.
 */

import { dbId, dbIdNumber, keyText, text } from './fields.ts';
import { z } from './zod.ts';

/** 12 or more digits in a row (spaces and hyphens between them allowed): what a card number looks like. */
export const CARD_NUMBER_LIKE = /\d(?:[\s-]?\d){11,}/;
/** A provider token or saved-card reference: opaque, never a card number. */
export const providerToken = (label: string) =>
  keyText(4000, { label }).refine((v) => !CARD_NUMBER_LIKE.test(v), {
    error: `${label}にカード番号は送信できません。カード番号は決済代行会社の画面で入力してください。`,
  });

/** The payment fields PATCH /v1/carts/order/modify accepts besides payment_id. */
export const cartPaymentChoiceFields = {
  /** A one-time token from the provider's browser script (card). */
  card_token: providerToken('カード情報').nullable().optional(),
  /** One of the member's saved cards (card). */
  user_card_id: dbIdNumber({ label: '登録済みのカード' }).nullable().optional(),
  /** The chosen store (コンビニ払い): a code from GET /v1/settings/payment-service/konbini. */
  konbini_store: keyText(40, { label: 'お支払いコンビニ' }).nullable().optional(),
};

/** The payment choice as the cart shows it: the card's brand and last 4 only. */
export const cartPaymentInputSchema = z
  .object({
    card: z.object({ brand: z.string(), last4: z.string(), expiry: z.string(), name: z.string() }).nullable(),
    user_card_id: z.number().int().nullable(),
    konbini_store: z.string().nullable(),
  })
  .meta({ id: 'CartPaymentInput' });
export type CartPaymentInput = z.infer<typeof cartPaymentInputSchema>;

/** The last payment failure, shown until PATCH /v1/carts/transaction/error/delete. */
export const cartTransactionErrorSchema = z.object({ message: z.string(), code: z.string() }).meta({ id: 'CartTransactionError' });
export type CartTransactionError = z.infer<typeof cartTransactionErrorSchema>;

/** POST /v1/carts/{token}/decision, 202: the card needs 3-D Secure; send the shopper to redirect_url. */
export const cartDecisionActionSchema = z
  .object({
    status: z.literal('requires_action'),
    redirect_url: z.string(),
  })
  .meta({ id: 'CartDecisionAction' });
export type CartDecisionAction = z.infer<typeof cartDecisionActionSchema>;

/** POST /v1/carts/{token}/payment/3ds: what the provider's 3-D Secure page sent back to the shop. */
export const threeDsReturnRequestSchema = z
  .object({
    payment_ref: keyText(4000, { label: '決済の参照番号' }),
    payment_result: keyText(4000, { label: '本人認証の結果' }),
  })
  .meta({ id: 'ThreeDsReturnRequest' });
export type ThreeDsReturnRequest = z.infer<typeof threeDsReturnRequestSchema>;

/** GET /v1/carts/{token}/payment/{payment_id}/check. */
export const paymentCheckParamSchema = z.object({
  token: keyText(200, { label: 'カートトークン' }),
  payment_id: dbId({ label: 'お支払い方法' }),
});
export const paymentCheckSchema = z
  .object({
    payment_id: z.number().int(),
    code: z.string(),
    is_available: z.boolean(),
    /** Why not, in Japanese (ceiling, social gift, …); null when available. */
    reason: z.string().nullable(),
    /** The method's fee for this cart, tax included. */
    fee: z.number().int(),
    /** The cart's total with this method. */
    total_payment: z.number().int(),
  })
  .meta({ id: 'PaymentCheck' });
export type PaymentCheck = z.infer<typeof paymentCheckSchema>;

/** GET /v1/settings/payment-service/{code}: what the browser needs for this method. */
export const paymentServiceParamSchema = z.object({ code: keyText(40, { label: 'お支払い方法' }) });
export const paymentServiceSettingsSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    /** card: the provider, its tokenising script, its origin and public key. */
    provider: z.object({ code: z.string(), script_url: z.string(), origin: z.string(), public_key: z.string() }).nullable().optional(),
    /** konbini: the stores to choose from. */
    stores: z.array(z.object({ code: z.string(), name: z.string() })).optional(),
    /** Highest total (tax included) the method takes. */
    ceiling: z.number().int().nullable().optional(),
    /** 代引: the fee by amount band. */
    fee_bands: z.array(z.object({ below: z.number().int(), fee: z.number().int() })).optional(),
    /** 後払い: how the invoice comes and when to pay. */
    notice: z.string().optional(),
    /** Days to pay (bank transfer, konbini, deferred). */
    deadline_days: z.number().int().optional(),
  })
  .meta({ id: 'PaymentServiceSettings' });
export type PaymentServiceSettings = z.infer<typeof paymentServiceSettingsSchema>;

/** A saved card (spec 3 "User card"): masked, with the provider's reference kept on the server only. */
export const userCardSchema = z
  .object({
    id: z.number().int().positive(),
    is_main: z.boolean(),
    name: z.string(),
    brand: z.string(),
    masked_number: z.string(),
    /** YYYYMM. */
    expiration: z.string(),
  })
  .meta({ id: 'UserCard' });
export type UserCard = z.infer<typeof userCardSchema>;
export const userCardListSchema = z.array(userCardSchema);

/**
 * POST /v1/me/user-cards: the provider's one-time token (spec: token, token_key, name,
 * masked_number, expiration). The card's facts are taken from the provider, not from this body.
 */
export const userCardCreateRequestSchema = z
  .object({
    token: providerToken('カードトークン'),
    token_key: text(200, { label: 'トークンキー' }).optional(),
    name: text(50, { label: 'カード名義' }).optional(),
    masked_number: text(25, { label: 'カード番号（下4桁）' })
      .regex(/^[*Xx\d\s-]*$/, { error: 'カード番号（下4桁）の形式が正しくありません。' })
      .refine((v) => (v.match(/\d/g)?.length ?? 0) <= 4, { error: 'カード番号（下4桁）に全桁は送信できません。' })
      .optional(),
    expiration: text(6, { label: '有効期限' })
      .regex(/^(\d{4}(0[1-9]|1[0-2]))?$/, { error: '有効期限はYYYYMMの形式で入力してください。' })
      .optional(),
  })
  .meta({ id: 'UserCardCreateRequest' });
export type UserCardCreateRequest = z.infer<typeof userCardCreateRequestSchema>;

/** POST /v1/{provider}/receive/fraud-detection answer; `duplicate`: an event already applied, nothing changed. */
export const callbackAckSchema = z.object({ received: z.boolean(), duplicate: z.literal(true).optional() }).meta({ id: 'CallbackAck' });
export const providerParamSchema = z.object({ provider: keyText(40, { label: '決済代行会社' }) });
