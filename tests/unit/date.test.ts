import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, isoDate } from '#lib/date.ts';
import { formatDay, formatDayWithWeekday } from '../../contracts/dates.ts';
import { formatJstDate, formatJstDateTime } from '../../contracts/datetimes.ts';

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

describe('shared date helpers for screens and mails (contracts/dates.ts, spec 9)', () => {
  it('writes a delivery day as YYYY.MM.DD, with its weekday in parentheses when asked', () => {
    expect(formatDay('2026-12-04')).toBe('2026.12.04');
    expect(formatDayWithWeekday('2026-12-04')).toBe('2026.12.04（金）');
    expect(formatDayWithWeekday('2027-01-04')).toBe('2027.01.04（月）');
    expect(formatDayWithWeekday('2028-02-29')).toBe('2028.02.29（火）');
    expect(formatDayWithWeekday('2026-12-06')).toBe('2026.12.06（日）');
  });

  it('leaves an empty value empty and a text that is not a day as it is (never 「12月4日」)', () => {
    expect(formatDay('')).toBe('');
    expect(formatDayWithWeekday('指定なし')).toBe('指定なし');
  });

  it('writes an instant in Japan time as YYYY.MM.DD and YYYY.MM.DD H:mm, like src/lib/date.ts', () => {
    for (const iso of ['2026-04-01T00:05:00.000Z', '2026-03-31T16:00:00.000Z', '2026-12-31T14:59:00.000Z', '2026-12-31T15:00:00.000Z']) {
      expect(formatJstDate(iso), iso).toBe(formatDate(iso));
      expect(formatJstDateTime(new Date(iso)), iso).toBe(formatDateTime(iso));
    }
    expect(formatJstDateTime('2026-04-01T03:30:00.000Z')).toBe('2026.04.01 12:30');
    expect(formatJstDateTime('not a date')).toBe('');
  });
});
