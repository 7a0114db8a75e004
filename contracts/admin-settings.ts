/**
 * The shop settings editors run the shop with (GET and PATCH /admin/v1/settings): the spec 9 front
 * settings a shop changes while it runs (member use, the selling stop, the add-to-cart feedback,
 * breakpoints, first-login verification, the terms on the confirmation screen and /law/). The
 * channel's name and theme, its namespace, prefix and storage URL are deployment configuration and
 * stay out. A PATCH names only the keys it changes; unknown keys are refused by name. Every page
 * reads these settings, so a change brings a full rebuild of the live shop (content_state bumps).
 */
import { z } from 'zod';
import { dbInt, flag, text } from './fields.ts';
import { errorFor } from './issues.ts';

/** Longest term text (characters): a few paragraphs on the confirmation screen. */
export const MAX_TERM_TEXT = 2000;

const breakpoint = (label: string) => dbInt({ min: 320, max: 4000, label });

/** Every editable key with its rule and its Japanese name. */
export const editableSettingsShape = {
  'SITE.NO_MEMBER_USE': flag({ label: '会員機能を使わない' }),
  'SITE.SCHOOL_KEY_REQUIRED': flag({ label: '会員登録に学校キーを求める' }),
  'SITE.BREAKPOINT.SCREEN-SM': breakpoint('スマートフォン表示の上限幅'),
  'SITE.BREAKPOINT.SCREEN-MD': breakpoint('タブレット表示の上限幅'),
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': flag({ label: '複数のお届け先' }),
  'CART.POPUP_COMPONENT': z.enum(['toast', 'dialog'], errorFor('カート追加時の表示')),
  'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': flag({ label: '初回ログイン時のメール認証' }),
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': flag({ label: '販売一時停止機能' }),
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': flag({ label: '販売中' }),
  PURCHASE_VALUE_WITHOUT_TAX: flag({ label: '購入金額を税抜で計測' }),
  'ORDER.DELIVERY_LEAD_TIME': text(MAX_TERM_TEXT, { label: 'お届けの目安' }),
  'ORDER.RETURN_POLICY': text(MAX_TERM_TEXT, { label: '返品・交換について' }),
  'ORDER.RETURN_POLICY_FOOD': text(MAX_TERM_TEXT, { label: '食品の返品について' }),
} as const;

export type EditableSettingKey = keyof typeof editableSettingsShape;
export const EDITABLE_SETTING_KEYS = Object.keys(editableSettingsShape) as EditableSettingKey[];

/** GET /admin/v1/settings and the answer of a PATCH: every editable key with its current value. */
export const editableSettingsSchema = z.object(editableSettingsShape).meta({ id: 'EditableSettings' });
export type EditableSettings = z.infer<typeof editableSettingsSchema>;

/** PATCH /admin/v1/settings: the keys to change (at least one), nothing else. */
export const settingsPatchSchema = z.strictObject(editableSettingsShape).partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: '変更する設定を1つ以上指定してください' })
  .meta({ id: 'SettingsPatch' });
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
