/** The receiver's pages: which step a /social-gift/… path is (the key segment is optional, spec 2), and the date wording. */
import { describe, expect, it } from 'vitest';
import { deliveryText, formatGiftDate, parseGiftPath } from '#islands/social-gift/flow.ts';
import { socialGiftPath } from '#lib/routes.ts';

describe('social gift paths', () => {
  it('reads the key and the step, with or without the key', () => {
    expect(parseGiftPath([])).toEqual({ key: null, step: '' });
    expect(parseGiftPath(['abc_DEF-123'])).toEqual({ key: 'abc_DEF-123', step: '' });
    expect(parseGiftPath(['shipping'])).toEqual({ key: null, step: 'shipping' });
    expect(parseGiftPath(['k1', 'delivery'])).toEqual({ key: 'k1', step: 'delivery' });
    expect(parseGiftPath(['k1', 'complete'])).toEqual({ key: 'k1', step: 'complete' });
  });

  it('refuses anything else (a 404 page)', () => {
    expect(parseGiftPath(['k1', 'elsewhere'])).toBeNull();
    expect(parseGiftPath(['k1', 'shipping', 'x'])).toBeNull();
    expect(parseGiftPath(['bad key'])).toBeNull();
    expect(parseGiftPath(['x'.repeat(101)])).toBeNull();
  });

  it('builds the same paths it reads', () => {
    expect(socialGiftPath('', 'k1')).toBe('/social-gift/k1/');
    expect(socialGiftPath('confirm', 'k1')).toBe('/social-gift/k1/confirm/');
    expect(socialGiftPath('shipping')).toBe('/social-gift/shipping/');
  });
});

describe('delivery wording', () => {
  it('writes the date in Japanese with the weekday, and 指定なし for none', () => {
    expect(formatGiftDate('2026-12-05')).toBe('2026.12.05（土）');
    expect(deliveryText({ delivery_date: '2027-01-04', delivery_timezone_label: '午前中' })).toBe('2027.01.04（月）　午前中');
    expect(deliveryText({ delivery_date: null, delivery_timezone_label: '指定なし' })).toBe('お届け日の指定なし　時間帯の指定なし');
  });
});
