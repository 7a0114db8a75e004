/** Consumption tax arithmetic (10 % standard, 8 % reduced rate), always rounded down. */
import { describe, expect, it } from 'vitest';
import { includedTax, lineTax, priceWithTax } from '../../api/src/services/tax/index.ts';

describe('priceWithTax: floor(price * (100 + rate) / 100)', () => {
  it.each([
    [3600, 10, 3960],
    [12800, 10, 14080],
    [1, 10, 1],
    [9, 10, 9],
    [10, 10, 11],
    [0, 10, 0],
    [1200, 8, 1296],
    [980, 8, 1058],
    [760, 8, 820],
    [99, 8, 106],
    [1, 8, 1],
    [13, 8, 14],
    // 1100 * 1.1 is 1210.0000000000002 in floating point; integer arithmetic keeps it exact.
    [1100, 10, 1210],
    [3333, 10, 3666],
    [2222, 8, 2399],
  ])('%i yen at %i %% → %i yen', (price, rate, expected) => {
    expect(priceWithTax(price, rate)).toBe(expected);
  });
});

describe('lineTax: the tax of one cart line, floor(unit * quantity * rate / 100)', () => {
  it.each([
    [3600, 1, 10, 360],
    [3600, 3, 10, 1080],
    [999, 3, 10, 299],
    [1058, 1, 8, 84],
    [980, 3, 8, 235],
    [1, 1, 8, 0],
    [13, 7, 8, 7],
    [7, 1, 10, 0],
  ])('%i yen × %i at %i %% → %i yen', (unit, qty, rate, expected) => {
    expect(lineTax(unit, qty, rate)).toBe(expected);
  });

  it('taxes the line as a whole, not each unit (so rounding happens once per line)', () => {
    // Per unit these would be floor(1.9) * 9 = 9 and floor(1.92) * 5 = 5.
    expect(lineTax(19, 9, 10)).toBe(17);
    expect(lineTax(24, 5, 8)).toBe(9);
  });
});

describe('includedTax: the tax inside a tax-inclusive amount, floor(amount * rate / (100 + rate))', () => {
  it.each([
    [660, 10, 60],
    [330, 10, 30],
    [5500, 10, 500],
    [1, 10, 0],
    [11, 10, 1],
    [1296, 8, 96],
    [1080, 8, 80],
    [100, 8, 7],
  ])('%i yen incl. %i %% → %i yen', (amount, rate, expected) => {
    expect(includedTax(amount, rate)).toBe(expected);
  });

  it('agrees with priceWithTax for whole-yen prices', () => {
    for (const rate of [8, 10]) {
      for (let price = 0; price <= 3000; price += 7) {
        const incl = priceWithTax(price, rate);
        // Flooring twice may lose at most one yen against the exclusive price's own tax.
        expect(incl - includedTax(incl, rate)).toBeGreaterThanOrEqual(price);
        expect(incl - includedTax(incl, rate) - price).toBeLessThanOrEqual(1);
      }
    }
  });
});
