/**
 * The shop's terms as seeded content states them. Carriage comes from the contract's CARRIAGE (the
 * rule the cart applies); the delivery lead time, return terms and the 代引手数料 are placeholders
 * the API fills from the channel's settings and the payment method when it serves a page, so a
 * page can never disagree with checkout.
 */
import { CARRIAGE } from '#contracts/cart.ts';

/** 1234 → 「1,234円」, the way the storefront prints prices. */
export const yen = (amount: number): string => `${amount.toLocaleString('ja-JP')}円`;

/** Placeholders replaced at serve time (see the static page service). */
export const TERM = {
  leadTime: '{{ORDER.DELIVERY_LEAD_TIME}}',
  returnPolicy: '{{ORDER.RETURN_POLICY}}',
  returnPolicyFood: '{{ORDER.RETURN_POLICY_FOOD}}',
  codFee: '{{PAYMENT_FEE:cod}}',
} as const;

/** 「送料660円（税込・全国一律）。…5,500円（税込）以上の場合は送料無料です。」 from the cart's own rule. */
export const CARRIAGE_TEXT = `送料${yen(CARRIAGE.fee)}（税込・全国一律）。1回のご注文の商品代金が${yen(CARRIAGE.freeFrom)}（税込）以上の場合は送料無料です。`;

/** CARRIAGE_TEXT for static pages, filled from the channel's ORDER.CARRIAGE.* settings when served (services/content/terms.ts). */
export const CARRIAGE_TERM_TEXT =
  '送料{{ORDER.CARRIAGE.FEE}}（税込・全国一律）。1回のご注文の商品代金が{{ORDER.CARRIAGE.FREE_FROM}}（税込）以上の場合は送料無料です。';

/** The short form for banners and notices: 「5,500円（税込）以上のご注文で送料無料」. */
export const FREE_CARRIAGE_TEXT = `${yen(CARRIAGE.freeFrom)}（税込）以上のご注文で送料無料`;

/** The 代引手数料 of the seeded 代金引換 method (tax included): the lowest band. */
export const COD_FEE = 330;

/** 代引手数料 by the amount collected before the fee (tax included): under 10,000 yen 330 yen, … */
export const COD_FEE_BANDS = [
  { below: 10_000, fee: 330 },
  { below: 30_000, fee: 440 },
  { below: 100_000, fee: 660 },
  { below: 300_000, fee: 1_100 },
];

/** 後払い: its fee (tax included) and the days the invoice gives to pay. */
export const DEFERRED_FEE = 209;
export const DEFERRED_DUE_DAYS = 14;

/** コンビニ払い: days to pay, and the stores a shopper chooses from. */
export const KONBINI_DEADLINE_DAYS = 3;
export const KONBINI_STORES = [
  { code: 'seven-eleven', name: 'セブン-イレブン' },
  { code: 'lawson', name: 'ローソン' },
  { code: 'familymart', name: 'ファミリーマート' },
  { code: 'ministop', name: 'ミニストップ' },
  { code: 'daily-yamazaki', name: 'デイリーヤマザキ' },
  { code: 'seicomart', name: 'セイコーマート' },
];

/** Days a bank transfer must arrive in; the mail and the payment method say the same. */
export const TRANSFER_DAYS = 7;
