/** Checkout data that is not the cart itself (the cart lives in the zustand cart store). */
import type { ReadableAtom } from 'nanostores';
import { listCartPayments } from '#api-client/checkout/payments.ts';
import { createFetcherStore, holdAtLeast } from './client.ts';
import { checkoutKeys } from './keys.ts';

/** Payment methods usable for the cart whose token is in `$token` (nothing fetched while null). */
export function createCartPaymentsStore($token: ReadableAtom<string | null>) {
  return createFetcherStore([checkoutKeys.cartPayments, $token], {
    fetcher: (_prefix, token) => holdAtLeast(listCartPayments(String(token))),
  });
}
