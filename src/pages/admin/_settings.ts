/**
 * The shop settings screen's form (/admin/settings/): which control each editable key gets, in which
 * group, and turning a posted form into the PATCH /admin/v1/settings body. Only keys whose value
 * differs from the current one are sent: every accepted PATCH rebuilds the live shop.
 */
import {
  BREAKPOINT_MAX,
  BREAKPOINT_MIN,
  type CART_POPUP_COMPONENTS,
  EDITABLE_SETTING_KEYS,
  EDITABLE_SETTING_LABELS,
  type EditableSettingKey,
  type EditableSettings,
  MAX_TERM_TEXT,
} from '#contracts/admin-settings.ts';

export type Control = 'checkbox' | 'breakpoint' | 'popup' | 'text';

/** A key's control, label, element id and optional hint. */
export interface SettingField {
  key: EditableSettingKey;
  control: Control;
  label: string;
  id: string;
  hint?: string;
}

const CONTROLS: Record<EditableSettingKey, Control> = {
  'SITE.NO_MEMBER_USE': 'checkbox',
  'SITE.SCHOOL_KEY_REQUIRED': 'checkbox',
  'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': 'checkbox',
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': 'checkbox',
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': 'checkbox',
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': 'checkbox',
  PURCHASE_VALUE_WITHOUT_TAX: 'checkbox',
  'CART.POPUP_COMPONENT': 'popup',
  'SITE.BREAKPOINT.SCREEN-SM': 'breakpoint',
  'SITE.BREAKPOINT.SCREEN-MD': 'breakpoint',
  'ORDER.DELIVERY_LEAD_TIME': 'text',
  'ORDER.RETURN_POLICY': 'text',
  'ORDER.RETURN_POLICY_FOOD': 'text',
};

const HINTS: Partial<Record<EditableSettingKey, string>> = {
  'SITE.NO_MEMBER_USE': 'オンにすると、マイページなど会員向けの画面にログインなしで入れます。',
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE':
    '販売一時停止機能がオンで「販売中」がオフのあいだ、商品ページに停止のお知らせが出て、カートに入れられなくなります。',
  'SITE.BREAKPOINT.SCREEN-SM': `${BREAKPOINT_MIN}〜${BREAKPOINT_MAX}（px）。タブレット表示の上限幅より小さくしてください。`,
  'SITE.BREAKPOINT.SCREEN-MD': `${BREAKPOINT_MIN}〜${BREAKPOINT_MAX}（px）`,
  'ORDER.DELIVERY_LEAD_TIME': `${MAX_TERM_TEXT}文字以内。注文確認画面と特定商取引法に基づく表記に出ます。`,
  'ORDER.RETURN_POLICY': `${MAX_TERM_TEXT}文字以内`,
  'ORDER.RETURN_POLICY_FOOD': `${MAX_TERM_TEXT}文字以内`,
};

/** Japanese names of the CART.POPUP_COMPONENT choices. */
export const POPUP_LABELS: Record<(typeof CART_POPUP_COMPONENTS)[number], string> = {
  toast: 'トースト（画面の端に短く表示）',
  dialog: 'ダイアログ（カートへ進むボタン付き）',
};

const field = (key: EditableSettingKey): SettingField => ({
  key,
  control: CONTROLS[key],
  label: EDITABLE_SETTING_LABELS[key],
  id: `s-${key.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  hint: HINTS[key],
});

/** The screen's groups, each a fieldset. */
export const SETTING_GROUPS: Array<{ legend: string; fields: SettingField[] }> = [
  {
    legend: '会員',
    fields: (['SITE.NO_MEMBER_USE', 'SITE.SCHOOL_KEY_REQUIRED', 'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE'] as const).map(
      field,
    ),
  },
  {
    legend: '販売と注文',
    fields: (
      [
        'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE',
        'PLUGIN.TEMPORARY_STOP_SELLING.SELLING',
        'ORDER.SHIPPING.IS_ALLOW_MULTIPLE',
        'PURCHASE_VALUE_WITHOUT_TAX',
      ] as const
    ).map(field),
  },
  { legend: 'カート', fields: [field('CART.POPUP_COMPONENT')] },
  { legend: '表示幅', fields: (['SITE.BREAKPOINT.SCREEN-SM', 'SITE.BREAKPOINT.SCREEN-MD'] as const).map(field) },
  {
    legend: '注文確認画面の文言',
    fields: (['ORDER.DELIVERY_LEAD_TIME', 'ORDER.RETURN_POLICY', 'ORDER.RETURN_POLICY_FOOD'] as const).map(field),
  },
];

/** What the form shows: checkboxes as booleans, everything else as typed. */
export type FormValues = Record<EditableSettingKey, boolean | string>;

/** The current settings as form values. */
export function formValuesOf(settings: EditableSettings): FormValues {
  return Object.fromEntries(
    EDITABLE_SETTING_KEYS.map((k) => [k, CONTROLS[k] === 'checkbox' ? settings[k] : String(settings[k])]),
  ) as FormValues;
}

/** The posted form as form values (an unticked checkbox is absent, so false). */
export function formValuesFrom(form: FormData): FormValues {
  return Object.fromEntries(
    EDITABLE_SETTING_KEYS.map((k) => [k, CONTROLS[k] === 'checkbox' ? form.get(k) === '1' : String(form.get(k) ?? '')]),
  ) as FormValues;
}

/**
 * The PATCH body: the keys whose value differs from `current`. A breakpoint that is not a plain number
 * is sent as typed, so the API's message names it. Texts are compared as the API stores them
 * (trimmed; a textarea posts its line breaks as CRLF).
 */
export function patchOf(values: FormValues, current: EditableSettings): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of EDITABLE_SETTING_KEYS) {
    const raw = values[key];
    let value: unknown = raw;
    if (typeof raw === 'string' && CONTROLS[key] === 'breakpoint' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)) value = Number(raw);
    if (typeof raw === 'string' && CONTROLS[key] === 'text') value = raw.replace(/\r\n?/g, '\n').trim();
    if (value !== current[key]) patch[key] = value;
  }
  return patch;
}
