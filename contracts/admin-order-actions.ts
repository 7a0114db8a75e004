/**
 * The staff's actions on one order (admin API, role staff or admin), shared by the API and the
 * /admin/orders/{id}/ screen: 入金確認, 発送 per delivery with carrier and tracking number, キャンセル
 * with a reason, 金額変更 before shipping, 返金済み (a received offline payment refunded by hand after
 * a cancellation). Every action answers the order's state afterwards; a
 * repeated action changes nothing, an action the order's state no longer allows is 409 or 422 with a
 * Japanese message the screen shows as it is.
 */

import { dbInt, requiredText, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { z } from './zod.ts';

/** The carriers a shipment names, with the tracking page of each ({no}: the tracking number, digits only). */
export const CARRIERS = {
  yamato: { name: 'ヤマト運輸', trackingUrl: 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id={no}' },
  sagawa: { name: '佐川急便', trackingUrl: 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo={no}' },
  japanpost: { name: '日本郵便', trackingUrl: 'https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1={no}' },
  other: { name: 'その他', trackingUrl: null },
} as const satisfies Record<string, { name: string; trackingUrl: string | null }>;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as [Carrier, ...Carrier[]];

/** The tracking page of a shipment, or null for a carrier without one. */
export function trackingUrl(carrier: string, trackingNo: string): string | null {
  const c = (CARRIERS as Record<string, { trackingUrl: string | null }>)[carrier];
  return c?.trackingUrl ? c.trackingUrl.replace('{no}', encodeURIComponent(trackingNo.replace(/[^0-9A-Za-z]/g, ''))) : null;
}

/** POST /admin/v1/orders/{id}/shipments/{index}/ship. */
export const shipRequestSchema = z.strictObject(
  {
    carrier: z.enum(CARRIER_CODES, errorFor('配送業者')),
    /** 伝票番号: digits and hyphens (and letters for その他), 4–30 characters. */
    tracking_no: requiredText(30, { label: '伝票番号' }).regex(/^[0-9A-Za-z-]{4,30}$/, {
      error: () => '伝票番号は半角英数字とハイフンで4〜30文字で入力してください',
    }),
  },
  errorFor(),
);
export type ShipRequest = z.infer<typeof shipRequestSchema>;

/** POST /admin/v1/orders/{id}/cancel. */
export const staffCancelRequestSchema = z.strictObject(
  {
    reason: requiredText(500, { label: 'キャンセル理由' }),
  },
  errorFor(),
);
export type StaffCancelRequest = z.infer<typeof staffCancelRequestSchema>;

/** POST /admin/v1/orders/{id}/refunded: the body is optional; a memo of the refund (振込先・振込日). */
export const refundedRequestSchema = z.strictObject(
  {
    reason: text(200, { label: '返金メモ' }).optional(),
  },
  errorFor(),
);
export type RefundedRequest = z.infer<typeof refundedRequestSchema>;

/** POST /admin/v1/orders/{id}/amount: new quantities of some lines (0 removes the line) and/or the order's discount. */
export const amountChangeRequestSchema = z.strictObject(
  {
    lines: z
      .array(
        z.strictObject(
          {
            item_id: dbInt({ label: '明細' }),
            quantity: dbInt({ min: 0, max: 999, label: '数量' }),
          },
          errorFor('明細'),
        ),
        errorFor('明細'),
      )
      .max(200)
      .default([]),
    /** 値引き (yen, tax included) the shop gives on top of coupons; absent: unchanged. */
    discount: dbInt({ min: 0, max: 10_000_000, label: '値引き額' }).optional(),
    /** Why the amount changed, for the order's history and the customer's mail. */
    reason: requiredText(500, { label: '変更理由' }),
  },
  errorFor(),
);
export type AmountChangeRequest = z.infer<typeof amountChangeRequestSchema>;

/** Path parameters of a shipment action. */
export const shipmentParamSchema = z.object({
  id: z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), dbInt({ label: 'ID' })),
  index: z.preprocess((v) => (typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : v), dbInt({ min: 0, max: 99, label: '配送先' })),
});

/** What every action answers: the order's state afterwards and what the action did. */
export const orderActionResultSchema = z
  .object({
    id: z.number().int(),
    order_no: z.string(),
    /** ordered | shipped | cancelled (shipped from the first shipment on). */
    status: z.string(),
    /** none | pending | paid | authorized | captured | refunded | cancelled | failed | fraud_suspected. */
    payment_status: z.string(),
    total_payment: z.number().int(),
    /** Points granted by this action (0 when none were pending). */
    granted_point: z.number().int().nonnegative(),
    /** One Japanese line for the screen (「発送しました。」). */
    message: z.string(),
  })
  .meta({ id: 'OrderActionResult' });
export type OrderActionResult = z.infer<typeof orderActionResultSchema>;
