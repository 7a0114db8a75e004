/**
 * Delivery (issue 8): the business-day calendar, delivery lead times per shipment, several delivery
 * addresses, divide, packing and のし, 備考. The cart operations answer the whole Cart (contracts/cart.ts).
 */

import { cartTokenSchema, shippingAddressInputSchema } from './cart.ts';
import { DELIVERY_TIMEZONES, LEADTIME_CHOICE_MODES, NOSHI_NAME_MAX, NOSHI_TYPES, OTHERS_NOTE_MAX } from './delivery-choices.ts';
import { dbIdNumber, keyText, quantity, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

export * from './delivery-choices.ts';

// ------------------------------------------------------------------ calendar
/** Longest range one calendar call answers. */
export const CALENDAR_MAX_DAYS = 366;

const calendarDate = (label: string) =>
  z.iso
    .date({ error: () => messages.date(label) })
    .refine((v) => v >= '2022-01-01' && v <= '2099-12-31', { error: () => `${label}は2022年から2099年までの日付を指定してください` });

/**
 * GET /v1/business-dates/monthly/calendar/front?startDate=&endDate= (YYYY-MM-DD). Without them: the
 * current month (Japan time) and the next. endDate not before startDate, at most 366 days.
 */
export const businessCalendarQuerySchema = z
  .object({
    startDate: calendarDate('参照開始日').optional(),
    endDate: calendarDate('参照終了日').optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.endDate >= q.startDate, { message: messages.minDate(), path: ['endDate'] })
  .refine((q) => !q.startDate || !q.endDate || (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 < CALENDAR_MAX_DAYS, {
    message: `参照期間は${CALENDAR_MAX_DAYS}日以内で指定してください`,
    path: ['endDate'],
  });
export type BusinessCalendarQuery = z.infer<typeof businessCalendarQuerySchema>;

/** One day: `is_holiday` true when the shop does not ship; `name` the holiday's name or why it is closed. */
export const businessDateSchema = z
  .object({
    date: z.string(),
    /** 0 Sunday … 6 Saturday. */
    day_of_week: z.number().int().min(0).max(6),
    is_holiday: z.boolean(),
    name: z.string().nullable(),
  })
  .meta({ id: 'BusinessDate' });
export type BusinessDate = z.infer<typeof businessDateSchema>;

/** The calendar grouped by month (a month only partly in range carries only those days). */
export const businessCalendarSchema = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    months: z.array(z.object({ year: z.number().int(), month: z.number().int().min(1).max(12), dates: z.array(businessDateSchema) })),
  })
  .meta({ id: 'BusinessCalendar' });
export type BusinessCalendar = z.infer<typeof businessCalendarSchema>;

// ------------------------------------------------------------------ lead time
export const deliveryTimezoneSchema = z.object({ code: z.string(), label: z.string() }).meta({ id: 'DeliveryTimezone' });

/**
 * GET /v1/shipping-leadtime/carts/{token}?keys=&choiceMode=. `keys`: comma-separated shipping ids
 * to answer for (default: every shipping of the cart). `choiceMode`: date (default) lists the
 * choosable dates; range leaves `dates` empty and gives the first and last (earliest, latest).
 */
export const cartLeadtimeQuerySchema = z.object({
  keys: text(500, { label: 'お届け先の指定' })
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, { error: () => messages.format('お届け先の指定') })
    .optional(),
  choiceMode: z.enum(LEADTIME_CHOICE_MODES, errorFor('選択方式')).optional(),
});
export type CartLeadtimeQuery = z.infer<typeof cartLeadtimeQuerySchema>;

export const packingChoiceSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    description: z.string(),
    fee: z.number().int(),
  })
  .meta({ id: 'PackingChoice' });
export type PackingChoice = z.infer<typeof packingChoiceSchema>;

/** One shipment's delivery choices (spec 3: leadtimes carry shipping_key, packing_key, order_shipping_id). */
export const cartLeadtimeSchema = z
  .object({
    /** The shipping's id as a string key, and as the number the cart operations take. */
    shipping_key: z.string(),
    order_shipping_id: z.number().int(),
    packing_key: z.string().nullable(),
    prefecture: z.string(),
    /** The keys of the lines going there. */
    product_keys: z.array(z.string()),
    ship_date: z.string().nullable(),
    earliest: z.string().nullable(),
    latest: z.string().nullable(),
    /** Every choosable date (choiceMode=date), or [] (range). */
    dates: z.array(z.string()),
    timezones: z.array(deliveryTimezoneSchema),
  })
  .meta({ id: 'CartLeadtime' });
