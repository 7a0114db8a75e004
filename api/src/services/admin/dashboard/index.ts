/**
 * The day's work at a glance (GET /admin/v1/dashboard): the channel's delivery rules and the next
 * business day, then each list (orders.ts, problems.ts, stock-mail.ts), one statement each, run side
 * by side. Eight statements in all, whatever the number of orders.
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { type Dashboard, LOW_STOCK } from '#contracts/admin-dashboard.ts';
import type { Db } from '../../../db/client.ts';
import { business_dates } from '../../../db/schema/index.ts';
import { defaultBusinessDate } from '../../delivery/calendar.ts';
import { addDays } from '../../delivery/holidays.ts';
import { deliverySettings } from '../../delivery/settings.ts';
import { dayFrame } from './day.ts';
import { awaitingPayment, toShip } from './orders.ts';
import { cancellations, paymentProblems } from './problems.ts';
import { failingMails, stockLists } from './stock-mail.ts';

/**
 * The first business day after `today` within a month (start-up keeps the calendar a year ahead);
 * without rows there, the calendar's defaults (weekends, holidays and 年末年始 closed).
 */
async function nextOpenDay(db: Db, today: string): Promise<string> {
  const [row] = await db
    .select({ date: business_dates.date })
    .from(business_dates)
    .where(and(gt(business_dates.date, today), lte(business_dates.date, addDays(today, 31)), eq(business_dates.is_holiday, false)))
    .orderBy(asc(business_dates.date))
    .limit(1);
  if (row) return row.date;
  let day = addDays(today, 1);
  while (defaultBusinessDate(day).is_holiday) day = addDays(day, 1);
  return day;
}

export async function dashboardOf(db: Db, channelId: string, now = new Date()): Promise<Dashboard> {
  const settings = await deliverySettings(db, channelId);
  const day = dayFrame(now, settings.cutoffHour);
  const nextOpen = await nextOpenDay(db, day.today);
  const [ship, payment, cancelled, problems, stock, mails] = await Promise.all([
    toShip(db, channelId, day, { transitDays: settings.transitDays, cutoffHour: settings.cutoffHour, nextOpenDay: nextOpen }),
    awaitingPayment(db, channelId, day),
    cancellations(db, channelId, day),
    paymentProblems(db, channelId),
    stockLists(db, channelId),
    failingMails(db, channelId),
  ]);
  return {
    today: day.today,
    generated_at: now.toISOString(),
    to_ship: ship,
    awaiting_payment: payment,
    cancellations: { ...cancelled, needs_attention: problems.cancelled },
    payments_failed: problems.live,
    out_of_stock: stock.out,
    low_stock: { ...stock.low, threshold: LOW_STOCK },
    failing_mails: mails,
  };
}
