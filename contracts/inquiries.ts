/**
 * The contact form (spec 3 "Contact form", "Inquiry"; spec 7 POST /v1/inquiries) and uploaded files
 * (POST /v1/upload-files). One body serves both steps of /contact/: `prepare: true` only validates
 * (the confirm screen), without it the inquiry is stored and mailed. A business category (法人) adds
 * the extend fields. `homepage` is the honeypot: a person never sees it, so it must stay empty.
 */

import { dbIdNumber, email, kana, requiredText, tel, text } from './fields.ts';
import {
  DIGITS,
  INQUIRY_BODY_MAX,
  INQUIRY_EXTEND_LABELS,
  INQUIRY_EXTEND_MAX,
  INQUIRY_HONEYPOT,
  INQUIRY_LABELS,
  INQUIRY_NAME_MAX,
  ORDER_NO,
  URL_OR_EMPTY,
} from './inquiry-fields.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

export * from './inquiry-fields.ts';

const L = INQUIRY_EXTEND_LABELS;
const M = INQUIRY_EXTEND_MAX;
const digits = (label: string) => text(12, { label }).regex(DIGITS, { error: () => messages.numeric(label) });
const choice = (label: string) => z.union([z.literal(1), z.literal(2), z.literal(3)], { error: () => messages.selected(label) });

/** The extend fields; only the company name is required (checked when the category is a business one). */
export const inquiryExtendSchema = z
  .object({
    corporation: text(M.corporation, { label: L.corporation }).optional(),
    department: text(M.department, { label: L.department }).optional(),
    address: text(M.address, { label: L.address }).optional(),
    establishment: text(M.establishment, { label: L.establishment }).optional(),
    annual_sale: digits(L.annual_sale).optional(),
    capital: digits(L.capital).optional(),
    employee_num: digits(L.employee_num).optional(),
    business_type: text(M.business_type, { label: L.business_type }).optional(),
    store_name: text(M.store_name, { label: L.store_name }).optional(),
    business_hours: text(M.business_hours, { label: L.business_hours }).optional(),
    business_holiday: text(M.business_holiday, { label: L.business_holiday }).optional(),
    url: text(M.url, { label: L.url })
      .regex(URL_OR_EMPTY, { error: () => messages.format(L.url) })
      .optional(),
    delivery: choice(L.delivery).nullable().optional(),
    delivery_company: text(M.delivery_company, { label: L.delivery_company }).optional(),
    payment: choice(L.payment).nullable().optional(),
    order_no: text(M.order_no, { label: L.order_no })
      .regex(ORDER_NO, { error: () => messages.halfWidthAlphaNum(L.order_no) })
      .optional(),
  })
  .meta({ id: 'InquiryExtend' });
export type InquiryExtend = z.output<typeof inquiryExtendSchema>;

/** POST /v1/inquiries body. */
export const inquiryRequestSchema = z
  .object({
    /** Validate only (the confirm step): 200 with the normalised values, nothing stored. */
    prepare: z.boolean().optional(),
    category_id: dbIdNumber({ label: INQUIRY_LABELS.category_id }),
    name: requiredText(INQUIRY_NAME_MAX, { label: INQUIRY_LABELS.name }),
    name_kana: kana({ label: INQUIRY_LABELS.name_kana }),
    email: email({ label: INQUIRY_LABELS.email }),
    phone: tel({ label: INQUIRY_LABELS.phone }).optional(),
    body: requiredText(INQUIRY_BODY_MAX, { label: INQUIRY_LABELS.body }),
    /** A file sent before with POST /v1/upload-files (its `url`). */
    attachment_url: text(300, { label: INQUIRY_LABELS.attachment_url }).optional(),
    extend: inquiryExtendSchema.optional(),
    /** Honeypot: must be empty. */
    [INQUIRY_HONEYPOT]: z.string().max(1000).optional(),
  })
  .meta({ id: 'InquiryRequest' });
export type InquiryRequest = z.input<typeof inquiryRequestSchema>;

/** The checked inquiry as the confirm screen shows it. */
export const inquiryPreparedSchema = z
  .object({
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
  })
  .meta({ id: 'InquiryPrepared' });
export type InquiryPrepared = z.infer<typeof inquiryPreparedSchema>;

/** POST /v1/inquiries answer: 200 (prepare) or 201 (sent). */
export const inquiryResponseSchema = z
  .object({
    /** The inquiry number shown to the sender and in both mails (absent on prepare). */
    number: z.string().optional(),
    message: z.string(),
    inquiry: inquiryPreparedSchema,
  })
  .meta({ id: 'InquiryResponse' });
export type InquiryResponse = z.infer<typeof inquiryResponseSchema>;

// ---------------------------------------------------------------- uploads

/** POST /v1/upload-files answer (201). */
export const uploadFileSchema = z
  .object({
    url: z.string(),
    name: z.string(),
    size: z.number().int().nonnegative(),
    content_type: z.string(),
  })
  .meta({ id: 'UploadFile' });
export type UploadFile = z.infer<typeof uploadFileSchema>;

/** GET /v1/upload-files/{key}: the random stored name. */
export const uploadKeyParamSchema = z.object({
  key: z.string().regex(/^[a-f0-9]{32}\.(jpg|png|gif|webp|pdf)$/, { error: () => messages.format('ファイル') }),
});
