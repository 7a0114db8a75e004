/**
 * The carriage rule as the cart screen's hint needs it. The rule itself is the contract's CARRIAGE
 * (contracts/cart.ts), but that module builds zod schemas at import, which would put zod back into
 * the cart page's first load; a unit test keeps this copy equal to the contract's until the
 * constant moves to the zod-free contracts/constants.ts.
 */
export const CARRIAGE_RULE = { fee: 660, freeFrom: 5500 } as const;

/** Yen of goods (tax included) still missing for free carriage; 0 when it is already free. */
export function yenToFreeCarriage(subtotalWithTax: number): number {
  return Math.max(0, CARRIAGE_RULE.freeFrom - subtotalWithTax);
}
