/** Japanese public holidays, the shop's closed days and the lead-time plan (pure rules). */
import { describe, expect, it } from 'vitest';
import { addMonths, defaultBusinessDate, defaultRange } from '../../api/src/services/delivery/calendar.ts';
import { autumnalEquinoxDay, holidayName, holidaysOf, vernalEquinoxDay } from '../../api/src/services/delivery/holidays.ts';
import { isChoosableDelivery, orderDayOf, planFrom } from '../../api/src/services/delivery/leadtime.ts';

describe('Japanese public holidays', () => {
  it('lists 2026 with 振替休日 and 国民の休日', () => {
    expect([...holidaysOf(2026)]).toEqual([
      ['2026-01-01', '元日'],
      ['2026-01-12', '成人の日'],
      ['2026-02-11', '建国記念の日'],
      ['2026-02-23', '天皇誕生日'],
      ['2026-03-20', '春分の日'],
      ['2026-04-29', '昭和の日'],
      ['2026-05-03', '憲法記念日'],
      ['2026-05-04', 'みどりの日'],
      ['2026-05-05', 'こどもの日'],
      ['2026-05-06', '振替休日'],
      ['2026-07-20', '海の日'],
      ['2026-08-11', '山の日'],
      ['2026-09-21', '敬老の日'],
      ['2026-09-22', '国民の休日'],
      ['2026-09-23', '秋分の日'],
      ['2026-10-12', 'スポーツの日'],
      ['2026-11-03', '文化の日'],
      ['2026-11-23', '勤労感謝の日'],
    ]);
  });

  it('lists 2027 with 春分の日 on a Sunday moved to Monday', () => {
    expect([...holidaysOf(2027)]).toEqual([
      ['2027-01-01', '元日'],
      ['2027-01-11', '成人の日'],
      ['2027-02-11', '建国記念の日'],
      ['2027-02-23', '天皇誕生日'],
      ['2027-03-21', '春分の日'],
      ['2027-03-22', '振替休日'],
      ['2027-04-29', '昭和の日'],
      ['2027-05-03', '憲法記念日'],
      ['2027-05-04', 'みどりの日'],
      ['2027-05-05', 'こどもの日'],
      ['2027-07-19', '海の日'],
      ['2027-08-11', '山の日'],
      ['2027-09-20', '敬老の日'],
      ['2027-09-23', '秋分の日'],
      ['2027-10-11', 'スポーツの日'],
      ['2027-11-03', '文化の日'],
      ['2027-11-23', '勤労感謝の日'],
    ]);
  });

  it('computes the equinoxes the cabinet office announced', () => {
    // 2024: 3/20, 9/22; 2025: 3/20, 9/23; 2028: 3/20, 9/22; 2030: 3/20, 9/23.
    expect([2024, 2025, 2028, 2030].map(vernalEquinoxDay)).toEqual([20, 20, 20, 20]);
    expect([2024, 2025, 2028, 2030].map(autumnalEquinoxDay)).toEqual([22, 23, 22, 23]);
  });

  it('moves a Sunday holiday past the next holidays (2025-11-24, 2024-05-06)', () => {
    expect(holidayName('2025-11-24')).toBe('振替休日');
    expect(holidayName('2024-05-06')).toBe('振替休日');
    expect(holidayName('2029-09-24')).toBe('振替休日'); // 秋分の日 2029-09-23 is a Sunday
    expect(holidayName('2026-05-07')).toBeNull();
  });

  it('refuses years the rules are not known for', () => {
    expect(() => holidaysOf(2019)).toThrow(RangeError);
  });
});

describe('the shop calendar', () => {
  it('closes on weekends, public holidays and 12/29–1/3, with their names', () => {
    expect(defaultBusinessDate('2026-11-23')).toEqual({ date: '2026-11-23', is_holiday: true, name: '勤労感謝の日' });
    expect(defaultBusinessDate('2026-11-28')).toEqual({ date: '2026-11-28', is_holiday: true, name: '定休日' });
    expect(defaultBusinessDate('2026-12-29')).toEqual({ date: '2026-12-29', is_holiday: true, name: '年末年始休業' });
    expect(defaultBusinessDate('2027-01-01').name).toBe('元日');
    expect(defaultBusinessDate('2027-01-04')).toEqual({ date: '2027-01-04', is_holiday: false, name: null });
    expect(
      defaultRange('2026-12-28', '2027-01-04')
        .filter((d) => !d.is_holiday)
        .map((d) => d.date),
    ).toEqual(['2026-12-28', '2027-01-04']);
  });

  it('adds months, clamped to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-25', 12)).toBe('2027-11-25');
  });
});

describe('lead time', () => {
  const cal = defaultRange('2026-11-20', '2027-03-01');

  it('starts a day later after the 12:00 cut-off (Japan time)', () => {
    expect(orderDayOf(new Date('2026-11-25T02:59:00Z'), 12)).toBe('2026-11-25'); // 11:59 JST
    expect(orderDayOf(new Date('2026-11-25T03:00:00Z'), 12)).toBe('2026-11-26'); // 12:00 JST
    expect(orderDayOf(new Date('2026-11-25T15:30:00Z'), 12)).toBe('2026-11-26'); // 00:30 JST on the 26th: that day
  });

  it('ships after the lead business days and adds transit calendar days', () => {
    // Ordered Friday 11/20: ships two business days on (the weekend and 11/23 勤労感謝の日 closed), Wednesday 11/25; arrives Thursday.
    const p = planFrom(cal, '2026-11-20', 2, 1, 14);
    expect(p.ship_date).toBe('2026-11-25');
    expect(p.earliest).toBe('2026-11-26');
    expect(p.dates).toHaveLength(14);
    expect(p.dates[13]).toBe('2026-12-09');
    // 年末年始: ordered 12/28 (Monday, open): ships after 1/3.
    expect(planFrom(cal, '2026-12-28', 2, 3, 14).ship_date).toBe('2027-01-05');
  });

  it('allows 指定なし always and only listed dates and slots otherwise', () => {
    const p = planFrom(cal, '2026-11-24', 0, 1, 3);
    expect(isChoosableDelivery(p, null, null)).toBe(true);
    expect(isChoosableDelivery(p, p.dates[0], '0812')).toBe(true);
    expect(isChoosableDelivery(p, '2026-11-24', null)).toBe(false);
    expect(isChoosableDelivery(p, null, '9999')).toBe(false);
  });
});
