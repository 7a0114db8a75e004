/** GET /v1/business-dates/monthly/calendar/front: the shop calendar of a range, grouped by month. */

import { type BusinessCalendar, type BusinessCalendarQuery, CALENDAR_MAX_DAYS } from '#contracts/delivery.ts';
import { messages } from '#contracts/messages.ts';
import type { Db } from '../../db/client.ts';
import { validationFailed } from '../../lib/errors.ts';
import { addMonths, calendarRange, jstDate } from './calendar.ts';
import { addDays, parseYmd, weekday } from './holidays.ts';

const monthStart = (d: string) => `${d.slice(0, 7)}-01`;

/** The range asked for, with the defaults: from the first of the current month (Japan) to the end of the next. */
export function calendarBounds(q: BusinessCalendarQuery, now = new Date()): { start: string; end: string } {
  const start = q.startDate ?? monthStart(q.endDate ?? jstDate(now));
  const end = q.endDate ?? addDays(addMonths(monthStart(start), 2), -1);
  if (end < start) throw validationFailed({ endDate: [messages.minDate()] });
  if ((parseYmd(end).getTime() - parseYmd(start).getTime()) / 86_400_000 >= CALENDAR_MAX_DAYS) {
    throw validationFailed({ endDate: [`参照期間は${CALENDAR_MAX_DAYS}日以内で指定してください`] });
  }
  return { start, end };
}

/** The calendar of the range (filled from the rules where the table has no row yet). */
export async function businessCalendar(db: Db, q: BusinessCalendarQuery, now = new Date()): Promise<BusinessCalendar> {
  const { start, end } = calendarBounds(q, now);
  const rows = await calendarRange(db, start, end);
  const months: BusinessCalendar['months'] = [];
  for (const r of rows) {
    const [y, m] = [Number(r.date.slice(0, 4)), Number(r.date.slice(5, 7))];
    let month = months[months.length - 1];
    if (!month || month.year !== y || month.month !== m) months.push((month = { year: y, month: m, dates: [] }));
    month.dates.push({ date: r.date, day_of_week: weekday(r.date), is_holiday: r.is_holiday, name: r.name });
  }
  return { start_date: start, end_date: end, months };
}
