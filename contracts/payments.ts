/** Payment methods (spec 7: GET /v1/payments, GET /v1/payments/carts/{token}). */
import { z } from './zod.ts';

export const paymentCodeSchema = z.enum(['cod', 'bank_transfer', 'card']);
export type PaymentCode = z.infer<typeof paymentCodeSchema>;

/** One way to pay; `fee` is yen, tax included (代引手数料 for cash on delivery). */
export const paymentMethodSchema = z
  .object({
    id: z.number().int().positive(),
    // A string rather than the enum so a shop can add a method without breaking older clients.
    code: z.string(),
    name: z.string(),
    description: z.string(),
    fee: z.number().int().nonnegative(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListSchema = z.array(paymentMethodSchema);
