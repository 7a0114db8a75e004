/**
 * The contact form's calls (spec 7 "Inquiries and uploads"): the inquiry categories
 * (GET /v1/categories/hierarchy?table=inquiries), POST /v1/inquiries for both the check of the
 * confirm step (`prepare: true`) and the send, and POST /v1/upload-files for an attachment.
 * zod-free decoders: the contact pages ship only what they use.
 */
import type { InquiryPrepared, InquiryRequest, InquiryResponse, UploadFile } from '#contracts/inquiries.ts';
import type { CallOptions } from '../core/call.ts';
import { array, boolean, type Decoder, int, nullable, number, object, optional, record, string } from '../core/guard.ts';
import { request } from '../core/http.ts';

export interface InquiryCategory {
  id: number;
  key: string;
  name: string;
  children: InquiryCategory[];
}

const category: Decoder<InquiryCategory> = (v, p) => object({ id: int, key: string, name: string, children: array(category) })(v, p);
const scalar: Decoder<string | number | null> = (v, p = '') => (v === null ? null : typeof v === 'number' ? number(v, p) : string(v, p));
const prepared: Decoder<InquiryPrepared> = /* @__PURE__ */ object({
  category_id: int,
  category_name: string,
  is_business: boolean,
  name: string,
  name_kana: string,
  email: string,
  phone: string,
  body: string,
  attachment_url: nullable(string),
  extend: nullable(record(scalar)),
});
const inquiryResponse: Decoder<InquiryResponse> = /* @__PURE__ */ object({ number: optional(string), message: string, inquiry: prepared });
const uploadResponse: Decoder<UploadFile> = /* @__PURE__ */ object({ url: string, name: string, size: int, content_type: string });

/** GET /v1/categories/hierarchy?table=inquiries: the contact form's categories (business ones have children). */
export async function listInquiryCategories(opts: CallOptions = {}): Promise<InquiryCategory[]> {
  return (
    await request('GET', '/v1/categories/hierarchy', {
      query: { table: 'inquiries' },
      auth: false,
      refresh: false,
      silent: true,
      parse: array(category),
      signal: opts.signal,
    })
  ).data;
}

/** POST /v1/inquiries with `prepare: true`: the checked values for the confirm step (422 by field). */
export async function prepareInquiry(body: InquiryRequest): Promise<InquiryResponse> {
  return (
    await request('POST', '/v1/inquiries', {
      silent: true,
      body: { ...body, prepare: true },
      parse: inquiryResponse,
      cancelOnNavigation: false,
    })
  ).data;
}

/** POST /v1/inquiries: sends the inquiry (201 with its number; 422 by field, 429 when sent too often). */
export async function sendInquiry(body: InquiryRequest): Promise<InquiryResponse> {
  return (
    await request('POST', '/v1/inquiries', {
      silent: true,
      body: { ...body, prepare: false },
      parse: inquiryResponse,
      cancelOnNavigation: false,
    })
  ).data;
}

/** POST /v1/upload-files (multipart file, dir ''): where the kept file is served. */
export async function uploadFile(file: File, dir = ''): Promise<UploadFile> {
  const body = new FormData();
  body.set('file', file);
  body.set('dir', dir);
  return (await request('POST', '/v1/upload-files', { silent: true, body, parse: uploadResponse, cancelOnNavigation: false })).data;
}
