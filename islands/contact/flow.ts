/**
 * The contact form's three steps (/contact/ → /contact/confirm/ → /contact/complete/): what the
 * sender entered and what the API checked, kept in this tab's sessionStorage so 「修正する」 returns
 * to a filled form and a reload keeps the step. Nothing of it is in any page's HTML (the pages are
 * pre-rendered with client-only islands). A step opened without its data goes back to /contact/.
 */
import type { InquiryPrepared, InquiryRequest } from '#contracts/inquiries.ts';
import {
  BUSINESS_INQUIRY_CATEGORY_KEY,
  INQUIRY_EXTEND_CHOICES,
  INQUIRY_EXTEND_DIGITS,
  INQUIRY_EXTEND_LABELS,
  type InquiryExtendKey,
} from '#contracts/inquiry-fields.ts';

export const CONTACT_PATHS = { form: '/contact/', confirm: '/contact/confirm/', complete: '/contact/complete/' } as const;
const STORAGE_KEY = 'shop:contact';

export const EXTEND_KEYS = Object.keys(INQUIRY_EXTEND_LABELS) as InquiryExtendKey[];
type ExtendValues = { [K in InquiryExtendKey as `extend.${K}`]: string };

/** The form's values as typed (the extend fields under their wire paths, so the API's 422 keys match). */
export type ContactValues = {
  category_id: string;
  name: string;
  name_kana: string;
  email: string;
  phone: string;
  body: string;
  homepage: string;
  /** An attachment already sent with POST /v1/upload-files: its url and name ('' for none). */
  attachment_url: string;
  attachment_name: string;
} & ExtendValues;

export const emptyValues = (): ContactValues => ({
  category_id: '',
  name: '',
  name_kana: '',
  email: '',
  phone: '',
  body: '',
  homepage: '',
  attachment_url: '',
  attachment_name: '',
  ...(Object.fromEntries(EXTEND_KEYS.map((k) => [`extend.${k}`, ''])) as ExtendValues),
});

export interface ContactDraft {
  values: ContactValues;
  /** The API's check of these values (the confirm step shows it). */
  prepared?: InquiryPrepared;
  /** The sent inquiry's number (the complete step). */
  number?: string;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(): ContactDraft | null {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    const draft = raw ? (JSON.parse(raw) as ContactDraft) : null;
    return draft && typeof draft === 'object' && draft.values && typeof draft.values === 'object'
      ? { ...draft, values: { ...emptyValues(), ...draft.values } }
      : null;
  } catch {
    return null;
  }
}

export function writeDraft(draft: ContactDraft): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    /* storage off: the next step sends the visitor back */
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    /* nothing kept */
  }
}

/** Whether a category (by id, in the tree) is the business one or one of its children. */
export function isBusinessCategory(
  tree: readonly { id: number; key: string; children: readonly { id: number; key: string }[] }[],
  id: string,
): boolean {
  const business = tree.find((c) => c.key === BUSINESS_INQUIRY_CATEGORY_KEY);
  if (!business || !id) return false;
  return String(business.id) === id || business.children.some((c) => String(c.id) === id);
}

/** The request body of the form's values (blank optional fields left out; the extend fields only for business). */
export function requestBody(values: ContactValues, business: boolean): InquiryRequest {
  const t = (v: string) => v.trim();
  const body: InquiryRequest = {
    category_id: Number(values.category_id),
    name: t(values.name),
    name_kana: t(values.name_kana),
    email: t(values.email),
    phone: t(values.phone),
    body: values.body.trim(),
  };
  if (values.homepage) (body as Record<string, unknown>).homepage = values.homepage;
  if (values.attachment_url) body.attachment_url = values.attachment_url;
  if (business) {
    const extend: Record<string, string | number> = {};
    for (const key of EXTEND_KEYS) {
      const v = t(values[`extend.${key}`]);
      if (!v) continue;
      extend[key] = (INQUIRY_EXTEND_CHOICES as readonly string[]).includes(key) ? Number(v) : v;
    }
    body.extend = extend;
  }
  return body;
}

export const isDigitsField = (key: InquiryExtendKey) => (INQUIRY_EXTEND_DIGITS as readonly string[]).includes(key);
export const isChoiceField = (key: InquiryExtendKey) => (INQUIRY_EXTEND_CHOICES as readonly string[]).includes(key);
