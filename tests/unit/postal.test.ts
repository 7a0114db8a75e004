import { describe, it, expect } from 'vitest';
import { formatPostal, normalizePostal } from '../../src/lib/postal.ts';

describe('postal code (spec 9: shown as 3-4 with a hyphen)', () => {
  it("formats '1234567' as '123-4567'", () => {
    expect(formatPostal('1234567')).toBe('123-4567');
  });

  it('keeps an already formatted code and leaves other input alone', () => {
    expect(formatPostal('123-4567')).toBe('123-4567');
    expect(formatPostal('12345')).toBe('12345');
    expect(formatPostal(null)).toBe('');
  });

  it('normalises to the 7 digits the API stores', () => {
    expect(normalizePostal(' 150-0001 ')).toBe('1500001');
    expect(normalizePostal('abc')).toBe('abc');
  });
});
