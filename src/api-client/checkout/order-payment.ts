/**
 * An order's payment detail for the thanks page (issue 8). A module apart from card-payments.ts: the
 * thanks page needs only this call, and a shared module's chunk carries every function any island
 * uses (saved cards, provider settings), which that page would load for nothing.
 */

import { type CallOptions, seg } from '../core/call.ts';
import { type Decoder, object, record, string, unknown } from '../core/guard.ts';
import { request } from '../core/http.ts';

/** What an order says about its payment (thanks page). */
export interface OrderPayment {
  payment_name: string;
  payment_status: string;
  payment_detail: Record<string, unknown>;
}
const orderPaymentWire: Decoder<OrderPayment> = /* @__PURE__ */ object({
  payment_name: string,
  payment_status: string,
  payment_detail: record(unknown),
});

/** GET /v1/carts/order/{order_no}, its payment part only. */
export async function getOrderPayment(orderNo: string, opts: CallOptions = {}): Promise<OrderPayment> {
  return (await request('GET', `/v1/carts/order/${seg(orderNo)}`, { parse: orderPaymentWire, signal: opts.signal })).data;
}
