/** Payment methods (spec 7 "Cart": /v1/payments…). */
import { paymentMethodListSchema, type PaymentMethod } from '#contracts/payments.ts';
import { request } from './http.ts';
import { seg, type CallOptions } from './call.ts';

/** GET /v1/payments: every active method. */
export async function listPayments(opts: CallOptions = {}): Promise<PaymentMethod[]> {
  return (await request('GET', '/v1/payments', { schema: paymentMethodListSchema, signal: opts.signal })).data;
}

/** GET /v1/payments/carts/{token}: the methods usable for this cart. */
export async function listCartPayments(token: string, opts: CallOptions = {}): Promise<PaymentMethod[]> {
  return (await request('GET', `/v1/payments/carts/${seg(token)}`, { schema: paymentMethodListSchema, signal: opts.signal })).data;
}
