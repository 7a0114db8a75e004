/**
 * The order screen's action forms (pure): a POST's fields read into the actions API's request
 * (contracts/admin-order-actions.ts) and checked with the same schema first, so a wrong 伝票番号 is
 * shown by its field before any confirmation; what the confirmation panel lists; and the API's field
 * errors mapped back onto the form's controls (an amount change's `lines.N.quantity` is the quantity
 * field of the line it named).
 */
import {
  amountChangeRequestSchema,
  CARRIERS,
  refundedRequestSchema,
  shipRequestSchema,
  staffCancelRequestSchema,
} from '#contracts/admin-order-actions.ts';
import type { AdminOrderDetail } from '#contracts/admin-order-detail.ts';
import { issuesToErrors } from '#contracts/issues.ts';
import { formatYen } from '#lib/money.ts';

export const ACTIONS = ['paid', 'ship', 'cancel', 'amount', 'refunded'] as const;
export type ActionName = (typeof ACTIONS)[number];
export const ACTION_TITLES: Record<ActionName, string> = {
  paid: '入金確認',
  ship: '発送',
  cancel: 'キャンセル',
  amount: '金額変更',
  refunded: '返金済みにする',
};

/** The form's values as typed (re-shown after an error or on 「入力に戻る」). */
export type FormValues = Record<string, string>;

export interface ActionForm {
  action: ActionName;
  /** Which form on the page: 'paid', 'cancel', 'amount', 'refunded', or 'ship-{index}'. */
  form: string;
  values: FormValues;
  /** The actions API call, when the fields are valid. */
  call?: { path: string; body?: unknown };
  /** Errors by form control, before any call. */
  errors: Record<string, string[]>;
  /** The confirmation panel's lines: [label, value]. */
  summary: [string, string][];
}

const str = (form: FormData, key: string) => String(form.get(key) ?? '').slice(0, 2000);
const toErrors = (error: Parameters<typeof issuesToErrors>[0]) => issuesToErrors(error);

/** Reads the POSTed action form of `order`; null when `_action` names none. */
export function readAction(form: FormData, order: AdminOrderDetail): ActionForm | null {
  const action = str(form, '_action') as ActionName;
  const base = `/orders/${order.id}`;
  if (action === 'paid') {
    return {
      action,
      form: 'paid',
      values: {},
      errors: {},
      call: { path: `${base}/paid` },
      summary: [
        ['お支払い方法', order.payment.name],
        ['金額', formatYen(order.totals.total_payment)],
      ],
    };
  }
  if (action === 'ship') {
    const index = Number(str(form, 'index'));
    const delivery = order.deliveries.find((d) => d.index === index);
    if (!delivery) return null;
    const values = { carrier: str(form, 'carrier'), tracking_no: str(form, 'tracking_no').trim() };
    const parsed = shipRequestSchema.safeParse(values);
    const a = delivery.address;
    return {
      action,
      form: `ship-${index}`,
      values,
      errors: parsed.success ? {} : toErrors(parsed.error),
      call: parsed.success ? { path: `${base}/shipments/${index}/ship`, body: parsed.data } : undefined,
      summary: [
        ['お届け先', `${a.last_name} ${a.first_name} 様（${a.prefecture}${a.city}${a.address1}）`],
        ['配送業者', (CARRIERS as Record<string, { name: string }>)[values.carrier]?.name ?? values.carrier],
        ['伝票番号', values.tracking_no],
      ],
    };
  }
  if (action === 'cancel') {
    const values = { reason: str(form, 'reason') };
    const parsed = staffCancelRequestSchema.safeParse(values);
    return {
      action,
      form: 'cancel',
      values,
      errors: parsed.success ? {} : toErrors(parsed.error),
      call: parsed.success ? { path: `${base}/cancel`, body: parsed.data } : undefined,
      summary: [
        ['キャンセル理由', values.reason],
        ['お支払い', `${order.payment.name}（${order.payment.status_label}）`],
      ],
    };
  }
  if (action === 'amount') return readAmount(form, order, base);
  if (action === 'refunded') {
    const values = { reason: str(form, 'reason') };
    const parsed = refundedRequestSchema.safeParse(values);
    const memo = parsed.success ? (parsed.data.reason ?? '') : values.reason;
    return {
      action,
      form: 'refunded',
      values,
      errors: parsed.success ? {} : toErrors(parsed.error),
      call: parsed.success ? { path: `${base}/refunded`, body: memo ? { reason: memo } : {} } : undefined,
      summary: [
        ['お支払い方法', order.payment.name],
        ['返金額', formatYen(order.totals.total_payment)],
        ['返金メモ', memo || '（なし）'],
      ],
    };
  }
  return null;
}

/** 金額変更: only the lines whose quantity changed, and the 値引き when it changed. */
function readAmount(form: FormData, order: AdminOrderDetail, base: string): ActionForm {
  const values: FormValues = { discount: str(form, 'discount').trim(), reason: str(form, 'reason') };
  const lines: { item_id: number; quantity: number | string }[] = [];
  const summary: [string, string][] = [];
  for (const line of order.lines) {
    const raw = str(form, `qty_${line.id}`).trim();
    values[`qty_${line.id}`] = raw;
    if (raw === String(line.quantity)) continue;
    lines.push({ item_id: line.id, quantity: /^\d{1,4}$/.test(raw) ? Number(raw) : raw });
    summary.push([line.name, `${line.quantity}点 → ${raw}点${raw === '0' ? '（削除）' : ''}`]);
  }
  const discountChanged = values.discount !== String(order.totals.shop_discount);
  const discount = /^\d{1,9}$/.test(values.discount) ? Number(values.discount) : values.discount;
  if (discountChanged)
    summary.push([
      '値引き',
      `${formatYen(order.totals.shop_discount)} → ${typeof discount === 'number' ? formatYen(discount) : values.discount}`,
    ]);
  summary.push(['変更理由', values.reason]);
  const body = { lines, ...(discountChanged ? { discount } : {}), reason: values.reason };
  const parsed = amountChangeRequestSchema.safeParse(body);
  const errors = parsed.success ? {} : amountErrors(toErrors(parsed.error), lines);
  if (!lines.length && !discountChanged) errors._amount = ['変更する数量または値引き額を入力してください'];
  const ok = parsed.success && !errors._amount;
  return {
    action: 'amount',
    form: 'amount',
    values,
    errors,
    call: ok ? { path: `${base}/amount`, body: parsed.data } : undefined,
    summary,
  };
}

/** The amount API's (or schema's) error keys as the form's: lines.N.* → qty_{item id}. */
export function amountErrors(errors: Record<string, string[]>, sent: { item_id: number }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(errors)) {
    const m = /^lines\.(\d+)(?:\.|$)/.exec(key);
    const target = m && sent[Number(m[1])] ? `qty_${sent[Number(m[1])].item_id}` : key === 'lines' ? '_amount' : key;
    (out[target] ??= []).push(...list);
  }
  return out;
}

/** The API's errors of an action as the form's controls. */
export function formErrors(a: ActionForm, errors: Record<string, string[]> | undefined): Record<string, string[]> {
  if (!errors) return {};
  const body = a.call?.body as { lines?: { item_id: number }[] } | undefined;
  return a.action === 'amount' ? amountErrors(errors, body?.lines ?? []) : errors;
}

/** The line shown after a successful action when the API's own message is not at hand. */
export const DONE_MESSAGES: Record<ActionName, string> = {
  paid: '入金を確認しました。',
  ship: '発送を登録しました。',
  cancel: 'キャンセルしました。',
  amount: '金額を変更しました。',
  refunded: '返金済みにしました。',
};
