import { describe, expect, it } from 'vitest';
import { carriageFor, priceCart } from '../../api/src/services/cart/pricing.ts';

describe('cart pricing', () => {
  it('floors consumption tax per line, not per unit', () => {
    // 105 yen at 8 %: per unit 113.4 → 113, but the line of 5 is 525 + floor(42.0) = 567.
    const { lines } = priceCart({ lines: [{ unit_price: 105, tax_rate: 8, quantity: 5 }], paymentFee: 0 });
    expect(lines[0]).toEqual({ unit_price_with_tax: 113, tax_amount: 42, subtotal: 525, subtotal_with_tax: 567 });
  });

  it('floors the line tax (切り捨て)', () => {
    const { lines } = priceCart({ lines: [{ unit_price: 999, tax_rate: 10, quantity: 3 }], paymentFee: 0 });
    expect(lines[0].tax_amount).toBe(299); // 299.7
  });

  it('keeps 10 % and 8 % goods in separate buckets and puts carriage and fee into 10 %', () => {
    const { order } = priceCart({
      lines: [{ unit_price: 1000, tax_rate: 10, quantity: 1 }, { unit_price: 500, tax_rate: 8, quantity: 2 }],
      paymentFee: 330,
    });
    expect(order.subtotal).toBe(2000);
    expect(order.subtotal_with_tax).toBe(1100 + 1080);
    expect(order.total_carriage).toBe(660);
    expect(order.total_fee).toBe(330);
    expect(order.amount_by_tax_rate).toEqual([
      { tax_rate: 10, subtotal: 1000 + 600 + 300, tax: 100 + 60 + 30, total: 1100 + 660 + 330 },
      { tax_rate: 8, subtotal: 1000, tax: 80, total: 1080 },
    ]);
    expect(order.total_tax).toBe(270);
    expect(order.total_payment).toBe(2180 + 660 + 330);
  });

  it('bucket totals always add up to the payment and the tax', () => {
    for (let seed = 1; seed < 200; seed++) {
      const lines = Array.from({ length: (seed % 4) + 1 }, (_, i) => ({
        unit_price: ((seed * 7919 + i * 104729) % 9000) + 1,
        tax_rate: ((seed + i) % 3 === 0 ? 8 : 10) as 8 | 10,
        quantity: ((seed + i) % 5) + 1,
      }));
      const { order } = priceCart({ lines, paymentFee: seed % 2 ? 330 : 0 });
      const sum = (k: 'subtotal' | 'tax' | 'total') => order.amount_by_tax_rate.reduce((s, b) => s + b[k], 0);
      expect(sum('total')).toBe(order.total_payment);
      expect(sum('tax')).toBe(order.total_tax);
      expect(sum('subtotal') + sum('tax')).toBe(sum('total'));
    }
  });

  it('charges 660 yen carriage below 5,500 yen incl. tax and none from 5,500 yen', () => {
    expect(carriageFor(5499, 1)).toBe(660);
    expect(carriageFor(5500, 1)).toBe(0);
    expect(carriageFor(0, 0)).toBe(0);
    // 5,000 yen excl. is exactly 5,500 incl. at 10 %: free.
    expect(priceCart({ lines: [{ unit_price: 5000, tax_rate: 10, quantity: 1 }], paymentFee: 0 }).order.total_carriage).toBe(0);
    // 5,000 yen excl. at 8 % is 5,400 incl.: not free.
    expect(priceCart({ lines: [{ unit_price: 5000, tax_rate: 8, quantity: 1 }], paymentFee: 0 }).order.total_carriage).toBe(660);
  });

  it('charges nothing for an empty cart, even with a payment chosen', () => {
    const { order } = priceCart({ lines: [], paymentFee: 330 });
    expect(order).toMatchObject({ subtotal: 0, total_carriage: 0, total_fee: 0, total_payment: 0, amount_by_tax_rate: [] });
  });

  it('never lets a discount push the payment below zero', () => {
    const { order } = priceCart({ lines: [{ unit_price: 100, tax_rate: 10, quantity: 1 }], paymentFee: 0, discount: 10_000 });
    expect(order.total_payment).toBe(0);
  });
});
