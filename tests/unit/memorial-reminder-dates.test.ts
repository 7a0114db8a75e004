/** Which memorial days are reminded of on a given day (Japan time, 2月29日 in non-leap years) and the reminder's text. */
import { describe, expect, it } from 'vitest';
import { dueDays, isLeapYear, occurrenceIn, tokyoToday } from '../../api/src/services/memorial-reminders/dates.ts';
import { memorialReminderText } from '../../api/src/services/memorial-reminders/mail.ts';

describe('memorial reminder days', () => {
  it('today is the calendar day in Japan, whatever the UTC day', () => {
    expect(tokyoToday(new Date('2026-04-30T14:59:59Z'))).toEqual({ year: 2026, month: 4, date: 30 });
    expect(tokyoToday(new Date('2026-04-30T15:00:00Z'))).toEqual({ year: 2026, month: 5, date: 1 });
    expect(tokyoToday(new Date('2026-12-31T15:00:00Z'))).toEqual({ year: 2027, month: 1, date: 1 });
  });

  it('due days run from tomorrow to N days ahead, nearest first, never the day itself', () => {
    const due = dueDays({ year: 2026, month: 5, date: 1 }, 14);
    expect(due).toHaveLength(14);
    expect(due[0]).toEqual({ month: 5, date: 2, year: 2026, daysLeft: 1 });
    expect(due.at(-1)).toEqual({ month: 5, date: 15, year: 2026, daysLeft: 14 });
    expect(due.some((d) => d.month === 5 && d.date === 1)).toBe(false);
    expect(dueDays({ year: 2026, month: 5, date: 1 }, 0)).toEqual([]);
  });

  it("a window across new year gives next year's days their own year", () => {
    const due = dueDays({ year: 2026, month: 12, date: 25 }, 14);
    expect(due.find((d) => d.month === 12 && d.date === 31)).toMatchObject({ year: 2026, daysLeft: 6 });
    expect(due.find((d) => d.month === 1 && d.date === 8)).toMatchObject({ year: 2027, daysLeft: 14 });
  });

  it('2月29日 is due with 2月28日 in a non-leap year, and on its own in a leap year', () => {
    expect(isLeapYear(2027)).toBe(false);
    expect(isLeapYear(2028)).toBe(true);
    expect(isLeapYear(2100)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
    const y2027 = dueDays({ year: 2027, month: 2, date: 14 }, 14);
    expect(y2027.filter((d) => d.daysLeft === 14)).toEqual([
      { month: 2, date: 28, year: 2027, daysLeft: 14 },
      { month: 2, date: 29, year: 2027, daysLeft: 14 },
    ]);
    const y2028 = dueDays({ year: 2028, month: 2, date: 14 }, 14);
    expect(y2028.some((d) => d.month === 2 && d.date === 29)).toBe(false);
    expect(dueDays({ year: 2028, month: 2, date: 15 }, 14).at(-1)).toEqual({ month: 2, date: 29, year: 2028, daysLeft: 14 });
    expect(occurrenceIn(2027, 2, 29)).toEqual({ year: 2027, month: 2, date: 28 });
    expect(occurrenceIn(2028, 2, 29)).toEqual({ year: 2028, month: 2, date: 29 });
  });
});

describe('memorial reminder mail', () => {
  const base = {
    siteName: 'Maison Kiyora',
    memberName: '試験 花子',
    targetName: '山田 花子',
    division: 1,
    name: '母の誕生日',
    month: 5,
    date: 15,
    occurs: { year: 2026, month: 5, date: 15 },
    daysLeft: 14,
    shopUrl: 'https://shop.example.jp/',
    memorialUrl: 'https://shop.example.jp/mypage/memorial/',
  };

  it('says whose day, how many days are left, and links the shop and the memorial page', () => {
    const { subject, body } = memorialReminderText(base);
    expect(subject).toBe('【Maison Kiyora】山田 花子様のお誕生日まであと14日です');
    const lines = body.split('\n');
    expect(lines[0]).toBe('試験 花子 様');
    expect(lines).toContain('日付：2026.05.15（金）');
    expect(lines).toContain('https://shop.example.jp/');
    expect(lines).toContain('https://shop.example.jp/mypage/memorial/');
  });

  it('names a wedding anniversary and other days by their kind or own name', () => {
    expect(memorialReminderText({ ...base, division: 2, name: '結婚記念日' }).subject).toContain('山田 花子様の結婚記念日まで');
    expect(memorialReminderText({ ...base, division: 3, name: '入学記念日', daysLeft: 3 }).subject).toContain(
      '山田 花子様の入学記念日まであと3日です',
    );
  });

  it('a 2月29日 in a non-leap year says which day it stands for', () => {
    const { body } = memorialReminderText({ ...base, month: 2, date: 29, occurs: { year: 2027, month: 2, date: 28 } });
    expect(body).toContain('日付：2027.02.28（日）');
    expect(body).toContain('（2月29日の記念日です。今年は2027.02.28としてお知らせしています）');
  });
});
