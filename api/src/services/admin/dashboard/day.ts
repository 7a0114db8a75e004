/**
 * The dashboard's clock and words (pure): the Japan day the lists are for and its boundaries, and
 * the Japanese line naming what is wrong with an order whose payment needs a person.
 */

import { jstDate } from '../../delivery/calendar.ts';
import { addDays } from '../../delivery/holidays.ts';

export interface DayFrame {
  /** Today in Japan, YYYY-MM-DD. */
  today: string;
  /** Midnight starting today in Japan, and six days before it (the 7 days' cancellations). */
  todayStart: Date;
  weekStart: Date;
  /** Today's cut-off (ORDER.SHIPPING.CUTOFF_HOUR, Japan time): an undated order placed before it ships today. */
  cutoffAt: Date;
}

/** The instant a Japan date starts. */
export const jstMidnight = (ymd: string) => new Date(Date.parse(`${ymd}T00:00:00+09:00`));

export function dayFrame(now: Date, cutoffHour: number): DayFrame {
  const today = jstDate(now);
  const todayStart = jstMidnight(today);
  return {
    today,
    todayStart,
    weekStart: jstMidnight(addDays(today, -6)),
    cutoffAt: new Date(todayStart.getTime() + cutoffHour * 3_600_000),
  };
}

/** What needs a person on an order whose payment went wrong, from the order's and the transaction's states. */
export function paymentIssue(o: {
  status: string;
  payment_status: string;
  void_pending: boolean;
  transaction_status: string | null;
}): string {
  const t = o.transaction_status;
  if (t === 'void_failed') return 'カード与信の取消に失敗しました';
  if (t === 'refund_failed') return 'カードの返金に失敗しました';
  if (t === 'capture_failed') return 'カードの売上確定に失敗しました';
  if (t?.endsWith('_failed')) return `決済代行会社での処理に失敗しました（${t}）`;
  if (t) return `決済代行会社での処理が完了していません（${t}）`;
  if (o.status === 'cancelled' && o.void_pending) return 'キャンセル済みですが、カード与信の取消が完了していません';
  if (o.payment_status === 'fraud_suspected') return '不正利用の疑いがあります（発送を保留してください）';
  if (o.payment_status === 'failed') return '決済に失敗しています';
  return '決済の状態を確認してください';
}
