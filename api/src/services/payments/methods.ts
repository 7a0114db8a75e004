/**
 * Rules of each payment method, read from its row's `settings` (never from code constants):
 * the 代引手数料 by amount band (`fee_bands`), ceilings (`ceiling`, tax included), whether it suits
 * a social gift (`social_gift: false` where the receiver would be asked to pay), the コンビニ stores
 * and deadline, the bank account and transfer deadline, the 後払い notice. Pure, except where noted.
 */
import { createHash } from 'node:crypto';
import { formatDay } from '#contracts/dates.ts';
import type { PaymentRow } from './index.ts';

export interface FeeBand {
  below: number;
  fee: number;
}
export interface KonbiniStore {
  code: string;
  name: string;
}

/** The settings a method's row may carry; every key is optional. */
export interface MethodSettings {
  fee_bands?: FeeBand[];
  ceiling?: number;
  social_gift?: boolean;
  stores?: KonbiniStore[];
  deadline_days?: number;
  bank_account?: string;
  due_days?: number;
  notice?: string;
}

export const settingsOf = (p: Pick<PaymentRow, 'settings'>): MethodSettings =>
  (p.settings && typeof p.settings === 'object' ? p.settings : {}) as MethodSettings;

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

/** The method's fee (tax included) for an order of `amountBeforeFee` yen: its band, else its flat fee. */
export function feeFor(p: Pick<PaymentRow, 'fee' | 'settings'>, amountBeforeFee: number): number {
  const bands = settingsOf(p).fee_bands;
  if (!bands?.length) return p.fee;
  const sorted = [...bands].sort((a, b) => a.below - b.below);
  return (sorted.find((b) => amountBeforeFee < b.below) ?? sorted[sorted.length - 1]).fee;
}

export interface CartFacts {
  /** What the order costs before any payment fee. */
  amountBeforeFee: number;
  isSocialGift: boolean;
  hasLines: boolean;
}

/** Why this method cannot pay for this cart now (Japanese), or null when it can. */
export function unavailableReason(p: PaymentRow, cart: CartFacts, providerReady = true): string | null {
  if (!p.is_active) return `${p.name}は現在ご利用いただけません。`;
  const s = settingsOf(p);
  if (cart.isSocialGift && s.social_gift === false) return `ソーシャルギフトのご注文では${p.name}をご利用いただけません。`;
  if (p.code === 'card' && !providerReady) return 'ただいまクレジットカードはご利用いただけません。他のお支払い方法をお選びください。';
  const total = cart.amountBeforeFee + (cart.hasLines ? feeFor(p, cart.amountBeforeFee) : 0);
  if (s.ceiling != null && total > s.ceiling) {
    return `${p.name}はお支払い合計${yen(s.ceiling)}（税込）までのご注文でご利用いただけます。`;
  }
  return null;
}

/** "2026-12-02": the Japan date `days` after `at`. */
export function jstDatePlus(at: Date, days: number): string {
  return new Date(at.getTime() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A konbini payment number: 12 digits derived from the order number, the same on every call (the
 * local stand-in for the number a konbini payment service issues).
 */
export function konbiniNumber(orderNo: string): string {
  const digest = createHash('sha256').update(`konbini:${orderNo}`).digest();
  let digits = '';
  for (const byte of digest) {
    digits += String(byte % 10);
    if (digits.length === 12) break;
  }
  return digits;
}

export interface PaymentOutcome {
  /** orders.payment_status: pending (bank, konbini, deferred, cod) | authorized (card). */
  status: string;
  /** orders.payment_detail: what the shopper needs to pay (shown on the thanks page and in the mail). */
  detail: Record<string, unknown>;
  /** The mail's lines under 「お支払い方法」. */
  mailLines: string[];
}

/** What an order paid by an offline method records (bank transfer, konbini, deferred, cod), at `at`. */
export function offlineOutcome(
  p: PaymentRow,
  opts: { orderNo: string; total: number; fee: number; at: Date; konbiniStore?: string | null },
): PaymentOutcome {
  const s = settingsOf(p);
  switch (p.code) {
    case 'bank_transfer': {
      const deadline = jstDatePlus(opts.at, s.deadline_days ?? 7);
      const account = s.bank_account ?? '';
      return {
        status: 'pending',
        detail: { bank_account: account, deadline, amount: opts.total },
        mailLines: [
          `振込先：${account.split('\n').join(' ')}`,
          `お振込金額：${yen(opts.total)}`,
          `お振込期限：${formatDay(deadline)}`,
          'ご入金の確認後、商品を発送いたします。振込手数料はお客様のご負担となります。',
        ],
      };
    }
    case 'konbini': {
      const store = (s.stores ?? []).find((x) => x.code === opts.konbiniStore);
      const deadline = jstDatePlus(opts.at, s.deadline_days ?? 3);
      const number = konbiniNumber(opts.orderNo);
      return {
        status: 'pending',
        detail: { store: store?.code ?? null, store_name: store?.name ?? '', payment_number: number, deadline, amount: opts.total },
        mailLines: [
          `お支払い先：${store?.name ?? ''}`,
          `お支払い番号：${number}`,
          `お支払い金額：${yen(opts.total)}`,
          `お支払い期限：${formatDay(deadline)} 23:59`,
          '店頭のレジまたは端末でお支払い番号をお伝えください。ご入金の確認後、商品を発送いたします。',
        ],
      };
    }
    case 'deferred': {
      const due = s.due_days ?? 14;
      const notice =
        s.notice ??
        `請求書は商品に同封またはお届け後に郵送されます。請求書の発行日から${due}日以内にコンビニ・郵便局・銀行でお支払いください。`;
      return {
        status: 'pending',
        detail: { notice, due_days: due, fee: opts.fee, amount: opts.total },
        mailLines: [notice, `後払い手数料：${yen(opts.fee)}（税込）`],
      };
    }
    case 'cod':
      return {
        status: 'pending',
        detail: { amount: opts.total, fee: opts.fee },
        mailLines: [`商品お届け時に、配達員へ${yen(opts.total)}（代引手数料${yen(opts.fee)}を含む）をお支払いください。`],
      };
    default:
      return { status: 'pending', detail: {}, mailLines: [] };
  }
}

/** The card lines of the mail: brand and last 4 only. */
export const cardMailLines = (c: { brand: string; last4: string }) => [
  `${c.brand.toUpperCase()} **** ${c.last4}（決済は商品発送時に確定します）`,
];

/** An order's payment detail as the member sees it: without the provider's reference or the fraud review. */
export function publicPaymentDetail(detail: unknown): Record<string, unknown> {
  if (!detail || typeof detail !== 'object') return {};
  const { ref: _ref, fraud: _fraud, ...shown } = detail as Record<string, unknown>;
  return shown;
}
