/** When a failed mail is tried again, and how its failure is recorded (pure). */

/** First retry after 30 s, then doubling, never more than an hour apart. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;

/** Wait before the next attempt, after `attempts` failed ones (1 = the first failure). */
export function retryDelayMs(attempts: number, baseMs = RETRY_BASE_MS, maxMs = RETRY_MAX_MS): number {
  const n = Math.max(1, Math.floor(attempts));
  // 2 ** 40 already exceeds any cap; stop there so the number stays finite.
  return Math.min(maxMs, baseMs * 2 ** Math.min(n - 1, 40));
}

/** One line for outbox_emails.last_error: the SMTP reply or the error's code and message, at most 500 characters. */
export function shortError(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown; response?: unknown; responseCode?: unknown } | null;
  let text: string;
  if (e && typeof e.response === 'string' && e.response) text = e.response;
  else if (e && typeof e.message === 'string' && e.message) text = e.message;
  else text = String(error);
  const code = e && typeof e.code === 'string' && !text.includes(e.code) ? `${e.code}: ` : '';
  const line = `${code}${text}`.replace(/\s+/g, ' ').trim();
  return line.length > 500 ? `${line.slice(0, 499)}…` : line || 'unknown error';
}
