/**
 * Pure helpers of the stock and price screens (/admin/products/…): the search's query string, the
 * variant form read into a PATCH body, and the messages after a save. The form carries the values it
 * showed (shown_*); only fields the person changed are sent, and a new stock goes with the stock
 * shown (expected_stock), so a sale made meanwhile is answered 409 instead of being overwritten.
 */
import { PRODUCT_FIELD_LABELS, type ProductField } from '#contracts/admin-products.ts';

/** The search filters a list URL keeps (q, maker, stock, published; page separately). */
export const FILTER_KEYS = ['q', 'maker', 'stock', 'published'] as const;

/** The filters of `url` (blank ones dropped) with `page` when above 1, as a query string ('' or '?…'). */
export function listQuery(params: URLSearchParams, page?: number): string {
  const out = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = params.get(k)?.trim();
    if (v) out.set(k, v);
  }
  if (page && page > 1) out.set('page', String(page));
  const s = out.toString();
  return s ? `?${s}` : '';
}

export interface Shown {
  stock: number;
  product_price: number;
  before_price: number | null;
  is_published: boolean;
}

/** An integer field as typed (half- or full-width, 1,200): a number, or the text as typed (the API names it). */
function typedInt(raw: string): number | string {
  const v = raw.normalize('NFKC').trim().replaceAll(',', '');
  return /^\d{1,9}$/.test(v) ? Number(v) : raw.trim();
}

/** The values a form showed, from its hidden shown_* fields (null when tampered with). */
export function shownOf(form: FormData): Shown | null {
  const n = (k: string) => Number(String(form.get(k) ?? ''));
  const before = String(form.get('shown_before_price') ?? '');
  const shown = {
    stock: n('shown_stock'),
    product_price: n('shown_product_price'),
    before_price: before === '' ? null : Number(before),
    is_published: form.get('shown_is_published') === '1',
  };
  return [shown.stock, shown.product_price, shown.before_price ?? 0].every(Number.isInteger) ? shown : null;
}

/** The PATCH body of a variant form: the fields changed from what it showed (possibly none). */
export function patchOf(form: FormData, shown: Shown): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const stock = typedInt(String(form.get('stock') ?? ''));
  if (stock !== shown.stock) Object.assign(body, { stock, expected_stock: shown.stock });
  const price = typedInt(String(form.get('product_price') ?? ''));
  if (price !== shown.product_price) body.product_price = price;
  const beforeRaw = String(form.get('before_price') ?? '');
  const before = beforeRaw.trim() === '' ? null : typedInt(beforeRaw);
  if (before !== shown.before_price) body.before_price = before;
  const published = form.get('is_published') === 'on';
  if (published !== shown.is_published) body.is_published = published;
  return body;
}

/** What needs a second look before it is sent: the stock set to 0, or selling stopped. */
export function confirmationsOf(body: Record<string, unknown>, shown: Shown): string[] {
  const out: string[] = [];
  if (body.stock === 0 && shown.stock > 0) out.push('在庫数を 0 にします。在庫切れと表示され、購入できなくなります。');
  if (body.is_published === false) out.push('販売を停止します。商品ページが非公開になり、購入できなくなります。');
  return out;
}

/** The status line after a save (fields: the changed fields' names; mails: restock mails sent). */
export function savedMessage(code: string, fields: string[], mails: number): string[] {
  const known = fields.filter((f): f is ProductField => f in PRODUCT_FIELD_LABELS);
  if (!known.length) return [`${code} に変更はありませんでした。`];
  const lines = [`${code} の${known.map((f) => PRODUCT_FIELD_LABELS[f]).join('・')}を保存しました。`];
  if (mails > 0) lines.push(`再入荷のお知らせを ${mails} 件送信しました。`);
  return lines;
}
