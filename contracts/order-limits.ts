/**
 * The order screens' plain limits and notices, without zod: contracts/orders.ts builds its schemas on
 * them and re-exports them, and the my-page order detail imports them from here, so its first load
 * does not carry zod and the product schemas (about 24 KB brotli, issue 25's 70 KB budget).
 */

/** Longest cancellation reason (characters, after trimming). */
export const CANCEL_REASON_MAX = 200;

/**
 * `cancel_only_ecd_key` of a cancelled order: the order was cancelled in the shop (EC) but the
 * payment provider did not confirm voiding the card authorisation yet — the shop voids it by hand
 * (docs/api.md "Orders"). The storefront shows this warning with the cancelled order.
 */
export const CANCEL_WARNINGS: Record<string, string> = {
  payment_void_pending:
    'ご注文はキャンセルしましたが、クレジットカードのご利用分の取消が完了していません。取消が完了するまでしばらくお待ちください。',
  payment_refund_pending:
    'ご注文はキャンセルしましたが、クレジットカードでお支払いいただいた代金の返金が完了していません。返金が完了するまでしばらくお待ちください。',
};

/** Longest addressee (宛名) of a receipt, in characters. */
export const RECEIPT_NAME_MAX = 50;
