/** The decoder of the member's point balance, declared against the contract's type. */
import type { PointSummary } from '#contracts/benefits.ts';
import { array, type Decoder, int, nullable, number, object, string } from '../core/guard.ts';

export const pointSummaryWire: Decoder<PointSummary> = /* @__PURE__ */ object({
  point_balance: int,
  expiring_point: int,
  expiring_at: nullable(string),
  expiring_within_days: int,
  point_rate: number,
  pending_point: int,
  pending: array(object({ order_no: string, amount: int, note: string, ordered_at: string })),
});
