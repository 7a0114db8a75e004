/**
 * The carriage rule as the cart screen's free-delivery hint needs it: the contract's CARRIAGE from
 * the zod-free contracts/constants.ts (contracts/cart.ts builds zod schemas at import, which would
 * put zod into the cart page's first load).
 */
import { CARRIAGE } from '#contracts/constants.ts';

export const CARRIAGE_RULE = CARRIAGE;

/** Yen of goods (tax included) still missing for free carriage; 0 when it is already free. */
export function yenToFreeCarriage(subtotalWithTax: number): number {
  return Math.max(0, CARRIAGE_RULE.freeFrom - subtotalWithTax);
}
