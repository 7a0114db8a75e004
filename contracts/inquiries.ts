/**
 * The contact form (spec 3 "Contact form", "Inquiry"; spec 7 POST /v1/inquiries) and uploaded files
 * (POST /v1/upload-files). One body serves both steps of /contact/: `prepare: true` only validates
 * (the confirm screen), without it the inquiry is stored and mailed. A business category (法人) adds
 * the extend fields. `homepage` is the honeypot: a person never sees it, so it must stay empty.
 */
import { z } from 'zod';
import { dbIdNumber, email, kana, requiredText, tel, text } from './fields.ts';
import { messages } from './messages.ts';

/** Longest inquiry body. */
export const INQUIRY_BODY_MAX = 2000;
/** The honeypot field's wire name (hidden from people; bots fill every field). */
export const INQUIRY_HONEYPOT = 'homepage';
/** The category (and its children) whose inquiries are business inquiries with the extend fields. */
export const BUSINESS_INQUIRY_CATEGORY_KEY = 'inquiry-corporate';

/** Inquiry delivery (spec 3 choice constants). */
export const INQUIRY_DELIVERY_CHOICES = [
  { value: 1, label: '工場引取' }, { value: 2, label: '店舗直送' }, { value: 3, label: 'お客様直送' },
] as const;
/** Inquiry payment (spec 3 choice constants). */
export const INQUIRY_PAYMENT_CHOICES = [
  { value: 1, label: '前払い銀行振込' }, { value: 2, label: '請求書後払い' }, { value: 3, label: '後払い決済サービス' },
] as const;

/** The Japanese names of the contact form's fields (messages and the confirm screen). */
export const INQUIRY_LABELS = {
  category_id: 'お問い合わせ種別',
  name: 'お名前',
  name_kana: 'フリガナ',
  email: 'メールアドレス',
  phone: '電話番号',
  body: 'お問い合わせ内容',
  attachment_url: '添付ファイル',
} as const;

/** The extend fields of a business inquiry: label and longest value. */
export const INQUIRY_EXTEND_LABELS = {
  corporation: '会社名',
  department: '部署名',
  address: '所在地',
  establishment: '設立年月',
  annual_sale: '年商（万円）',
  capital: '資本金（万円）',
  employee_num: '従業員数',
  business_type: '業種',
  store_name: '店舗名',
  business_hours: '営業時間',
  business_holiday: '定休日',
  url: 'ホームページURL',
  delivery: '配送方法',
  delivery_company: '配送業者',
  payment: 'お支払い方法',
  order_no: 'ご注文番号',
} as const;
export type InquiryExtendKey = keyof typeof INQUIRY_EXTEND_LABELS;

const L = INQUIRY_EXTEND_LABELS;
/** Whole yen-in-万 amounts and head counts: half-width digits, at most 12 (blank allowed). */
export const DIGITS = /^\d{0,12}$/;
/** http(s) URL, or blank. */
export const URL_OR_EMPTY = /^(?:https?:\/\/[^\s/$.?#][^\s]*)?$/i;
export const ORDER_NO = /^[A-Za-z0-9-]*$/;

const digits = (label: string) => text(12, { label }).regex(DIGITS, { error: () => messages.numeric(label) });
const choice = (label: string) => z.union([z.literal(1), z.literal(2), z.literal(3)], { error: () => messages.selected(label) });

/** The extend fields; only the company name is required (checked when the category is a business one). */
export const inquiryExtendSchema = z.object({
  corporation: text(100, { label: L.corporation }).optional(),
  department: text(100, { label: L.department }).optional(),
  address: text(255, { label: L.address }).optional(),
  establishment: text(50, { label: L.establishment }).optional(),
  annual_sale: digits(L.annual_sale).optional(),
  capital: digits(L.capital).optional(),
  employee_num: digits(L.employee_num).optional(),
  business_type: text(100, { label: L.business_type }).optional(),
  store_name: text(100, { label: L.store_name }).optional(),
  business_hours: text(100, { label: L.business_hours }).optional(),
  business_holiday: text(100, { label: L.business_holiday }).optional(),
  url: text(255, { label: L.url }).regex(URL_OR_EMPTY, { error: () => messages.format(L.url) }).optional(),
  delivery: choice(L.delivery).nullable().optional(),
  delivery_company: text(100, { label: L.delivery_company }).optional(),
  payment: choice(L.payment).nullable().optional(),
  order_no: text(50, { label: L.order_no }).regex(ORDER_NO, { error: () => messages.halfWidthAlphaNum(L.order_no) }).optional(),
}).meta({ id: 'InquiryExtend' });
export type InquiryExtend = z.output<typeof inquiryExtendSchema>;

/** POST /v1/inquiries body. */
export const inquiryRequestSchema = z.object({
  /** Validate only (the confirm step): 200 with the normalised values, nothing stored. */
  prepare: z.boolean().optional(),
  category_id: dbIdNumber({ label: INQUIRY_LABELS.category_id }),
  name: requiredText(100, { label: INQUIRY_LABELS.name }),
  name_kana: kana({ label: INQUIRY_LABELS.name_kana }),
  email: email({ label: INQUIRY_LABELS.email }),
  phone: tel({ label: INQUIRY_LABELS.phone }).optional(),
  body: requiredText(INQUIRY_BODY_MAX, { label: INQUIRY_LABELS.body }),
  /** A file sent before with POST /v1/upload-files (its `url`). */
  attachment_url: text(300, { label: INQUIRY_LABELS.attachment_url }).optional(),
  extend: inquiryExtendSchema.optional(),
  /** Honeypot: must be empty. */
  [INQUIRY_HONEYPOT]: z.string().max(1000).optional(),
}).meta({ id: 'InquiryRequest' });
export type InquiryRequest = z.input<typeof inquiryRequestSchema>;

/** The checked inquiry as the confirm screen shows it. */
export const inquiryPreparedSchema = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  is_business: z.boolean(),
  name: z.string(),
  name_kana: z.string(),
  email: z.string(),
  phone: z.string(),
  body: z.string(),
  attachment_url: z.string().nullable(),
  extend: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
}).meta({ id: 'InquiryPrepared' });
export type InquiryPrepared = z.infer<typeof inquiryPreparedSchema>;

/** POST /v1/inquiries answer: 200 (prepare) or 201 (sent). */
export const inquiryResponseSchema = z.object({
  /** The inquiry number shown to the sender and in both mails (absent on prepare). */
  number: z.string().optional(),
  message: z.string(),
  inquiry: inquiryPreparedSchema,
}).meta({ id: 'InquiryResponse' });
export type InquiryResponse = z.infer<typeof inquiryResponseSchema>;

/** The inquiry number of a stored inquiry id: 「Q000123」. */
export const inquiryNumber = (id: number) => `Q${String(id).padStart(6, '0')}`;

// ---------------------------------------------------------------- uploads

/** Longest upload directory; segments of a-z 0-9 _ - separated by /. */
export const UPLOAD_DIR_MAX = 64;
export const UPLOAD_DIR_PATTERN = /^(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*)?$/;

/** POST /v1/upload-files answer (201). */
export const uploadFileSchema = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  content_type: z.string(),
}).meta({ id: 'UploadFile' });
export type UploadFile = z.infer<typeof uploadFileSchema>;

/** GET /v1/upload-files/{key}: the random stored name. */
export const uploadKeyParamSchema = z.object({
  key: z.string().regex(/^[a-f0-9]{32}\.(jpg|png|gif|webp|pdf)$/, { error: () => messages.format('ファイル') }),
});
