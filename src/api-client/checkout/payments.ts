/** Payment methods (spec 7 "Cart": /v1/payments…), each with its own fee from the API. */

import type { PaymentMethod as WirePaymentMethod } from '#contracts/payments.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { request } from '../core/http.ts';
import type { PaymentMethod } from '../core/types.ts';
import { paymentMethodWire } from '../wire/payment.ts';

/** A payment method as the storefront shows it. */
export function toPaymentMethod(wire: WirePaymentMethod): PaymentMethod {
  return { id: wire.id, code: wire.code, name: wire.name, description: wire.description, fee: wire.fee };
}

const parseMethods = (body: unknown): PaymentMethod[] => array(paymentMethodWire)(body).map(toPaymentMethod);

/** GET /v1/payments: every active method. */
export async function listPayments(opts: CallOptions = {}): Promise<PaymentMethod[]> {
  return (await request('GET', '/v1/payments', { parse: parseMethods, signal: opts.signal })).data;
}

/** GET /v1/payments/carts/{token}: the methods usable for this cart. */
export async function listCartPayments(token: string, opts: CallOptions = {}): Promise<PaymentMethod[]> {
  return (await request('GET', `/v1/payments/carts/${seg(token)}`, { parse: parseMethods, signal: opts.signal })).data;
}
