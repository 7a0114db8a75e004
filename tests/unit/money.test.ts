import { describe, expect, it } from 'vitest';
import { formatNumber, formatYen, formatYenWithTax } from '#lib/money.ts';

describe('money (spec 9: JPY with thousands separators)', () => {
  it('formats yen with a thousands separator', () => {
    expect(formatYen(1234)).toBe('¥1,234');
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(999)).toBe('¥999');
    expect(formatYen(1234567)).toBe('¥1,234,567');
  });

  it('marks tax-inclusive prices with （税込）', () => {
    expect(formatYenWithTax(1100)).toBe('¥1,100（税込）');
  });

  it('shows discounts with a minus sign and never NaN', () => {
    expect(formatYen(-500)).toBe('-¥500');
    expect(formatYen(Number.NaN)).toBe('¥0');
    expect(formatNumber(12345)).toBe('12,345');
  });
});
