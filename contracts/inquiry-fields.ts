/**
 * The contact form's constants without zod (contracts/inquiries.ts builds its schemas on them), so
 * the /contact/ island uses the API's own labels, choices and formats without shipping zod.
 */

/** Longest inquiry body. */
export const INQUIRY_BODY_MAX = 2000;
/** The honeypot field's wire name (hidden from people; bots fill every field). */
export const INQUIRY_HONEYPOT = 'homepage';
/** The category (and its children) whose inquiries are business inquiries with the extend fields. */
export const BUSINESS_INQUIRY_CATEGORY_KEY = 'inquiry-corporate';

/** Inquiry delivery (spec 3 choice constants). */
export const INQUIRY_DELIVERY_CHOICES = [
  { value: 1, label: '工場引取' },
  { value: 2, label: '店舗直送' },
  { value: 3, label: 'お客様直送' },
] as const;
/** Inquiry payment (spec 3 choice constants). */
export const INQUIRY_PAYMENT_CHOICES = [
  { value: 1, label: '前払い銀行振込' },
  { value: 2, label: '請求書後払い' },
  { value: 3, label: '後払い決済サービス' },
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
/** Longest value of each free-text extend field (the digit fields take 12 digits). */
export const INQUIRY_EXTEND_MAX = {
  corporation: 100,
  department: 100,
  address: 255,
  establishment: 50,
  business_type: 100,
  store_name: 100,
  business_hours: 100,
  business_holiday: 100,
  url: 255,
  delivery_company: 100,
  order_no: 50,
} as const;
/** Extend fields holding a count or an amount (half-width digits). */
export const INQUIRY_EXTEND_DIGITS = ['annual_sale', 'capital', 'employee_num'] as const;
/** Extend fields chosen from the choice constants. */
export const INQUIRY_EXTEND_CHOICES = ['delivery', 'payment'] as const;
/** Name and body limits. */
export const INQUIRY_NAME_MAX = 100;
export type InquiryExtendKey = keyof typeof INQUIRY_EXTEND_LABELS;

/** Whole yen-in-万 amounts and head counts: half-width digits, at most 12 (blank allowed). */
export const DIGITS = /^\d{0,12}$/;
/** http(s) URL, or blank. */
export const URL_OR_EMPTY = /^(?:https?:\/\/[^\s/$.?#][^\s]*)?$/i;
export const ORDER_NO = /^[A-Za-z0-9-]*$/;

/** The inquiry number of a stored inquiry id: 「Q000123」. */
export const inquiryNumber = (id: number) => `Q${String(id).padStart(6, '0')}`;

/** Longest upload directory; segments of a-z 0-9 _ - separated by /. */
export const UPLOAD_DIR_MAX = 64;
export const UPLOAD_DIR_PATTERN = /^(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*)?$/;
