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

/** The short form for banners and notices: 「5,500円（税込）以上のご注文で送料無料」. */
export const FREE_CARRIAGE_TEXT = `${yen(CARRIAGE.freeFrom)}（税込）以上のご注文で送料無料`;

/** The 代引手数料 of the seeded 代金引換 method (tax included). */
export const COD_FEE = 330;

/** Days a bank transfer must arrive in; the mail and the payment method say the same. */
export const TRANSFER_DAYS = 7;
