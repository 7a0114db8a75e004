/**
 * The business-day calendar (GET /v1/business-dates/monthly/calendar/front): public holidays of
 * 2026/2027 with 振替休日, 国民の休日 and the equinoxes, closed days, validation, self-extension; and
 * the lead time on the real database: the 12:00 cut-off, far prefectures, products' lead days.
 */

import { between, count, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCalendarSchema } from '#contracts/delivery.ts';
import { business_dates, products } from '../../api/src/db/schema/index.ts';
import { addMonths, jstDate } from '../../api/src/services/delivery/calendar.ts';
import { deliveryChoices } from '../../api/src/services/delivery/leadtime.ts';
import { createTestShop, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const calendar = async (query: string) => {
  const res = await shop.request('GET', `/v1/business-dates/monthly/calendar/front${query}`);
  return { status: res.status, body: await res.json() };
};
const closedIn = async (start: string, end: string) => {
  const { status, body } = await calendar(`?startDate=${start}&endDate=${end}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return businessCalendarSchema
    .parse(body)
    .months.flatMap((m) => m.dates)
    .filter((d) => d.is_holiday && d.name !== '定休日')
    .map((d) => [d.date, d.name]);
};

describe('business-day calendar', () => {
  it('is seeded for the next 12 months from the seed date', async () => {
    const today = jstDate(new Date());
    const [{ n }] = await shop.database.db
      .select({ n: count() })
      .from(business_dates)
      .where(between(business_dates.date, today, addMonths(today, 12)));
    expect(n).toBeGreaterThanOrEqual(365);
  });

  it('names the 2026 holidays, with 振替休日 and 国民の休日', async () => {
    expect(await closedIn('2026-05-01', '2026-05-10')).toEqual([
      ['2026-05-03', '憲法記念日'],
      ['2026-05-04', 'みどりの日'],
      ['2026-05-05', 'こどもの日'],
      ['2026-05-06', '振替休日'],
    ]);
    expect(await closedIn('2026-09-01', '2026-09-30')).toEqual([
      ['2026-09-21', '敬老の日'],
      ['2026-09-22', '国民の休日'],
      ['2026-09-23', '秋分の日'],
    ]);
    expect(await closedIn('2026-03-01', '2026-03-31')).toEqual([['2026-03-20', '春分の日']]);
  });

  it("names the 2027 holidays and the shop's 年末年始", async () => {
    expect(await closedIn('2027-03-01', '2027-03-31')).toEqual([
      ['2027-03-21', '春分の日'],
      ['2027-03-22', '振替休日'],
    ]);
    expect(await closedIn('2027-09-01', '2027-09-30')).toEqual([
      ['2027-09-20', '敬老の日'],
      ['2027-09-23', '秋分の日'],
    ]);
    expect(await closedIn('2026-12-28', '2027-01-12')).toEqual([
      ['2026-12-29', '年末年始休業'],
      ['2026-12-30', '年末年始休業'],
      ['2026-12-31', '年末年始休業'],
      ['2027-01-01', '元日'],
      ['2027-01-02', '年末年始休業'],
      ['2027-01-03', '年末年始休業'],
      ['2027-01-11', '成人の日'],
    ]);
  });

  it('groups by month, weekends closed as 定休日, and defaults to this month and the next', async () => {
    const { body } = await calendar('?startDate=2026-11-20&endDate=2026-12-05');
    const cal = businessCalendarSchema.parse(body);
    expect(cal.months.map((m) => [m.year, m.month, m.dates.length])).toEqual([
      [2026, 11, 11],
      [2026, 12, 5],
    ]);
    expect(cal.months[0].dates.find((d) => d.date === '2026-11-21')).toEqual({
      date: '2026-11-21',
      day_of_week: 6,
      is_holiday: true,
      name: '定休日',
    });
    expect(cal.months[0].dates.find((d) => d.date === '2026-11-24')).toEqual({
      date: '2026-11-24',
      day_of_week: 2,
      is_holiday: false,
      name: null,
    });
    const plain = businessCalendarSchema.parse((await calendar('')).body);
    expect(plain.months).toHaveLength(2);
    expect(plain.start_date).toBe(`${jstDate(new Date()).slice(0, 7)}-01`);
  });

  it('refuses wrong dates and ranges in Japanese', async () => {
    expect((await calendar('?startDate=2026-12-01&endDate=2026-11-01')).body.errors.endDate).toEqual([
      '参照終了日は参照開始日より大きです。',
    ]);
    expect((await calendar('?startDate=2026-01-01&endDate=2027-06-01')).body.errors.endDate).toEqual([
      '参照期間は366日以内で指定してください',
    ]);
    const bad = await calendar('?startDate=2026-13-01');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.startDate).toEqual(['参照開始日は正しい日付ではありません']);
    expect((await calendar('?startDate=2019-01-01&endDate=2019-02-01')).body.errors.startDate).toEqual([
      '参照開始日は2022年から2099年までの日付を指定してください',
    ]);
  });

  it('extends itself: days missing from the table are filled from the rules when asked for, shop edits kept', async () => {
    const db = shop.database.db;
    await db.delete(business_dates).where(gte(business_dates.date, '2028-01-01'));
    await db.insert(business_dates).values({ date: '2028-02-14', is_holiday: true, name: '棚卸し' });
    expect(await closedIn('2028-02-01', '2028-02-29')).toEqual([
      ['2028-02-11', '建国記念の日'],
      ['2028-02-14', '棚卸し'],
      ['2028-02-23', '天皇誕生日'],
    ]);
    const [{ n }] = await db
      .select({ n: count() })
      .from(business_dates)
      .where(between(business_dates.date, '2028-02-01', '2028-02-29'));
    expect(n).toBe(29);
  });
});

describe('delivery lead time', () => {
  const at = (iso: string) => new Date(iso);

  it('starts a business day later from the 12:00 cut-off (Japan time)', async () => {
    const db = shop.database.db;
    // Tuesday 2026-12-01: 11:59 ships Thursday 12/3 and arrives 12/4; 12:00 ships Friday and arrives 12/5.
    const before = await deliveryChoices(db, {
      channelId: 'default',
      productIds: [],
      prefecture: '東京都',
      now: at('2026-12-01T02:59:00Z'),
    });
    const after = await deliveryChoices(db, {
      channelId: 'default',
      productIds: [],
      prefecture: '東京都',
      now: at('2026-12-01T03:00:00Z'),
    });
    expect(before.earliest).toBe('2026-12-04');
    expect(after.earliest).toBe('2026-12-05');
    expect(before.dates).toHaveLength(14);
    expect(before.timezones.map((t) => t.label)).toEqual(['午前中', '14時〜16時', '16時〜18時', '18時〜20時', '19時〜21時']);
  });

  it("adds transit days for 北海道 and 沖縄県, and the slowest product's lead days", async () => {
    const db = shop.database.db;
    const now = at('2026-12-01T00:00:00Z');
    const to = (prefecture: string | null, productIds: number[] = []) =>
      deliveryChoices(db, { channelId: 'default', productIds, prefecture, now });
    expect((await to('東京都')).earliest).toBe('2026-12-04');
    expect((await to('北海道')).earliest).toBe('2026-12-05');
    expect((await to('沖縄県')).earliest).toBe('2026-12-06');
    expect((await to(null)).earliest).toBe('2026-12-04');
    const pick = productPicker(shop);
    const [quick, slow] = [await pick(), await pick()];
    await db.update(products).set({ lead_days: 3 }).where(eq(products.id, slow));
    // Three more business days: ships Tuesday 12/8 instead of Thursday 12/3.
    expect((await to('東京都', [quick, slow])).earliest).toBe('2026-12-09');
  });
});