export type CartLeadtime = z.infer<typeof cartLeadtimeSchema>;

export const cartLeadtimesSchema = z
  .object({
    choice_mode: z.enum(LEADTIME_CHOICE_MODES),
    leadtimes: z.array(cartLeadtimeSchema),
    /** The wrapping choices and the のし types and fee, for the same screen. */
    packings: z.array(packingChoiceSchema),
    noshi: z.object({ types: z.array(z.string()), fee: z.number().int(), name_max: z.number().int() }),
  })
  .meta({ id: 'CartLeadtimes' });
export type CartLeadtimes = z.infer<typeof cartLeadtimesSchema>;

// ------------------------------------------------------------------ cart operations
const shippingId = dbIdNumber({ label: 'お届け先' });
const deliveryDate = z.iso.date({ error: () => messages.date('お届け希望日') }).nullable();
const timezoneCodes = DELIVERY_TIMEZONES.map((t) => t.code) as [string, ...string[]];
const deliveryTimezone = z.enum(timezoneCodes, errorFor('お届け時間帯')).nullable();

/** PATCH /v1/carts/shippings/modify: one shipping's address, delivery date and time slot (omitted: unchanged; null: 指定なし). */
export const cartShippingModifyRequestSchema = z
  .object({
    token: cartTokenSchema,
    shipping_id: shippingId,
    user_address_id: dbIdNumber({ label: 'お届け先' }).optional(),
    address: shippingAddressInputSchema.optional(),
    delivery_date: deliveryDate.optional(),
    delivery_timezone: deliveryTimezone.optional(),
  })
  .refine((v) => v.user_address_id === undefined || v.address === undefined, {
    message: 'お届け先は登録済みの住所か新しい住所のどちらかを指定してください',
    path: ['address'],
  })
  .meta({ id: 'CartShippingModifyRequest' });
export type CartShippingModifyRequest = z.infer<typeof cartShippingModifyRequestSchema>;

/** PATCH /v1/carts/products/divide: moves `quantity` of line `key` to shipping `shipping_id` (all of it: the line moves). */
export const cartDivideRequestSchema = z
  .object({
    token: cartTokenSchema,
    key: keyText(64, { label: 'カートの明細' }),
    shipping_id: shippingId,
    quantity: quantity(),
  })
  .meta({ id: 'CartDivideRequest' });
export type CartDivideRequest = z.infer<typeof cartDivideRequestSchema>;

/**
 * PATCH /v1/carts/packings/add and /packings/modify: one shipping's wrapping (a packings key; null:
 * none) and のし (a type of the fixed list, or null for none; the name under it, at most 20 characters).
 * add sets all three; modify changes only the fields given.
 */
const packingFields = {
  token: cartTokenSchema,
  shipping_id: shippingId,
  packing_key: keyText(64, { label: 'ラッピング' }).nullable(),
  noshi_type: z.enum(NOSHI_TYPES, errorFor('のし')).nullable(),
  noshi_name: text(NOSHI_NAME_MAX, { label: 'のしの名入れ' }).nullable(),
};
export const cartPackingAddRequestSchema = z
  .object({
    ...packingFields,
    noshi_type: packingFields.noshi_type.optional(),
    noshi_name: packingFields.noshi_name.optional(),
  })
  .meta({ id: 'CartPackingAddRequest' });
export type CartPackingAddRequest = z.infer<typeof cartPackingAddRequestSchema>;
export const cartPackingModifyRequestSchema = z
  .object({
    token: cartTokenSchema,
    shipping_id: shippingId,
    packing_key: packingFields.packing_key.optional(),
    noshi_type: packingFields.noshi_type.optional(),
    noshi_name: packingFields.noshi_name.optional(),
  })
  .meta({ id: 'CartPackingModifyRequest' });
export type CartPackingModifyRequest = z.infer<typeof cartPackingModifyRequestSchema>;

/** PATCH /v1/carts/other/modify: the 備考 (at most 500 characters; empty clears it). */
export const cartOtherModifyRequestSchema = z
  .object({
    token: cartTokenSchema,
    note: text(OTHERS_NOTE_MAX, { label: '備考' }),
  })
  .meta({ id: 'CartOtherModifyRequest' });
export type CartOtherModifyRequest = z.infer<typeof cartOtherModifyRequestSchema>;

export const cartLeadtimeParamSchema = z.object({ token: cartTokenSchema });
