/**
 * The shop settings editors run the shop with (GET and PATCH /admin/v1/settings): the spec 9 front
 * settings a shop changes while it runs (member use, the selling stop, the add-to-cart feedback,
 * breakpoints, first-login verification, the terms on the confirmation screen and /law/). The
 * channel's name and theme, its namespace, prefix and storage URL are deployment configuration and
 * stay out. A PATCH names only the keys it changes; unknown keys are refused by name. Every page
 * reads these settings, so a change brings a full rebuild of the live shop (content_state bumps).
 */

import { dbInt, flag, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { z } from './zod.ts';

/** Longest term text (characters): a few paragraphs on the confirmation screen. */
export const MAX_TERM_TEXT = 2000;

/** The Japanese name of every editable key: its messages and the editor screen (/admin/settings/) use it. */
export const EDITABLE_SETTING_LABELS = {
  'SITE.NO_MEMBER_USE': '会員機能を使わない',
  'SITE.SCHOOL_KEY_REQUIRED': '会員登録に学校キーを求める',
  'SITE.BREAKPOINT.SCREEN-SM': 'スマートフォン表示の上限幅',
  'SITE.BREAKPOINT.SCREEN-MD': 'タブレット表示の上限幅',
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': '複数のお届け先',
  'CART.POPUP_COMPONENT': 'カート追加時の表示',
  'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': '初回ログイン時のメール認証',
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': '販売一時停止機能',
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': '販売中',
  PURCHASE_VALUE_WITHOUT_TAX: '購入金額を税抜で計測',
  'ORDER.DELIVERY_LEAD_TIME': 'お届けの目安',
  'ORDER.RETURN_POLICY': '返品・交換について',
  'ORDER.RETURN_POLICY_FOOD': '食品の返品について',
} as const;
const L = EDITABLE_SETTING_LABELS;

/** Choices of CART.POPUP_COMPONENT. */
export const CART_POPUP_COMPONENTS = ['toast', 'dialog'] as const;
/** Bounds of the breakpoints (px). */
export const BREAKPOINT_MIN = 320;
export const BREAKPOINT_MAX = 4000;

const breakpoint = (label: string) => dbInt({ min: BREAKPOINT_MIN, max: BREAKPOINT_MAX, label });

/** Every editable key with its rule. */
export const editableSettingsShape = {
  'SITE.NO_MEMBER_USE': flag({ label: L['SITE.NO_MEMBER_USE'] }),
  'SITE.SCHOOL_KEY_REQUIRED': flag({ label: L['SITE.SCHOOL_KEY_REQUIRED'] }),
  'SITE.BREAKPOINT.SCREEN-SM': breakpoint(L['SITE.BREAKPOINT.SCREEN-SM']),
  'SITE.BREAKPOINT.SCREEN-MD': breakpoint(L['SITE.BREAKPOINT.SCREEN-MD']),
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': flag({ label: L['ORDER.SHIPPING.IS_ALLOW_MULTIPLE'] }),
  'CART.POPUP_COMPONENT': z.enum(CART_POPUP_COMPONENTS, errorFor(L['CART.POPUP_COMPONENT'])),
  'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': flag({ label: L['PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE'] }),
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': flag({ label: L['PLUGIN.TEMPORARY_STOP_SELLING.IS_USE'] }),
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': flag({ label: L['PLUGIN.TEMPORARY_STOP_SELLING.SELLING'] }),
  PURCHASE_VALUE_WITHOUT_TAX: flag({ label: L.PURCHASE_VALUE_WITHOUT_TAX }),
  'ORDER.DELIVERY_LEAD_TIME': text(MAX_TERM_TEXT, { label: L['ORDER.DELIVERY_LEAD_TIME'] }),
  'ORDER.RETURN_POLICY': text(MAX_TERM_TEXT, { label: L['ORDER.RETURN_POLICY'] }),
  'ORDER.RETURN_POLICY_FOOD': text(MAX_TERM_TEXT, { label: L['ORDER.RETURN_POLICY_FOOD'] }),
} as const;

export type EditableSettingKey = keyof typeof editableSettingsShape;
export const EDITABLE_SETTING_KEYS = Object.keys(editableSettingsShape) as EditableSettingKey[];

/** GET /admin/v1/settings and the answer of a PATCH: every editable key with its current value. */
export const editableSettingsSchema = z.object(editableSettingsShape).meta({ id: 'EditableSettings' });
export type EditableSettings = z.infer<typeof editableSettingsSchema>;

/** PATCH /admin/v1/settings: the keys to change (at least one), nothing else. */
export const settingsPatchSchema = z
  .strictObject(editableSettingsShape)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: '変更する設定を1つ以上指定してください' })
  .meta({ id: 'SettingsPatch' });
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
