/**
 * The staff's customers area (admin API, role staff or admin), shared by the API and the
 * /admin/customers/ screens: the member search, one member's profile with addresses, orders, points
 * ledger and login history, a manual point adjustment and the unlock of a locked account. No shape
 * here carries a password hash, a security answer, a token or a card number: the profile says only
 * whether a security question is set and how many cards are saved.
 */

import { dbInt, requiredText, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { z } from './zod.ts';

/** The kinds of customer row the search filters on, with the screen's names. */
export const CUSTOMER_STATUSES = {
  registered: '本会員',
  unverified: '仮会員（メール未確認）',
  guest: 'ゲスト購入',
  withdrawn: '退会済み',
  locked: 'ロック中',
} as const;
export type CustomerStatus = keyof typeof CUSTOMER_STATUSES;
export const CUSTOMER_STATUS_CODES = Object.keys(CUSTOMER_STATUSES) as [CustomerStatus, ...CustomerStatus[]];

/** Rows per page of the search. */
export const CUSTOMERS_PER_PAGE = 50;
/** Ledger rows per page of a member's points; login history rows shown. */
export const LEDGER_PER_PAGE = 20;
export const LOGIN_HISTORY_LIMIT = 50;
export const RECENT_ORDERS_LIMIT = 20;

const pageNumber = (label: string) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v), dbInt({ min: 1, max: 100000, label }));

/** GET /admin/v1/customers: every field optional; blank means "any". */
export const customerSearchQuerySchema = z.object({
  /** Name or kana (姓名 / セイメイ, spaces ignored), the start of a login ID, or a member id. */
  q: text(100, { label: 'キーワード' }).optional(),
  /** Part of the e-mail address (an exact address matches too). */
  email: text(255, { label: 'メールアドレス' }).optional(),
  /** Digits of any phone column; hyphens, spaces and brackets are ignored. */
  phone: text(20, { label: '電話番号' })
    .regex(/^[0-9０-９\-－ー()（）+\s]*$/, { error: () => '電話番号は数字で入力してください' })
    .optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CUSTOMER_STATUS_CODES, errorFor('状態')).optional()),
  page: pageNumber('ページ').optional(),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuerySchema>;

/** One row of the search. */
export const customerRowSchema = z
  .object({
    id: z.number().int(),
    login: z.string(),
    name: z.string(),
    kana: z.string(),
    email: z.string(),
    /** The first phone column set (phone, cell phone, contact phone), or null. */
    phone: z.string().nullable(),
    /** registered | unverified | guest | withdrawn. */
    status: z.enum(['registered', 'unverified', 'guest', 'withdrawn']),
    locked: z.boolean(),
    point_balance: z.number().int(),
    /** Orders placed, cancelled ones not counted. */
    order_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'CustomerRow' });
export type CustomerRow = z.infer<typeof customerRowSchema>;

/** GET /admin/v1/customers/{id}?points_page=. */
export const customerDetailQuerySchema = z.object({ points_page: pageNumber('ポイント履歴のページ').optional() });

export const customerProfileSchema = customerRowSchema.omit({ name: true, kana: true, phone: true, order_count: true }).extend({
  last_name: z.string(),
  first_name: z.string(),
  last_name_kana: z.string(),
  first_name_kana: z.string(),
  email_verified_at: z.string().nullable(),
  is_registered_member: z.boolean(),
  is_guest: z.boolean(),
  phone_number: z.string().nullable(),
  cell_phone_number: z.string().nullable(),
  contact_phone_number: z.string().nullable(),
  fax: z.string().nullable(),
  birthday: z.string().nullable(),
  /** 1 男性, 2 女性, 3 その他, 4 回答しない (contracts/choices.ts GENDERS). */
  gender: z.number().int().nullable(),
  job: z.string().nullable(),
  school: z.string().nullable(),
  newsletter: z.number().int(),
  mfa_enabled: z.boolean(),
  /** Whether a security question is set (the answer is never shown). */
  security_question_set: z.boolean(),
  saved_card_count: z.number().int(),
  password_changed_at: z.string().nullable(),
  failed_login_count: z.number().int(),
  locked_until: z.string().nullable(),
  mail_error_count: z.number().int(),
  synced_from_user_id: z.number().int().nullable(),
  deleted_at: z.string().nullable(),
  updated_at: z.string(),
});

export const customerAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shipping_name: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  last_name_kana: z.string(),
  first_name_kana: z.string(),
  postal_code: z.string(),
  prefecture: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string(),
  phone_number: z.string().nullable(),
  cell_phone_number: z.string().nullable(),
  is_default: z.boolean(),
});

export const customerOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  created_at: z.string(),
  total_payment: z.number().int(),
  status: z.string(),
  payment_status: z.string(),
  payment_name: z.string(),
});

export const customerPointRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  /** granted | pending | cancelled. */
  status: z.string(),
  expires_at: z.string().nullable(),
  order_id: z.number().int().nullable(),
  order_no: z.string().nullable(),
});

export const customerLoginSchema = z.object({
  created_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  succeeded: z.boolean(),
});

export const customerDetailSchema = z
  .object({
    profile: customerProfileSchema,
    addresses: z.array(customerAddressSchema),
    /** The newest RECENT_ORDERS_LIMIT orders, and how many there are in all (cancelled ones too). */
    orders: z.array(customerOrderSchema),
    order_total: z.number().int(),
    points: z.object({
      balance: z.number().int(),
      /** Points earned on orders not yet paid or shipped (付与予定, not in the balance). */
      pending: z.number().int(),
      ledger: z.array(customerPointRowSchema),
      total: z.number().int(),
      page: z.number().int(),
      per: z.number().int(),
      last_page: z.number().int(),
    }),
    logins: z.array(customerLoginSchema),
  })
  .meta({ id: 'CustomerDetail' });
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const POINT_ADJUST_MAX = 1_000_000;
export const POINT_REASON_MAX = 200;

/** POST /admin/v1/customers/{id}/points. */
export const pointAdjustRequestSchema = z.strictObject(
  {
    amount: dbInt({ min: -POINT_ADJUST_MAX, max: POINT_ADJUST_MAX, label: '調整ポイント' }).refine((v) => v !== 0, {
      error: () => '調整ポイントは0以外の数を入力してください',
    }),
    /** Shown to the member in their point history: 「ポイント調整（理由）」. */
    reason: requiredText(POINT_REASON_MAX, { label: '調整理由' }),
    /** The form's one-time key: the same key twice adjusts once and answers the first result. */
    request_key: z
      .string(errorFor('操作キー'))
      .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: () => '操作キーが正しくありません。画面を開き直してください' }),
  },
  errorFor(),
);
export type PointAdjustRequest = z.infer<typeof pointAdjustRequestSchema>;

export const pointAdjustResultSchema = z
  .object({
    point_history_id: z.number().int(),
    amount: z.number().int(),
    reason: z.string(),
    balance_before: z.number().int(),
    balance_after: z.number().int(),
    /** True when the key had been used: nothing changed this time. */
    repeated: z.boolean(),
    message: z.string(),
  })
  .meta({ id: 'PointAdjustResult' });
export type PointAdjustResult = z.infer<typeof pointAdjustResultSchema>;

export const unlockResultSchema = z
  .object({
    id: z.number().int(),
    /** False when the account was not locked: nothing changed. */
    changed: z.boolean(),
    message: z.string(),
  })
  .meta({ id: 'CustomerUnlockResult' });
export type UnlockResult = z.infer<typeof unlockResultSchema>;
