/**
 * Memorial reminder e-mails: a member who ticked 「お知らせメール」 (`call`) on a memorial day is mailed
 * MEMORIAL_REMINDER_DAYS days before it, once a year. Run hourly by the maintenance timers
 * (services/product-requests/restock-watcher.ts).
 *
 * A day is due while its next occurrence is 1 to MEMORIAL_REMINDER_DAYS days away (Japan time) and
 * `reminded_for_year` is older than that occurrence's year. A window rather than the exact day, so a
 * day registered (or switched on) late, or a sweep missed while the shop was down, is still reminded,
 * with the days actually left. Each day's memorials are marked and their mails queued in one
 * transaction: the UPDATE … RETURNING picks a memorial once even when several processes sweep at
 * once (a second UPDATE waits for the first's row locks and then finds the year set).
 */
import { and, eq, inArray, isNull, lt, ne, not, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { user_memorials, users } from '../../db/schema/index.ts';
import { memberName } from '../account/common.ts';
import { MAIL_ERROR_LIMIT } from '../auth/index.ts';
import { queueMail, siteName } from '../mail/index.ts';
import { type DueDay, dueDays, occurrenceIn, tokyoToday } from './dates.ts';
import { memorialReminderText } from './mail.ts';

/** Where the member edits memorial days and turns reminders off (the storefront's /mypage/memorial/). */
const MEMORIAL_PATH = '/mypage/memorial/';

export interface ReminderOptions {
  siteUrl: string;
  /** MEMORIAL_REMINDER_DAYS; 0 sends nothing. */
  daysBefore: number;
  now?: Date;
  warn?: (m: string) => void;
}

/** Members a reminder may go to: not withdrawn, not a guest, with an address that has not bounced too often. */
const mailableMembers = (tx: Tx) =>
  tx
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.deleted_at), not(users.is_guest), ne(users.email, ''), lt(users.mail_error_count, MAIL_ERROR_LIMIT)));

/** Marks the memorials of one coming day as reminded for its year and queues their mails; returns how many. */
async function remindDay(tx: Tx, day: DueDay, siteUrl: string): Promise<number> {
  const picked = await tx
    .update(user_memorials)
    .set({ reminded_for_year: day.year })
    .where(
      and(
        eq(user_memorials.call, true),
        eq(user_memorials.month, day.month),
        eq(user_memorials.date, day.date),
        or(isNull(user_memorials.reminded_for_year), lt(user_memorials.reminded_for_year, day.year)),
        inArray(user_memorials.user_id, mailableMembers(tx)),
      ),
    )
    .returning();
  if (picked.length === 0) return 0;
  const members = new Map(
    (
      await tx
        .select()
        .from(users)
        .where(inArray(users.id, [...new Set(picked.map((m) => m.user_id))]))
    ).map((u) => [u.id, u]),
  );
  const names = new Map<string, string>();
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  for (const m of picked) {
    const u = members.get(m.user_id)!;
    if (!names.has(u.channel_id)) names.set(u.channel_id, await siteName(tx, u.channel_id, 'オンラインショップ'));
    const { subject, body } = memorialReminderText({
      siteName: names.get(u.channel_id)!,
      memberName: memberName(u),
      targetName: m.target_user_name,
      division: m.division_ct,
      name: m.name,
      month: m.month,
      date: m.date,
      occurs: occurrenceIn(day.year, m.month, m.date),
      daysLeft: day.daysLeft,
      shopUrl: base,
      memorialUrl: new URL(MEMORIAL_PATH, base).toString(),
    });
    await queueMail(tx, { channelId: u.channel_id, to: u.email, template: 'memorial_reminder', subject, body });
  }
  return picked.length;
}

/**
 * Mails every memorial day coming up within `daysBefore` days that has not been reminded for that
 * year; returns how many mails were queued. A day whose mailing fails is left for the next sweep.
 */
export async function remindMemorials(db: Db, options: ReminderOptions): Promise<number> {
  if (options.daysBefore <= 0) return 0;
  let queued = 0;
  for (const day of dueDays(tokyoToday(options.now ?? new Date()), options.daysBefore)) {
    try {
      queued += await db.transaction((tx) => remindDay(tx, day, options.siteUrl));
    } catch (error) {
      options.warn?.(`[memorial] ${day.month}/${day.date}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return queued;
}
