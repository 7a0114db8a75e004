/** The memorial reminder e-mail (plain-text Japanese, pure). */

import { formatDay, formatDayWithWeekday } from '#contracts/dates.ts';
import type { Ymd } from './dates.ts';

export interface MemorialReminderMail {
  siteName: string;
  /** The member, as 「… 様」 addresses them. */
  memberName: string;
  /** Whose day it is (target_user_name). */
  targetName: string;
  division: number;
  /** 記念日名. */
  name: string;
  /** The day as stored (2月29日 stays 2月29日). */
  month: number;
  date: number;
  /** The day it falls on this time (2月28日 for 2月29日 in a non-leap year). */
  occurs: Ymd;
  daysLeft: number;
  shopUrl: string;
  memorialUrl: string;
}

/** 「お誕生日」, 「結婚記念日」, else the day's own name. */
const occasion = (m: Pick<MemorialReminderMail, 'division' | 'name'>) =>
  m.division === 1 ? 'お誕生日' : m.division === 2 ? '結婚記念日' : m.name;

/** "2026-05-15" of a Ymd, for the shared date helpers. */
const isoDay = (d: Ymd) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.date).padStart(2, '0')}`;

export function memorialReminderText(m: MemorialReminderMail): { subject: string; body: string } {
  const what = occasion(m);
  const moved = m.occurs.month !== m.month || m.occurs.date !== m.date;
  return {
    subject: `【${m.siteName}】${m.targetName}様の${what}まであと${m.daysLeft}日です`,
    body: [
      `${m.memberName} 様`,
      '',
      `いつも${m.siteName}をご利用いただき、誠にありがとうございます。`,
      `ご登録いただいた記念日が近づいてまいりました。${m.targetName}様の${what}まであと${m.daysLeft}日です。`,
      '',
      `お名前：${m.targetName} 様`,
      `記念日名：${m.name}`,
      `日付：${formatDayWithWeekday(isoDay(m.occurs))}`,
      ...(moved ? [`（${m.month}月${m.date}日の記念日です。今年は${formatDay(isoDay(m.occurs))}としてお知らせしています）`] : []),
      '',
      '大切な方への贈り物は、ぜひお早めにお選びください。',
      m.shopUrl,
      '',
      '記念日の変更やお知らせメールの停止は、マイページの「記念日」から行えます。',
      m.memorialUrl,
      '',
      '本メールは送信専用です。ご不明な点はお問い合わせフォームよりご連絡ください。',
      '',
      m.siteName,
    ].join('\n'),
  };
}
