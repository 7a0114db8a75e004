import { describe, it, expect } from 'vitest';
import { formatDate, formatDateTime, isoDate } from '../../src/lib/date.ts';

describe('dates (spec 9: YYYY.MM.DD and YYYY.MM.DD H:mm, Japan time)', () => {
  it('formats a date as YYYY.MM.DD', () => {
    expect(formatDate('2026-04-01T03:00:00.000Z')).toBe('2026.04.01');
  });

  it('formats a datetime as YYYY.MM.DD H:mm without a leading zero on the hour', () => {
    expect(formatDateTime('2026-04-01T00:05:00.000Z')).toBe('2026.04.01 9:05');
    expect(formatDateTime('2026-04-01T03:30:00.000Z')).toBe('2026.04.01 12:30');
  });

  it('uses Japan time whatever the machine zone (late UTC evening is the next day)', () => {
    expect(formatDate('2026-03-31T16:00:00.000Z')).toBe('2026.04.01');
  });

  it('gives an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(isoDate('2026-04-01T03:00:00Z')).toBe('2026-04-01');
  });
});
