/** Decoder of a payment method. */
import type { PaymentMethod } from '#contracts/payments.ts';
import { type Decoder, int, object, string } from '../core/guard.ts';

export const paymentMethodWire: Decoder<PaymentMethod> = /* @__PURE__ */ object({
  id: int,
  code: string,
  name: string,
  description: string,
  fee: int,
});
