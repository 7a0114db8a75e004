/** The return from the card provider's 3-D Secure page (issue 8; islands/checkout/ThreeDsReturn.tsx). */
import type { CartDecisionResponse } from '#contracts/cart.ts';
import { seg } from '../core/call.ts';
import { request } from '../core/http.ts';
import { cartDecisionWire } from '../wire/cart.ts';

/** POST /v1/carts/{token}/payment/3ds: back from the provider's 3-D Secure page; places the order. */
export async function completeCardAuthentication(
  token: string,
  input: { payment_ref: string; payment_result: string },
): Promise<CartDecisionResponse> {
  return (await request('POST', `/v1/carts/${seg(token)}/payment/3ds`, { body: input, parse: cartDecisionWire, cancelOnNavigation: false }))
    .data;
}

/** PATCH /v1/carts/transaction/error/delete: the shopper has seen the payment failure. */
export async function deleteTransactionError(token: string): Promise<void> {
  await request('PATCH', '/v1/carts/transaction/error/delete', { body: { token } });
}
