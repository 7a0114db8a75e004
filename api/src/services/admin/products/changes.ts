/**
 * The rules a variant's new values follow, pure and shared by the PATCH and the CSV import: which
 * fields really change (an unchanged value is no change, so it is neither written nor audited nor
 * bumps the catalogue version), and 通常価格 above 販売価格 when set (a セール price is
 * product_price < before_price, as the storefront shows it; equal or lower would show a struck-through
 * price that is not higher).
 */
import { PRODUCT_FIELD_LABELS, type ProductChange, type ProductField } from '#contracts/admin-products.ts';
import type { Values } from './rows.ts';

export const FIELDS = Object.keys(PRODUCT_FIELD_LABELS) as ProductField[];

export type Wanted = Partial<Values>;

/** The fields of `wanted` that differ from `current`, in field order. */
export function changesOf(current: Values, wanted: Wanted, product: { id: number; code: string }, line?: number): ProductChange[] {
  const out: ProductChange[] = [];
  for (const field of FIELDS) {
    if (!(field in wanted) || wanted[field] === undefined) continue;
    const after = wanted[field] as number | boolean | null;
    if (after === current[field]) continue;
    out.push({ product_id: product.id, code: product.code, field, before: current[field], after, ...(line != null ? { line } : {}) });
  }
  return out;
}

export const SALE_PRICE_MESSAGE = `${PRODUCT_FIELD_LABELS.before_price}は${PRODUCT_FIELD_LABELS.product_price}より高い金額にしてください（セールでない場合は空欄）`;

/**
 * The message when the values after the change break the 通常価格 rule, else null. Checked only when
 * a price is being set, so a stock change never fails on a rule the stored prices predate.
 */
export function saleRuleError(current: Values, wanted: Wanted): string | null {
  if (wanted.product_price === undefined && wanted.before_price === undefined) return null;
  const price = wanted.product_price ?? current.product_price;
  const before = wanted.before_price !== undefined ? wanted.before_price : current.before_price;
  return before != null && before <= price ? SALE_PRICE_MESSAGE : null;
}

/** The values after `changes` (of one product). */
export function applied(current: Values, changes: ProductChange[]): Values {
  const next = { ...current };
  for (const c of changes) (next as Record<string, unknown>)[c.field] = c.after;
  return next;
}

/** Whether the change takes the stock from 0 to more: the restock mails waiting for it go out. */
export const restocks = (before: Values, after: Values) => before.stock <= 0 && after.stock > 0;
