/** The cart's payment method; its fee (e.g. 代引手数料) is priced from the method's row, never from code. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { carts } from '../../db/schema.ts';
import { activePayments } from '../payments.ts';
import type { CartRow } from './access.ts';
import { cartErrors } from './errors.ts';

/** Chooses the payment method; it must be one GET /v1/payments/carts/{token} offers. */
export async function setPayment(tx: Tx, cart: CartRow, paymentId: number) {
  const usable = await activePayments(tx);
  if (!usable.some((p) => p.id === paymentId)) throw cartErrors.paymentNotAvailable();
  await tx.update(carts).set({ payment_id: paymentId }).where(eq(carts.id, cart.id));
}
