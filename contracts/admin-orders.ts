/**
 * The staff's order events on the editor API (POST /admin/v1/orders/{id}/ship and /paid): the order
 * is shipped or its payment confirmed, and the points earned on it, pending (付与予定) until then, are
 * granted. The full back office comes later; these two calls are what granting points needs.
 */
import { z } from 'zod';

/** What a ship or paid call left: the order's state and the points it granted now (0 when none were pending). */
export const orderEventResultSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  /** ordered | shipped | cancelled. */
  status: z.string(),
  /** pending | paid | authorized | captured | …. */
  payment_status: z.string(),
  granted_point: z.number().int().nonnegative(),
}).meta({ id: 'OrderEventResult' });
export type OrderEventResult = z.infer<typeof orderEventResultSchema>;
