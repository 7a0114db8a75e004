import { describe, expect, it } from 'vitest';
import { allocate, carriageFor, priceCart } from '../../api/src/services/carts/pricing.ts';

describe('cart pricing (a qualified invoice)', () => {
  it('a line is its tax-inclusive unit price × quantity', () => {
    // 105 yen at 8 %: 113 yen incl. per unit; 5 of them are 565 yen, as the shopper reads it.
    const { lines } = priceCart({ lines: [{ unit_price: 105, tax_rate: 8, quantity: 5 }], paymentFee: 0 });
    expect(lines[0]).toMatchObject({ unit_price_with_tax: 113, subtotal_with_tax: 565 });
    expect(lines[0].subtotal + lines[0].tax_amount).toBe(565);
  });

  it('rounds the tax once per rate per order, not per line', () => {
    // Three lines of 108 yen incl. (99 + 8.9 at 10 %). Per line: floor(108 × 10/110) = 9, 27 in all;
    // once over the rate's 324 yen: floor(29.45) = 29.
    const { order, lines } = priceCart({
      lines: [1, 2, 3].map(() => ({ unit_price: 99, tax_rate: 10 as const, quantity: 1 })),
      paymentFee: 0,
      carriage: { fee: 0, freeFrom: null },
    });
    expect(order.amount_by_tax_rate).toEqual([{ tax_rate: 10, subtotal: 295, tax: 29, total: 324 }]);
    expect(order.total_tax).toBe(29);
    expect(lines.reduce((s, l) => s + l.tax_amount, 0)).toBe(29);
  });

  it('keeps 10 % and 8 % in separate buckets and puts carriage, wrapping and fee into 10 %', () => {
    const { order } = priceCart({
      lines: [
        { unit_price: 1000, tax_rate: 10, quantity: 1 },
        { unit_price: 500, tax_rate: 8, quantity: 2 },
      ],
      shipments: [{ packingFee: 330 }],
      paymentFee: 330,
    });
    expect(order.subtotal_with_tax).toBe(1100 + 1080);
    expect(order).toMatchObject({ total_carriage: 660, total_packing: 330, total_fee: 330 });
    expect(order.amount_by_tax_rate).toEqual([
      { tax_rate: 10, subtotal: 2200, tax: 220, total: 1100 + 660 + 330 + 330 },
      { tax_rate: 8, subtotal: 1000, tax: 80, total: 1080 },
    ]);
    expect(order.total_tax).toBe(300);
    expect(order.total_payment).toBe(2180 + 660 + 330 + 330);
  });

  it('a coupon and points lower the taxable amount (discounts before tax), the coupon spread over the lines', () => {
    const { order, lines } = priceCart({
      lines: [
        { unit_price: 3000, tax_rate: 10, quantity: 1 },
        { unit_price: 1000, tax_rate: 8, quantity: 1 },
      ],
      paymentFee: 0,
      discount: 1000,
      usePoint: 500,
      carriage: { fee: 660, freeFrom: null },
    });
    // Goods 3,300 + 1,080; the coupon splits 3300:1080 → 753 / 247.
    expect(lines.map((l) => l.coupon_discount)).toEqual([753, 247]);
    expect(order.total_discount).toBe(1000);
    expect(order.use_point).toBe(500);
    const sum = (k: 'subtotal' | 'tax' | 'total') => order.amount_by_tax_rate.reduce((s, b) => s + b[k], 0);
    expect(sum('total')).toBe(order.total_payment);
    expect(order.total_payment).toBe(3300 + 1080 + 660 - 1000 - 500);
    // The 8 % goods pay tax on 1,080 − 247 − their share of the points, not on 1,080.
    const eight = order.amount_by_tax_rate.find((b) => b.tax_rate === 8)!;
    expect(eight.total).toBeLessThan(1080 - 247);
    expect(eight.tax).toBe(Math.floor((eight.total * 8) / 108));
  });

  it('bucket totals always add up to the payment and the tax, whatever the discounts', () => {
    for (let seed = 1; seed < 300; seed++) {
      const lines = Array.from({ length: (seed % 4) + 1 }, (_, i) => ({
        unit_price: ((seed * 7919 + i * 104729) % 9000) + 1,
        tax_rate: ((seed + i) % 3 === 0 ? 8 : 10) as 8 | 10,
        quantity: ((seed + i) % 5) + 1,
        shipment: (seed + i) % 2,
      }));
      const { order, lines: priced } = priceCart({
        lines,
        shipments: [{ packingFee: seed % 3 ? 0 : 330 }, { packingFee: 0 }],
        paymentFee: seed % 2 ? 330 : 0,
        discount: (seed * 37) % 3000,
        usePoint: (seed * 53) % 2000,
      });
      const sum = (k: 'subtotal' | 'tax' | 'total') => order.amount_by_tax_rate.reduce((s, b) => s + b[k], 0);
      expect(sum('total')).toBe(order.total_payment);
      expect(sum('tax')).toBe(order.total_tax);
      expect(sum('subtotal') + sum('tax')).toBe(sum('total'));
      expect(order.total_payment).toBeGreaterThanOrEqual(0);
      priced.forEach((l, i) => {
        expect(l.unit_price_with_tax * lines[i].quantity).toBe(l.subtotal_with_tax);
      });
      expect(priced.reduce((s, l) => s + l.coupon_discount, 0)).toBe(order.total_discount);
    }
  });

  it("charges carriage per shipment: 660 yen below 5,500 yen of that shipment's goods, none from 5,500", () => {
    expect(carriageFor(5499, 1)).toBe(660);
    expect(carriageFor(5500, 1)).toBe(0);
    expect(carriageFor(0, 0)).toBe(0);
    expect(priceCart({ lines: [{ unit_price: 5000, tax_rate: 10, quantity: 1 }], paymentFee: 0 }).order.total_carriage).toBe(0);
    expect(priceCart({ lines: [{ unit_price: 5000, tax_rate: 8, quantity: 1 }], paymentFee: 0 }).order.total_carriage).toBe(660);
    // 6,600 yen split over two addresses: each shipment is below 5,500, so each pays.
    const split = priceCart({
      lines: [
        { unit_price: 3000, tax_rate: 10, quantity: 1, shipment: 0 },
        { unit_price: 3000, tax_rate: 10, quantity: 1, shipment: 1 },
      ],
      shipments: [{ packingFee: 0 }, { packingFee: 0 }],
      paymentFee: 0,
    });
    expect(split.shipmentCarriage).toEqual([660, 660]);
    // A shipment with nothing in it ships nothing.
    expect(
      priceCart({
        lines: [{ unit_price: 100, tax_rate: 10, quantity: 1 }],
        shipments: [{ packingFee: 0 }, { packingFee: 0 }],
        paymentFee: 0,
      }).shipmentCarriage,
    ).toEqual([660, 0]);
  });

  it('charges nothing for an empty cart, even with a payment and wrapping chosen', () => {
    const { order } = priceCart({ lines: [], paymentFee: 330, shipments: [{ packingFee: 330 }] });
    expect(order).toMatchObject({
      subtotal: 0,
      total_carriage: 0,
      total_packing: 0,
      total_fee: 0,
      total_payment: 0,
      amount_by_tax_rate: [],
    });
  });

  it('never lets a discount or points push the payment below zero', () => {
    const { order } = priceCart({
      lines: [{ unit_price: 100, tax_rate: 10, quantity: 1 }],
      paymentFee: 0,
      discount: 10_000,
      usePoint: 10_000,
    });
    expect(order.total_discount).toBe(110);
    expect(order.total_payment).toBe(660 - Math.min(10_000, 660));
    expect(order.total_payment).toBe(0);
  });

  it('allocates whole yen in proportion, the parts adding up to the amount', () => {
    expect(allocate(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(allocate(100, [1, 1, 1])).toEqual([1, 1, 1]); // never more than there is
    expect(allocate(10, [0, 5])).toEqual([0, 5]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
  });
});
