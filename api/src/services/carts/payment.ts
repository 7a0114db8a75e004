/** The cart's payment method; its fee (e.g. 代引手数料) is priced from the method's row, never from code. */
import type { Tx } from '../../db/client.ts';
import { activePayments } from '../payments/index.ts';
import type { CartChanges } from './access.ts';
import { cartErrors } from './errors.ts';
import { assertGiftPayment } from './social-gift.ts';
import type { CartRow } from './types.ts';

/** Chooses the payment method; it must be one GET /v1/payments/carts/{token} offers. Returns the cart's new column. */
export async function setPayment(tx: Tx, cart: CartRow, paymentId: number): Promise<CartChanges> {
  const usable = await activePayments(tx);
  const chosen = usable.find((p) => p.id === paymentId);
  if (!chosen) throw cartErrors.paymentNotAvailable();
  assertGiftPayment(cart, chosen);
  return { payment_id: paymentId };
}
