/**
 * Japanese consumption-tax arithmetic. Every function floors (切り捨て), the rounding the shop uses
 * everywhere, so list prices, cart lines and receipts agree to the yen.
 */

/** Tax-inclusive unit price: floor(price * (100 + rate) / 100). */
export function priceWithTax(price: number, rate: number): number {
  // Integer arithmetic first so 8 % / 10 % never hit binary-fraction rounding (e.g. 1100 * 1.1).
  return Math.floor((price * (100 + rate)) / 100);
}

/** Tax of one cart line (tax-exclusive unit price × quantity): floor(unit * qty * rate / 100). */
export function lineTax(unitPrice: number, quantity: number, rate: number): number {
  return Math.floor((unitPrice * quantity * rate) / 100);
}

/** Tax contained in a tax-inclusive amount (carriage, fees): floor(amount * rate / (100 + rate)). */
export function includedTax(amountInclTax: number, rate: number): number {
  return Math.floor((amountInclTax * rate) / (100 + rate));
}

/** The two consumption-tax rates a line can have: 8 (reduced) or 10 (standard). */
export const asTaxRate = (rate: number): 8 | 10 => (rate === 8 ? 8 : 10);
