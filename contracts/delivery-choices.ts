/**
 * Delivery choices without zod (the API's contracts and the checkout islands read the same objects):
 * the carriers' time slots (ヤマト運輸・日本郵便 style), the のし types, the lengths of のし name and
 * 備考, and the leadtime call's choice modes.
 */

/** お届け時間帯: code → label. No slot (null) is 「指定なし」, always allowed. */
export const DELIVERY_TIMEZONES = [
  { code: '0812', label: '午前中' },
  { code: '1416', label: '14時〜16時' },
  { code: '1618', label: '16時〜18時' },
  { code: '1820', label: '18時〜20時' },
  { code: '1921', label: '19時〜21時' },
] as const;
export type DeliveryTimezoneCode = (typeof DELIVERY_TIMEZONES)[number]['code'];
/** The label of no time slot (and of no date). */
export const NO_DELIVERY_CHOICE = '指定なし';

/** のし (熨斗) types a shipment may carry; none is null. */
export const NOSHI_TYPES = ['御祝', '内祝', '御礼', '御歳暮', '御中元', '寿', '快気祝', '志', '粗品', '無地'] as const;
export type NoshiType = (typeof NOSHI_TYPES)[number];
/** The name written under the のし (名入れ), at most this many characters. */
export const NOSHI_NAME_MAX = 20;
/** 備考 (PATCH /v1/carts/other/modify), at most this many characters. */
export const OTHERS_NOTE_MAX = 500;

/**
 * GET /v1/shipping-leadtime/carts/{token}?choiceMode=: `date` (default) lists every choosable date;
 * `range` answers only the first and last choosable dates (`dates` empty) for a date-range picker.
 */
export const LEADTIME_CHOICE_MODES = ['date', 'range'] as const;
export type LeadtimeChoiceMode = (typeof LEADTIME_CHOICE_MODES)[number];

/** The label of a time slot code (null: 指定なし). */
export function timezoneLabelOf(code: string | null | undefined): string {
  if (code == null) return NO_DELIVERY_CHOICE;
  return DELIVERY_TIMEZONES.find((t) => t.code === code)?.label ?? code;
}
